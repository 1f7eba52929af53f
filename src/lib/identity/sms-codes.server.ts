/**
 * SMS codes (identity issue, item 2): six digits from a CSPRNG, stored only as a hash, valid
 * 5 minutes, single use, void after 5 wrong tries. At most one send per phone per 30 s (as long
 * as the send-code button counts down, decision 010) and a bounded number per phone and per
 * client address per hour. Whether the phone has an account is never looked at here, so the
 * answer is the same either way.
 *
 * Races are settled in SQL: a send holds transaction-scoped advisory locks on its client address
 * and its phone while it checks the limits and stores the code; a check is one conditional UPDATE
 * that either consumes the code or counts a wrong try, only while the code is still valid.
 */
import { createHmac, randomInt } from 'node:crypto';
import { and, count, eq, gt, lt, max, sql } from 'drizzle-orm';
import { appError, type AppError } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';
import {
  SMS_CODE_TTL_MS,
  SMS_MAX_ATTEMPTS,
  SMS_MAX_PER_CLIENT_PER_HOUR,
  SMS_MAX_PER_PHONE_PER_HOUR,
  SMS_RESEND_INTERVAL_MS,
} from './login.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { LockClass, lockForTransaction } from '#lib/platform/db/locks.server.ts';
import { smsCodes } from '#lib/platform/db/schema.ts';
import { serverSecret } from '#lib/platform/secrets.server.ts';
import { smsProvider, type SmsProvider } from './sms/index.server.ts';

/**
 * What a code is for: logging in (the send-code call's `type` 2), binding a phone to a
 * messaging-app account, or a shop owner authorising one applicant as administrator of one shop
 * (`admin:{shopId}:{userId}`; the code goes to the owner's phone). A code is only good for its
 * purpose.
 */
export type SmsPurpose = 'login' | 'bind' | `admin:${string}`;
export const PURPOSE_BY_TYPE = { 2: 'login' } as const satisfies Record<number, SmsPurpose>;

const HOUR_MS = 3_600_000;
/** Codes that expired longer ago than this are deleted when a new one is sent. */
const PURGE_AFTER_MS = 86_400_000;

/** Six digits, uniformly from the operating system's CSPRNG. */
export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * What is stored instead of the code: an HMAC-SHA256 over purpose, phone and code, keyed by a
 * server secret, so a copy of the table alone cannot be turned back into codes by trying all
 * million of them.
 */
export function hashCode(phone: string, code: string, purpose: SmsPurpose, key: string): string {
  return createHmac('sha256', key).update(`${purpose}\n${phone}\n${code}`).digest('hex');
}

/** The key of the code hashes, shared by every server of the database. */
export const SMS_HASH_SECRET = 'sms-code-hash';

/** The message carrying a code; the code is its only run of six digits. */
export function codeText(code: string, purpose: SmsPurpose = 'login'): string {
  if (purpose === 'bind')
    return `【小店】您正在绑定手机号，验证码是${code}，5分钟内有效，请勿泄露。`;
  if (purpose.startsWith('admin:'))
    return `【小店】有人申请成为您店铺的管理员，授权验证码是${code}，5分钟内有效。如非您本人同意，请勿告知他人。`;
  return `【小店】您的登录验证码是${code}，5分钟内有效，请勿泄露。`;
}

/**
 * The caller's address for the per-client limit. X-Forwarded-For is written by the client unless
 * a proxy we trust appends to it: only then (TRUST_PROXY) its last hop is the client; otherwise
 * the socket's address (which Astro may refuse to tell: then null).
 */
export function clientAddress(
  forwardedFor: string | null,
  socket: () => string,
  trustProxy: boolean,
): string | null {
  const last = trustProxy ? forwardedFor?.split(',').at(-1)?.trim() : undefined;
  if (last && /^[0-9A-Fa-f:.]{2,45}$/.test(last)) return last;
  try {
    const address = socket();
    return address ? address.slice(0, 64) : null;
  } catch {
    return null;
  }
}

function tooMany(): AppError {
  return appError(Errors.CODE_TOO_FREQUENT);
}

export interface IssueCode {
  phone: string;
  purpose?: SmsPurpose;
  clientIp: string | null;
  now?: Date;
}

/**
 * Sends a new code to the phone, or throws 429 when the phone or the client is over its limits.
 * The phone must already be valid (MAINLAND_MOBILE); callers check it with sendCodeProblem.
 */
export async function issueCode(
  db: DbOrTx,
  input: IssueCode,
  provider: SmsProvider = smsProvider(db),
): Promise<void> {
  const now = input.now ?? new Date();
  const purpose = input.purpose ?? 'login';
  const { phone, clientIp } = input;
  const code = newCode();
  const key = await serverSecret(db, SMS_HASH_SECRET);

  // Opportunistic, idempotent clean-up, outside the locks so sends never wait on it.
  await db.delete(smsCodes).where(lt(smsCodes.expiresAt, new Date(now.getTime() - PURGE_AFTER_MS)));

  const id = await db.transaction(async (tx) => {
    // Client first, then phone: every send takes them in this order, so no two wait on each other.
    if (clientIp) await lockForTransaction(tx, LockClass.smsClient, clientIp);
    await lockForTransaction(tx, LockClass.smsPhone, phone);
    const hourAgo = new Date(now.getTime() - HOUR_MS);
    // Codes others ask to be sent to this phone (an administrator application reaching the shop
    // owner) have limits of their own, so they can never use up the owner's own login codes.
    const sameClass = purpose.startsWith('admin:')
      ? sql`${smsCodes.purpose} like 'admin:%'`
      : sql`${smsCodes.purpose} not like 'admin:%'`;
    const [byPhone] = await tx
      .select({ sent: count(), last: max(smsCodes.createdAt) })
      .from(smsCodes)
      .where(and(eq(smsCodes.phone, phone), gt(smsCodes.createdAt, hourAgo), sameClass));
    if (byPhone?.last && now.getTime() - byPhone.last.getTime() < SMS_RESEND_INTERVAL_MS) {
      throw tooMany();
    }
    if ((byPhone?.sent ?? 0) >= SMS_MAX_PER_PHONE_PER_HOUR) throw tooMany();
    if (clientIp) {
      const [byClient] = await tx
        .select({ sent: count() })
        .from(smsCodes)
        .where(and(eq(smsCodes.clientIp, clientIp), gt(smsCodes.createdAt, hourAgo)));
      if ((byClient?.sent ?? 0) >= SMS_MAX_PER_CLIENT_PER_HOUR) throw tooMany();
    }
    const [row] = await tx
      .insert(smsCodes)
      .values({
        phone,
        purpose,
        codeHash: hashCode(phone, code, purpose, key),
        clientIp,
        expiresAt: new Date(now.getTime() + SMS_CODE_TTL_MS),
        createdAt: now,
      })
      .returning({ id: smsCodes.id });
    return row!.id;
  });

  try {
    await provider.send(phone, codeText(code, purpose));
  } catch (error) {
    // Not sent: the code must neither work nor count against the shopper's limits.
    await db.delete(smsCodes).where(eq(smsCodes.id, id));
    throw error;
  }
}

export interface CheckCode {
  phone: string;
  code: string;
  purpose?: SmsPurpose;
  now?: Date;
}

/**
 * Checks a code against the phone's latest code for the purpose, in one conditional UPDATE: a
 * match consumes it, a mismatch counts a wrong try; either only while the code is unused,
 * unexpired and under 5 wrong tries. True when the code was right and is now used up.
 */
export async function consumeCode(db: DbOrTx, input: CheckCode): Promise<boolean> {
  const now = (input.now ?? new Date()).toISOString();
  const purpose = input.purpose ?? 'login';
  const hash = hashCode(input.phone, input.code, purpose, await serverSecret(db, SMS_HASH_SECRET));
  const matches = sql`${smsCodes.codeHash} = ${hash}`;
  const rows = await db
    .update(smsCodes)
    .set({
      consumedAt: sql`case when ${matches} then ${now}::timestamptz else null end`,
      attempts: sql`${smsCodes.attempts} + case when ${matches} then 0 else 1 end`,
    })
    .where(
      and(
        sql`${smsCodes.id} = (
          select latest.id from ${smsCodes} as latest
          where latest.phone = ${input.phone} and latest.purpose = ${purpose}
          order by latest.created_at desc, latest.id desc
          limit 1
        )`,
        sql`${smsCodes.consumedAt} is null`,
        sql`${smsCodes.attempts} < ${SMS_MAX_ATTEMPTS}`,
        sql`${smsCodes.expiresAt} > ${now}::timestamptz`,
      ),
    )
    .returning({ consumed: sql<boolean>`${smsCodes.consumedAt} is not null` });
  return rows[0]?.consumed === true;
}
