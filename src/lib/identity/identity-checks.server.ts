/**
 * The paid identity checks (env IDENTITY_PROVIDER=tencentcloud): faceid's ID two-element check
 * for 实名认证 and its bank-card four-element check for 绑定银行卡. Every call costs money, so
 *  - an answer the vendor charges for is kept under an HMAC of the inputs (the real-name key,
 *    its own domain per kind): the same check is answered from the table, never bought twice;
 *  - each user may start IDENTITY_CHECKS_PER_DAY calls per shop day, counted by one guarded
 *    upsert before the call, so concurrent requests on any number of processes cannot pass it.
 * Inputs never reach a log; a vendor's refusal is logged by its code and request id only.
 */
import { createHash, createHmac } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { appError } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';
import type { ErrorEntry } from '#lib/platform/errors.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { identityCheckCalls, identityCheckResults } from '#lib/platform/db/schema.ts';
import { env, type Env } from '#lib/platform/env.server.ts';
import { serverSecret } from '#lib/platform/secrets.server.ts';
import { selfOrigin } from '#lib/platform/self-origin.server.ts';
import { shopDay } from '#lib/platform/time.ts';
import { TencentCloudError } from './tencentcloud/client.server.ts';
import {
  TENCENTCLOUD_FACEID_HOST,
  tencentCloudFaceid,
  type FaceidAnswer,
  type FaceidClient,
} from './tencentcloud/faceid.server.ts';
import { tencentCloudSandboxKeys } from './tencentcloud/sandbox/keys.server.ts';

/** The real-name key (real-name.server.ts), used here under its own HMAC domain. */
const KEY_SECRET = 'real-name-key';

export type CheckKind = 'id2' | 'bank4';

/** The Result codes the vendor charges for: definite answers about the person or the card. */
const CHARGED: Record<CheckKind, ReadonlySet<string>> = {
  id2: new Set(['0', '-1']),
  bank4: new Set([
    '0',
    '-1',
    ...[6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 21].map((n) => `-${n}`),
  ]),
};

export interface FaceidOptions {
  config?: Env;
  /** Routes the adapter's calls in-process (scripts and tests on the sandbox). */
  fetch?: typeof fetch;
  now?: () => Date;
}

/**
 * The faceid client of this shop: the real service (or TENCENTCLOUD_FACEID_BASE_URL) with the
 * configured keys; in a demo this shop's own origin, where the Tencent Cloud sandbox answers,
 * with the sandbox's keys (the configured ones when given).
 */
export function faceidFor(db: DbOrTx, options: FaceidOptions = {}): FaceidClient {
  let client: Promise<FaceidClient> | undefined;
  const resolve = () =>
    (client ??= (async () => {
      const config = options.config ?? env();
      const demo = config.SHOP_MODE === 'demo';
      const keys = demo
        ? await tencentCloudSandboxKeys(db, config)
        : { secretId: config.TENCENTCLOUD_SECRET_ID!, secretKey: config.TENCENTCLOUD_SECRET_KEY! };
      return tencentCloudFaceid({
        secretId: keys.secretId,
        secretKey: keys.secretKey,
        baseUrl:
          config.TENCENTCLOUD_FACEID_BASE_URL ?? (demo ? selfOrigin() : TENCENTCLOUD_FACEID_HOST),
        fetch: options.fetch,
        now: options.now,
      });
    })());
  return {
    idCard: async (input) => (await resolve()).idCard(input),
    bankCard4: async (input) => (await resolve()).bankCard4(input),
    bankCardInfo: async (input) => (await resolve()).bankCardInfo(input),
  };
}

async function inputHash(db: DbOrTx, kind: CheckKind, inputs: readonly string[]): Promise<string> {
  const key = createHash('sha256')
    .update(await serverSecret(db, KEY_SECRET))
    .digest();
  return createHmac('sha256', key)
    .update(`identity-check:${kind}\n${inputs.join('\n')}`)
    .digest('hex');
}

/** Takes one of the user's paid checks of the day; false when none is left. */
export async function takeDailyCheck(
  db: DbOrTx,
  userId: number,
  now: Date,
  limit: number,
): Promise<boolean> {
  const rows = await db
    .insert(identityCheckCalls)
    .values({ userId, day: shopDay(now), calls: 1 })
    .onConflictDoUpdate({
      target: [identityCheckCalls.userId, identityCheckCalls.day],
      set: { calls: sql`${identityCheckCalls.calls} + 1` },
      setWhere: sql`${identityCheckCalls.calls} < ${limit}`,
    })
    .returning({ calls: identityCheckCalls.calls });
  return rows.length > 0;
}

/** The paid checks a user started on the shop day of `now`. */
export async function checksToday(db: DbOrTx, userId: number, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ calls: identityCheckCalls.calls })
    .from(identityCheckCalls)
    .where(and(eq(identityCheckCalls.userId, userId), eq(identityCheckCalls.day, shopDay(now))));
  return row?.calls ?? 0;
}

/** One check: the kept answer, or a paid call within the user's limit (then kept if charged). */
async function runCheck(
  db: DbOrTx,
  input: { userId: number; kind: CheckKind; inputs: readonly string[]; now?: Date; limit?: number },
  call: () => Promise<FaceidAnswer>,
): Promise<FaceidAnswer> {
  const now = input.now ?? new Date();
  const hash = await inputHash(db, input.kind, input.inputs);
  const [kept] = await db
    .select({ result: identityCheckResults.result, description: identityCheckResults.description })
    .from(identityCheckResults)
    .where(
      and(eq(identityCheckResults.kind, input.kind), eq(identityCheckResults.inputHash, hash)),
    );
  if (kept) return kept;
  const limit = input.limit ?? env().IDENTITY_CHECKS_PER_DAY;
  if (!(await takeDailyCheck(db, input.userId, now, limit))) {
    throw appError(Errors.IDENTITY_CHECK_LIMIT);
  }
  let answer: FaceidAnswer;
  try {
    answer = await call();
  } catch (error) {
    const what =
      error instanceof TencentCloudError
        ? `${error.code} (request ${error.requestId ?? 'none'})`
        : String((error as Error).message ?? error);
    console.error(`[identity] faceid ${input.kind} failed: ${what}`);
    throw appError(Errors.IDENTITY_SERVICE_BUSY);
  }
  if (CHARGED[input.kind].has(answer.result)) {
    await db
      .insert(identityCheckResults)
      .values({ kind: input.kind, inputHash: hash, ...answer, createdAt: now })
      .onConflictDoNothing();
  }
  return answer;
}

const ID2_REFUSALS: Record<string, ErrorEntry> = {
  '-1': Errors.REAL_NAME_REFUSED,
  '-2': Errors.ID_NUMBER_FORMAT,
  '-3': Errors.REAL_NAME_INVALID,
  '-5': Errors.ID_NUMBER_UNKNOWN,
  '-7': Errors.IDENTITY_CHECK_LIMIT,
};

/** 实名认证 by faceid: passes on Result '0', else throws the answer's error entry. */
export async function checkIdCard(
  db: DbOrTx,
  faceid: FaceidClient,
  input: { userId: number; name: string; idNumber: string; now?: Date; limit?: number },
): Promise<void> {
  const { name, idNumber } = input;
  const answer = await runCheck(db, { ...input, kind: 'id2', inputs: [name, idNumber] }, () =>
    faceid.idCard({ name, idNumber }),
  );
  if (answer.result === '0') return;
  throw appError(ID2_REFUSALS[answer.result] ?? Errors.IDENTITY_SERVICE_BUSY);
}

const BANK4_REFUSALS: Record<string, ErrorEntry> = {
  '-1': Errors.BANK_CARD_OWNER_MISMATCH,
  '-2': Errors.REAL_NAME_INVALID,
  '-3': Errors.ID_NUMBER_FORMAT,
  '-4': Errors.BANK_CARD_NUMBER_WRONG,
  '-5': Errors.BANK_CARD_PHONE_INVALID,
  '-6': Errors.BANK_CARD_OWNER_MISMATCH,
  '-7': Errors.BANK_CARD_NO_ONLINE_PAYMENT,
  '-9': Errors.BANK_CARD_NUMBER_WRONG,
  '-10': Errors.BANK_CARD_NUMBER_WRONG,
  '-19': Errors.IDENTITY_CHECK_LIMIT,
  '-20': Errors.ID_TYPE_UNSUPPORTED,
  '-21': Errors.BANK_CARD_NUMBER_WRONG,
  ...Object.fromEntries(
    [8, 11, 12, 13, 14, 15, 16, 17].map((n) => [`-${n}`, Errors.BANK_CARD_UNUSABLE]),
  ),
};

/**
 * What kind of card a number is (faceid CheckBankCardInformation): 'debit' for a 借记卡, 'credit'
 * for a 贷记卡, 预付费卡 or 准贷记卡. One of the user's paid checks of the day; a number that is no
 * card (-3, -5) is refused as such, one the service has no facts of (-1) or does not support (-6)
 * as unusable.
 */
export async function checkCardKind(
  db: DbOrTx,
  faceid: FaceidClient,
  input: { userId: number; cardNo: string; now?: Date; limit?: number },
): Promise<'debit' | 'credit'> {
  const limit = input.limit ?? env().IDENTITY_CHECKS_PER_DAY;
  if (!(await takeDailyCheck(db, input.userId, input.now ?? new Date(), limit))) {
    throw appError(Errors.IDENTITY_CHECK_LIMIT);
  }
  let answer: Awaited<ReturnType<FaceidClient['bankCardInfo']>>;
  try {
    answer = await faceid.bankCardInfo({ cardNo: input.cardNo });
  } catch (error) {
    const what =
      error instanceof TencentCloudError
        ? `${error.code} (request ${error.requestId ?? 'none'})`
        : String((error as Error).message ?? error);
    console.error(`[identity] faceid card information failed: ${what}`);
    throw appError(Errors.IDENTITY_SERVICE_BUSY);
  }
  if (answer.result === '-3' || answer.result === '-5') {
    throw appError(Errors.BANK_CARD_NUMBER_WRONG);
  }
  if (answer.result === '-1' || answer.result === '-6') throw appError(Errors.BANK_CARD_UNUSABLE);
  if (answer.result === '-4') throw appError(Errors.IDENTITY_CHECK_LIMIT);
  if (answer.result !== '0') throw appError(Errors.IDENTITY_SERVICE_BUSY);
  return answer.accountType === 1 ? 'debit' : 'credit';
}

/** 绑定银行卡 by faceid's four elements: passes on Result '0', else throws the answer's entry. */
export async function checkBankCard(
  db: DbOrTx,
  faceid: FaceidClient,
  input: {
    userId: number;
    name: string;
    idNumber: string;
    cardNo: string;
    phone: string;
    now?: Date;
    limit?: number;
  },
): Promise<void> {
  const { name, idNumber, cardNo, phone } = input;
  const answer = await runCheck(
    db,
    { ...input, kind: 'bank4', inputs: [name, idNumber, cardNo, phone] },
    () => faceid.bankCard4({ name, idNumber, cardNo, phone }),
  );
  if (answer.result === '0') return;
  throw appError(BANK4_REFUSALS[answer.result] ?? Errors.IDENTITY_SERVICE_BUSY);
}
