/**
 * SMS codes (identity issue, item 2; hardened by decision 014): six digits from a CSPRNG, stored
 * only as a hash, valid 5 minutes, single use. Every limit is counted per client (clientKey) as
 * well as per phone, so a stranger cannot void or use up someone else's codes:
 *
 * - Wrong tries: a client that made 5 wrong tries at a code is locked out of that code (even the
 *   right code fails for it); the code keeps working for everyone else until all clients
 *   together made 20 wrong tries at it.
 * - A code is checked against every live code of the phone for the purpose (unused, unexpired,
 *   under the ceiling), so a stranger's send does not replace the owner's pending code; a wrong
 *   try counts against each of them, a right one consumes its code and ends the others.
 * - Sends: one per phone and client per 30 s (as long as the send-code button counts down,
 *   decision 010) and 5 per phone and client per hour, at most 10 per phone from all clients and
 *   20 per client across phones per hour. Codes others ask to be sent to a phone (administrator
 *   applications) are counted apart from its owner's own.
 *
 * Whether the phone has an account is never looked at here, so the answer is the same either way.
 * Races are settled in SQL: a send holds transaction-scoped advisory locks on its client and its
 * phone while it counts and stores; a check locks the phone's live codes (FOR UPDATE, by id)
 * before it reads its client's tries and counts or consumes.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { clientKey } from '#lib/platform/client-address.server.ts';
import { and, count, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import { appError, type AppError } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';
import {
  maskPhone,
  SMS_CODE_TTL_MS,
  SMS_MAX_PER_CLIENT_PER_HOUR,
  SMS_MAX_PER_PHONE_AND_CLIENT_PER_HOUR,
  SMS_MAX_PER_PHONE_PER_HOUR,
  SMS_MAX_WRONG_PER_CLIENT,
  SMS_MAX_WRONG_PER_CODE,
  SMS_RESEND_INTERVAL_MS,
} from './login.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { LockClass, lockForTransaction } from '#lib/platform/db/locks.server.ts';
import { smsCodeTries, smsCodes } from '#lib/platform/db/schema.ts';
import { serverSecret } from '#lib/platform/secrets.server.ts';
import {
  SmsRefusedError,
  smsProvider,
  type SmsMessage,
  type SmsProvider,
} from './sms/index.server.ts';

/**
 * What a code is for: logging in (the send-code call's `type` 2), binding a phone to a
 * messaging-app account, or a shop owner authorising one applicant as administrator of one shop
 * (`admin:{shopId}:{userId}`; the code goes to the owner's phone), or a shop keeper confirming
 * they leave a shop (`unbind:{shopId}`; to their own phone), or a keeper binding a bank card
 * (`card:{userId}`; to the phone the bank holds for the card). A code is only good for its purpose.
 */
export type SmsPurpose =
  'login' | 'bind' | `admin:${string}` | `unbind:${string}` | `card:${string}`;
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

/** The signature of a code sent for no shop in particular. */
export const DEFAULT_SMS_SIGNATURE = '小店';

/**
 * The message carrying a code, signed 【shop name】 with the shop it is sent for (the platform's
 * own signature without one); the code is its only run of six digits.
 */
export function codeText(
  code: string,
  purpose: SmsPurpose = 'login',
  signature: string = DEFAULT_SMS_SIGNATURE,
): string {
  // A signature is a name: no brackets or digits of its own may confuse the message.
  const sign = `【${signature.replace(/[【】\d\s]/g, '').slice(0, 16) || DEFAULT_SMS_SIGNATURE}】`;
  if (purpose === 'bind')
    return `${sign}您正在绑定手机号，验证码是${code}，5分钟内有效，请勿泄露。`;
  if (purpose.startsWith('unbind:'))
    return `${sign}您正在解除与店铺的店主绑定，验证码是${code}，5分钟内有效。如非本人操作，请勿泄露。`;
  if (purpose.startsWith('card:'))
    return `${sign}您正在绑定银行卡用于店主提现，验证码是${code}，5分钟内有效。如非本人操作，请勿泄露。`;
  if (purpose.startsWith('admin:'))
    return `${sign}有人申请成为您店铺的管理员，授权验证码是${code}，5分钟内有效。如非您本人同意，请勿告知他人。`;
  return `${sign}您的登录验证码是${code}，5分钟内有效，请勿泄露。`;
}

/** What the provider is told a code is for (the shop and applicant stay out of the message). */
export function messagePurpose(purpose: SmsPurpose): SmsMessage['purpose'] {
  if (purpose === 'login' || purpose === 'bind') return purpose;
  if (purpose.startsWith('card:')) return 'card';
  return purpose.startsWith('admin:') ? 'admin' : 'unbind';
}

function tooMany(): AppError {
  return appError(Errors.CODE_TOO_FREQUENT);
}

export interface IssueCode {
  phone: string;
  purpose?: SmsPurpose;
  /** The requesting client's address (requestClientAddress); null when unknown. */
  clientIp: string | null;
  /**
   * The browser has logged in with this phone before (known-phones.server.ts): the phone-wide
   * ceiling, which strangers can spend, does not hold it back; its per-client limits do.
   */
  knownPhone?: boolean;
  /** The name of the shop the code is sent for, which signs the message; else the platform's. */
  signature?: string | null;
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
  const { phone } = input;
  const client = clientKey(input.clientIp);
  const code = newCode();
  const key = await serverSecret(db, SMS_HASH_SECRET);

  // Opportunistic, idempotent clean-up, outside the locks so sends never wait on it.
  await db.delete(smsCodes).where(lt(smsCodes.expiresAt, new Date(now.getTime() - PURGE_AFTER_MS)));

  const id = await db.transaction(async (tx) => {
    // Client first, then phone: every send takes them in this order, so no two wait on each other.
    await lockForTransaction(tx, LockClass.smsClient, client);
    await lockForTransaction(tx, LockClass.smsPhone, phone);
    const hourAgo = new Date(now.getTime() - HOUR_MS);
    // Codes others ask to be sent to this phone (an administrator application reaching the shop
    // owner) have limits of their own, so they can never use up the owner's own login codes.
    const sameClass = purpose.startsWith('admin:')
      ? sql`${smsCodes.purpose} like 'admin:%'`
      : sql`${smsCodes.purpose} not like 'admin:%'`;
    const byThisClient = sql`${smsCodes.clientIp} = ${client}`;
    const [byPhone] = await tx
      .select({
        sent: count(),
        sentByClient: sql<number>`count(*) filter (where ${byThisClient})`.mapWith(Number),
        lastByClient:
          sql<Date | null>`max(${smsCodes.createdAt}) filter (where ${byThisClient})`.mapWith(
            smsCodes.createdAt,
          ),
      })
      .from(smsCodes)
      .where(and(eq(smsCodes.phone, phone), gt(smsCodes.createdAt, hourAgo), sameClass));
    // The interval and the hourly cap of a phone count this client's sends only, so a stranger's
    // sends never hold up the owner's; the phone-wide ceiling bounds what all clients together send.
    const last = byPhone?.lastByClient;
    if (last && now.getTime() - last.getTime() < SMS_RESEND_INTERVAL_MS) throw tooMany();
    if ((byPhone?.sentByClient ?? 0) >= SMS_MAX_PER_PHONE_AND_CLIENT_PER_HOUR) throw tooMany();
    if (!input.knownPhone && (byPhone?.sent ?? 0) >= SMS_MAX_PER_PHONE_PER_HOUR) throw tooMany();
    const [byClient] = await tx
      .select({ sent: count() })
      .from(smsCodes)
      .where(and(byThisClient, gt(smsCodes.createdAt, hourAgo)));
    if ((byClient?.sent ?? 0) >= SMS_MAX_PER_CLIENT_PER_HOUR) throw tooMany();
    const [row] = await tx
      .insert(smsCodes)
      .values({
        phone,
        purpose,
        codeHash: hashCode(phone, code, purpose, key),
        clientIp: client,
        expiresAt: new Date(now.getTime() + SMS_CODE_TTL_MS),
        createdAt: now,
      })
      .returning({ id: smsCodes.id });
    return row!.id;
  });

  // Sent after the commit, never inside the transaction: the locks are not held across a call to
  // the vendor, and a demo's sandbox writes its outbox through the same (PGlite: single) database.
  try {
    await provider.send({
      phone,
      code,
      purpose: messagePurpose(purpose),
      text: codeText(code, purpose, input.signature ?? undefined),
      ...(input.signature ? { signature: input.signature } : {}),
    });
  } catch (error) {
    // Not sent: the code must neither work nor count against the shopper's limits.
    await db.delete(smsCodes).where(eq(smsCodes.id, id));
    if (error instanceof SmsRefusedError) {
      console.error(
        `[sms] ${error.vendor} refused the send to ${maskPhone(phone)}: ${error.vendorCode} ${error.message}`,
      );
    } else {
      console.error(`[sms] the send to ${maskPhone(phone)} failed: ${faultLine(error)}`);
    }
    throw appError(Errors.SMS_SEND_FAILED);
  }
}

/**
 * A failure on one line: its innermost cause's code and message (fetch's TypeError wraps the
 * socket's error). As platform's describeFault, which this module cannot import (a cycle).
 */
function faultLine(error: unknown): string {
  let current = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
  while (current?.cause && typeof current.cause === 'object') current = current.cause as never;
  return [current?.code, current?.message].filter(Boolean).join(' ') || String(error);
}

export interface CheckCode {
  phone: string;
  code: string;
  purpose?: SmsPurpose;
  /** The checking client's address (requestClientAddress); null when unknown. */
  clientIp: string | null;
  /** The browser has logged in with this phone before: the all-clients ceiling of wrong tries does not void a code for it. */
  knownPhone?: boolean;
  now?: Date;
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Checks a code against the phone's live codes for the purpose (unused, unexpired, under 20 wrong
 * tries from all clients) that this client is not locked out of (under 5 wrong tries of its own).
 * A match consumes that code and ends the phone's other live codes for the purpose; a mismatch
 * counts a wrong try, for this client and in total, at each of them. A client locked out of every
 * live code is refused without counting anything. True when the code was right and is now used.
 *
 * The live codes are locked (FOR UPDATE, lowest id first) before this client's tries are read, so
 * concurrent checks of one phone take turns and no count passes its limit.
 */
export async function consumeCode(db: DbOrTx, input: CheckCode): Promise<boolean> {
  const now = input.now ?? new Date();
  const purpose = input.purpose ?? 'login';
  const client = clientKey(input.clientIp);
  const hash = hashCode(input.phone, input.code, purpose, await serverSecret(db, SMS_HASH_SECRET));
  return db.transaction(async (tx) => {
    const live = await tx
      .select({ id: smsCodes.id, codeHash: smsCodes.codeHash })
      .from(smsCodes)
      .where(
        and(
          eq(smsCodes.phone, input.phone),
          eq(smsCodes.purpose, purpose),
          isNull(smsCodes.consumedAt),
          gt(smsCodes.expiresAt, now),
          input.knownPhone ? undefined : lt(smsCodes.attempts, SMS_MAX_WRONG_PER_CODE),
        ),
      )
      .orderBy(smsCodes.id)
      .for('update');
    if (live.length === 0) return false;
    // Read only now, under the locks: a concurrent check of this client has committed its count.
    const tries = await tx
      .select({ codeId: smsCodeTries.codeId, wrong: smsCodeTries.wrong })
      .from(smsCodeTries)
      .where(
        and(
          eq(smsCodeTries.client, client),
          inArray(
            smsCodeTries.codeId,
            live.map((row) => row.id),
          ),
        ),
      );
    const wrongSoFar = new Map(tries.map((row) => [row.codeId, row.wrong]));
    const open = live.filter((row) => (wrongSoFar.get(row.id) ?? 0) < SMS_MAX_WRONG_PER_CLIENT);
    if (open.length === 0) return false;

    const match = open.find((row) => sameHash(row.codeHash, hash));
    if (match) {
      await tx.update(smsCodes).set({ consumedAt: now }).where(eq(smsCodes.id, match.id));
      // Logged in (or bound, or authorised): the phone's other pending codes for it end here.
      await tx
        .update(smsCodes)
        .set({ expiresAt: now })
        .where(
          and(
            inArray(
              smsCodes.id,
              live.map((row) => row.id),
            ),
            ne(smsCodes.id, match.id),
          ),
        );
      return true;
    }
    const ids = open.map((row) => row.id);
    await tx
      .update(smsCodes)
      .set({ attempts: sql`${smsCodes.attempts} + 1` })
      .where(inArray(smsCodes.id, ids));
    await tx
      .insert(smsCodeTries)
      .values(ids.map((codeId) => ({ codeId, client, wrong: 1 })))
      .onConflictDoUpdate({
        target: [smsCodeTries.codeId, smsCodeTries.client],
        set: { wrong: sql`${smsCodeTries.wrong} + 1` },
      });
    return false;
  });
}
