/**
 * The Kuaidi100 sandbox: the service's two calls under /sandbox/kuaidi100/, answered as the real
 * one answers them (form bodies, the same signs, returnCodes and messages), so the real adapter
 * runs unchanged against it in a demo. The traces are the sandbox carriers' (world.server.ts);
 * subscriptions are pushed to their callback from the push loop (pushes.server.ts).
 *
 * - POST poll/query.do (实时查询): customer + sign = MD5(param + key + customer) checked; the
 *   parcel's traces so far, or 500 查询无结果 when it has none yet.
 * - POST poll (订阅): the key checked; the number watched from now (501 重复订阅 for one already
 *   watched; its callback and salt are taken from the newest subscription).
 */
import { timingSafeEqual } from 'node:crypto';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { and, eq } from 'drizzle-orm';
import { sandboxKuaidi100Subscriptions } from '#lib/platform/db/schema.ts';
import { carrierOfKuaidi100 } from '#lib/orders/carriers.ts';
import { QUERY_PATH, SUBSCRIBE_PATH, querySign, type QueryAnswer } from '../protocol.ts';
import { sandboxAccount, type SandboxAccount } from './keys.server.ts';
import { sandboxParcel, trackAt } from './world.server.ts';

export const SANDBOX_PREFIX = '/sandbox/kuaidi100/';
/** A form the sandbox reads at most. */
const MAX_BODY_BYTES = 16 * 1024;

type Refusal = { result: false; returnCode: string; message: string };
const refuse = (returnCode: string, message: string): Refusal => ({
  result: false,
  returnCode,
  message,
});

/** The service's refusals, with its own texts. */
export const Refusals = {
  badParam: () => refuse('400', '参数错误'),
  unknownCompany: () => refuse('400', '找不到对应公司'),
  noResult: () => refuse('500', '查询无结果，请隔段时间再查'),
  badSign: () => refuse('503', '验证签名失败'),
  badKey: () => refuse('600', '您不是合法的订阅者（即授权Key出错）'),
  badSubscription: () =>
    refuse(
      '700',
      '订阅方的订阅数据存在错误（如不支持的快递公司、单号为空、单号超长等）或错误的回调地址',
    ),
  refusedCompany: () => refuse('701', '拒绝订阅的快递公司'),
} as const;

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

function parseJson(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

const str = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const NUMBER = /^[A-Za-z0-9-]{1,32}$/;

async function query(
  db: DbOrTx,
  account: SandboxAccount,
  form: URLSearchParams,
  now: Date,
): Promise<QueryAnswer | Refusal> {
  const customer = form.get('customer') ?? '';
  const sign = form.get('sign') ?? '';
  const text = form.get('param');
  if (!customer || !sign || !text) return Refusals.badParam();
  if (
    !sameText(customer, account.customer) ||
    !sameText(sign.toUpperCase(), querySign(text, account.key, account.customer))
  ) {
    return Refusals.badSign();
  }
  const param = parseJson(text);
  const com = str(param?.com).toLowerCase();
  const num = str(param?.num);
  if (!com || !NUMBER.test(num)) return Refusals.badParam();
  if (!carrierOfKuaidi100(com)) return Refusals.unknownCompany();
  const [watched] = await db
    .select()
    .from(sandboxKuaidi100Subscriptions)
    .where(
      and(
        eq(sandboxKuaidi100Subscriptions.company, com),
        eq(sandboxKuaidi100Subscriptions.number, num),
      ),
    );
  const heard = watched
    ? { since: watched.createdAt, from: watched.fromText, to: watched.toText }
    : null;
  const parcel = await sandboxParcel(db, com, num, heard);
  const track = parcel ? trackAt(parcel, now) : null;
  if (!track || track.data.length === 0) return Refusals.noResult();
  const data = str(param?.order) === 'asc' ? [...track.data].reverse() : track.data;
  return {
    message: 'ok',
    nu: num,
    ischeck: track.signed ? '1' : '0',
    condition: 'F00',
    com,
    status: '200',
    state: track.state,
    data,
  };
}

async function subscribe(
  db: DbOrTx,
  account: SandboxAccount,
  form: URLSearchParams,
  now: Date,
): Promise<{ result: boolean; returnCode: string; message: string }> {
  const param = parseJson(form.get('param'));
  if (form.get('schema') !== 'json' || !param) return Refusals.badSubscription();
  if (!sameText(str(param.key), account.key)) return Refusals.badKey();
  const company = str(param.company).toLowerCase();
  const number = str(param.number);
  const parameters = (param.parameters ?? {}) as Record<string, unknown>;
  const callbackUrl = str(parameters.callbackurl);
  if (!company || !NUMBER.test(number) || !/^https?:\/\/\S+$/.test(callbackUrl)) {
    return Refusals.badSubscription();
  }
  if (!carrierOfKuaidi100(company)) return Refusals.refusedCompany();
  const salt = str(parameters.salt) || null;
  const t = sandboxKuaidi100Subscriptions;
  const [created] = await db
    .insert(t)
    .values({
      company,
      number,
      callbackUrl,
      salt,
      fromText: str(param.from),
      toText: str(param.to),
      nextPushAt: now,
      createdAt: now,
    })
    .onConflictDoNothing({ target: [t.company, t.number] })
    .returning({ id: t.id });
  if (created) return { result: true, returnCode: '200', message: '提交成功' };
  // Watched already: pushes go where the newest subscription says.
  await db
    .update(t)
    .set({ callbackUrl, salt })
    .where(and(eq(t.company, company), eq(t.number, number)));
  return { result: false, returnCode: '501', message: 'POLL:重复订阅' };
}

async function readForm(request: Request): Promise<URLSearchParams | null> {
  const text = await request.text();
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) return null;
  return new URLSearchParams(text);
}

/** Answers one request to the sandbox service. */
export async function handleKuaidi100Request(
  db: DbOrTx,
  request: Request,
  options: { now?: Date } = {},
): Promise<Response> {
  const now = options.now ?? new Date();
  const path = new URL(request.url).pathname.slice(SANDBOX_PREFIX.length);
  if (request.method !== 'POST' || (path !== QUERY_PATH && path !== SUBSCRIBE_PATH)) {
    return new Response('Not Found', { status: 404 });
  }
  const form = await readForm(request);
  if (!form) return Response.json(Refusals.badParam());
  const account = await sandboxAccount(db);
  const answer =
    path === QUERY_PATH
      ? await query(db, account, form, now)
      : await subscribe(db, account, form, now);
  return Response.json(answer);
}

/**
 * A fetch that answers the sandbox's calls in-process (tests and scripts: the adapter and the
 * protocol are the real ones, only the network is left out).
 */
export function sandboxKuaidi100Fetch(db: DbOrTx, now?: () => Date): typeof fetch {
  return ((input: RequestInfo | URL, init?: RequestInit) =>
    handleKuaidi100Request(
      db,
      new Request(input, init),
      now ? { now: now() } : {},
    )) as typeof fetch;
}
