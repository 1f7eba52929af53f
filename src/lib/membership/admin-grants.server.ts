/**
 * The QR-code consent to an administrator (identity issue, item 6; shell §7 bind/qrCode).
 *
 * The applicant's page asks for a grant with a six-digit check code it made up and shows; the
 * server keeps a one-time grant (the SHA-256 of a random 32-byte token, the shop, the applicant,
 * the check code, 10 minutes) and answers a QR code of the owner's link
 * `/applyForAdmin?shopId=…&grant=<token>`. The shop's owner opens it, sees the applicant and the
 * same check code, and approves (the applicant becomes administrator and manager, exactly as with
 * the SMS code) or rejects (the grant is deleted). One open grant per applicant and shop: a new
 * request replaces the old one.
 *
 * Races are settled in SQL: approval is one conditional UPDATE … WHERE consumed_at IS NULL AND
 * expires_at > now AND the shop is the approver's … RETURNING, in the same transaction as the
 * membership change, so a grant makes at most one administrator however many approve at once.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import { ADMIN_GRANT_TTL_MS, USER_VERIFY_CODE } from './admin-grant.ts';
import { appError, type AppError } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';
import { buildLink } from '#lib/platform/links.ts';
import { maskPhone } from '#lib/identity/index.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { adminGrants, shops, users } from '#lib/platform/db/schema.ts';
import { makeAdministrator, requireAdminApplicant } from './membership.server.ts';

/** Grants that expired longer ago than this are deleted when a new one is made. */
const PURGE_AFTER_MS = 86_400_000;

/** The QR code as the poster draws it (orderPosterEnv): paths only, safe to inline. */
export const GRANT_QR_OPTIONS = {
  type: 'svg',
  margin: 1,
  errorCorrectionLevel: 'M',
  color: { dark: '#000000', light: '#ffffff' },
} as const;

export function hashGrantToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The absolute link the owner opens: the application page carrying the grant. */
export function grantUrl(origin: string, shopId: string, token: string): string {
  const path = buildLink(
    { name: 'applyForAdmin', query: { shopId, grant: token } },
    { query: new URLSearchParams(), defaultShopId: shopId },
  );
  return new URL(path, origin).toString();
}

export interface CreatedGrant {
  qrSvg: string;
  url: string;
  /** ISO 8601. */
  expiresAt: string;
}

function invalid(): AppError {
  return appError(Errors.ADMIN_GRANT_INVALID);
}

/**
 * bind/qrCode: a new grant for this applicant in this shop (replacing an open one), and the QR
 * code of its link. Refused to whoever may not apply (an administrator, the owner, anybody in a
 * shop without an owner).
 */
export async function createAdminGrant(
  db: DbOrTx,
  input: { shopId: string; userId: number; userVerifyCode: string; origin: string },
  now = new Date(),
): Promise<CreatedGrant> {
  if (!USER_VERIFY_CODE.test(input.userVerifyCode)) {
    throw appError(Errors.USER_VERIFY_CODE_FORMAT);
  }
  await requireAdminApplicant(db, input.shopId, input.userId);

  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + ADMIN_GRANT_TTL_MS);
  const values = {
    tokenHash: hashGrantToken(token),
    userVerifyCode: input.userVerifyCode,
    expiresAt,
    createdAt: now,
  };
  await db.transaction(async (tx) => {
    await tx
      .delete(adminGrants)
      .where(lt(adminGrants.expiresAt, new Date(now.getTime() - PURGE_AFTER_MS)));
    // The open grant of this applicant and shop (partial unique index) is replaced in place.
    await tx
      .insert(adminGrants)
      .values({ ...values, shopId: input.shopId, userId: input.userId })
      .onConflictDoUpdate({
        target: [adminGrants.shopId, adminGrants.userId],
        targetWhere: sql`${adminGrants.consumedAt} is null`,
        set: values,
      });
  });
  const url = grantUrl(input.origin, input.shopId, token);
  return {
    qrSvg: await QRCode.toString(url, GRANT_QR_OPTIONS),
    url,
    expiresAt: expiresAt.toISOString(),
  };
}

export type GrantView =
  | { kind: 'invalid' }
  | { kind: 'not-owner' }
  | {
      kind: 'open';
      applicantNickname: string;
      /** Masked. */
      applicantPhone: string;
      userVerifyCode: string;
      expiresAt: Date;
    };

/** The open grant of this shop with that token, or undefined when unknown, used or expired. */
async function openGrant(db: DbOrTx, token: string, shopId: string | null, now: Date) {
  const [grant] = await db
    .select({
      shopId: adminGrants.shopId,
      userId: adminGrants.userId,
      userVerifyCode: adminGrants.userVerifyCode,
      expiresAt: adminGrants.expiresAt,
      ownerUserId: shops.ownerUserId,
    })
    .from(adminGrants)
    .innerJoin(shops, eq(shops.id, adminGrants.shopId))
    .where(
      and(
        eq(adminGrants.tokenHash, hashGrantToken(token)),
        shopId === null ? undefined : eq(adminGrants.shopId, shopId),
        isNull(adminGrants.consumedAt),
        gt(adminGrants.expiresAt, now),
      ),
    );
  return grant;
}

/**
 * What the owner's page shows for a grant link opened in `shopId` by `viewerId`: the applicant
 * and the check code to the shop's owner only; anybody else learns nothing about the applicant.
 */
export async function viewAdminGrant(
  db: DbOrTx,
  input: { token: string; shopId: string; viewerId: number },
  now = new Date(),
): Promise<GrantView> {
  const grant = await openGrant(db, input.token, input.shopId, now);
  if (!grant) return { kind: 'invalid' };
  if (grant.ownerUserId !== input.viewerId) return { kind: 'not-owner' };
  const [applicant] = await db
    .select({ nickname: users.nickname, phone: users.phone })
    .from(users)
    .where(eq(users.id, grant.userId));
  return {
    kind: 'open',
    applicantNickname: applicant?.nickname ?? '',
    applicantPhone: applicant?.phone ? maskPhone(applicant.phone) : '',
    userVerifyCode: grant.userVerifyCode,
    expiresAt: grant.expiresAt,
  };
}

/** Why a grant the approver could not take was refused: not theirs to approve, or no longer open. */
async function refusal(db: DbOrTx, token: string, approverId: number, now: Date): Promise<never> {
  const grant = await openGrant(db, token, null, now);
  if (grant && grant.ownerUserId !== approverId) {
    throw appError(Errors.NOT_SHOP_OWNER);
  }
  throw invalid();
}

/** The grants the approver may decide: open, and of a shop they own. */
function decidable(token: string, approverId: number, now: Date) {
  return and(
    eq(adminGrants.tokenHash, hashGrantToken(token)),
    isNull(adminGrants.consumedAt),
    gt(adminGrants.expiresAt, now),
    inArray(
      adminGrants.shopId,
      sql`(select ${shops.id} from ${shops} where ${shops.ownerUserId} = ${approverId} and ${shops.status} = 1)`,
    ),
  );
}

/**
 * bind/grant: the shop's owner approves. The grant is consumed (once, whoever races) and the
 * applicant becomes administrator and manager of the grant's shop, in one transaction.
 */
export async function approveAdminGrant(
  db: DbOrTx,
  input: { token: string; approverId: number },
  now = new Date(),
): Promise<{ shopId: string; userId: number }> {
  const taken = await db.transaction(async (tx) => {
    const [grant] = await tx
      .update(adminGrants)
      .set({ consumedAt: now })
      .where(decidable(input.token, input.approverId, now))
      .returning({ shopId: adminGrants.shopId, userId: adminGrants.userId });
    if (grant) await makeAdministrator(tx, grant.shopId, grant.userId);
    return grant;
  });
  if (!taken) return refusal(db, input.token, input.approverId, now);
  return taken;
}

/** bind/grant/reject: the shop's owner refuses; the grant is deleted. */
export async function rejectAdminGrant(
  db: DbOrTx,
  input: { token: string; approverId: number },
  now = new Date(),
): Promise<void> {
  const deleted = await db
    .delete(adminGrants)
    .where(decidable(input.token, input.approverId, now))
    .returning({ id: adminGrants.id });
  if (deleted.length === 0) await refusal(db, input.token, input.approverId, now);
}
