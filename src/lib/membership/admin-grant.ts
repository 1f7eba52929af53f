/**
 * The QR-code consent to an administrator (bind/qrCode): the applicant's page shows a QR code of
 * a one-time grant link and a six-digit check code; the shop owner opens the link, sees the same
 * code and approves. Pure rules shared by the page script and the server.
 */

/** A grant is open this long after it was made. */
export const ADMIN_GRANT_TTL_MS = 10 * 60_000;
/** How often the applicant's page asks whether the owner has approved. */
export const ADMIN_GRANT_POLL_MS = 2_000;
/** The check code both screens show. */
export const USER_VERIFY_CODE = /^\d{6}$/;
/** A grant token: 32 random bytes, base64url without padding. */
export const ADMIN_GRANT_TOKEN = /^[A-Za-z0-9_-]{43}$/;

const CODE_SPACE = 1_000_000;
/** The largest multiple of CODE_SPACE below 2^32: draws at or above it are redrawn (no bias). */
const UNBIASED_LIMIT = Math.floor(2 ** 32 / CODE_SPACE) * CODE_SPACE;

/**
 * Six uniformly random digits from the platform's CSPRNG (`crypto.getRandomValues`, in the
 * browser and in Node alike). `fill` is replaceable for tests.
 */
export function newUserVerifyCode(
  fill: (array: Uint32Array<ArrayBuffer>) => Uint32Array = (array) => crypto.getRandomValues(array),
): string {
  const draw = new Uint32Array(1);
  for (;;) {
    const value = fill(draw)[0]!;
    if (value < UNBIASED_LIMIT) return String(value % CODE_SPACE).padStart(6, '0');
  }
}
