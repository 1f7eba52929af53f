/**
 * A browser that has logged in with a phone keeps proof of it (decision 014, "Known browsers"):
 * an httpOnly cookie holding, per phone, an HMAC of the phone keyed by a server secret. It names
 * no phone and cannot be made without the secret. Holding it for a phone lifts that phone's
 * limits on all clients together (the hourly ceiling of sends, the ceiling of wrong tries per
 * code) for this browser only: strangers who spend those ceilings cannot lock the owner out of a
 * browser the owner has used before. Every per-client limit still applies to it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { serverSecret } from '#lib/platform/secrets.server.ts';
import { SMS_HASH_SECRET } from './sms-codes.server.ts';

interface Cookies {
  get(name: string): { value: string } | undefined;
  set(name: string, value: string, options: Record<string, unknown>): void;
}

export const KNOWN_PHONES_COOKIE = 'sms_known';
// The code hashes' key; the proof's input (`known-phone\n{phone}`) never looks like a code's.
const SECRET_NAME = SMS_HASH_SECRET;
/** A shared family tablet logs in with a few phones; more than this and the oldest is dropped. */
const MAX_PHONES = 4;
const KEEP_DAYS = 180;
const PROOF = /^[0-9a-f]{32}$/;

/** The proof for one phone: 128 bits of an HMAC-SHA256. */
export function phoneProof(phone: string, key: string): string {
  return createHmac('sha256', key).update(`known-phone\n${phone}`).digest('hex').slice(0, 32);
}

function proofsIn(cookie: string | undefined): string[] {
  return (cookie ?? '')
    .split('.')
    .filter((part) => PROOF.test(part))
    .slice(0, MAX_PHONES);
}

/** Whether the cookie holds the proof (compared in constant time). */
export function provesPhone(cookie: string | undefined, proof: string): boolean {
  const wanted = Buffer.from(proof, 'hex');
  return proofsIn(cookie).some((part) => timingSafeEqual(Buffer.from(part, 'hex'), wanted));
}

/** The cookie value with the proof first, without duplicates, at most MAX_PHONES. */
export function withProof(cookie: string | undefined, proof: string): string {
  return [proof, ...proofsIn(cookie).filter((part) => part !== proof)]
    .slice(0, MAX_PHONES)
    .join('.');
}

/** Whether this request's browser has logged in with the phone before. */
export async function isKnownPhone(
  db: DbOrTx,
  cookies: Pick<Cookies, 'get'>,
  phone: string,
): Promise<boolean> {
  const cookie = cookies.get(KNOWN_PHONES_COOKIE)?.value;
  if (!cookie) return false;
  return provesPhone(cookie, phoneProof(phone, await serverSecret(db, SECRET_NAME)));
}

/** After a code for the phone was used in this browser: it now proves the phone. */
export async function rememberKnownPhone(
  db: DbOrTx,
  cookies: Cookies,
  phone: string,
  secure: boolean,
): Promise<void> {
  const proof = phoneProof(phone, await serverSecret(db, SECRET_NAME));
  cookies.set(KNOWN_PHONES_COOKIE, withProof(cookies.get(KNOWN_PHONES_COOKIE)?.value, proof), {
    path: '/api/member/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: KEEP_DAYS * 86_400,
  });
}
