/**
 * 诺诺 end to end on the embedded database, on a moved clock: the real adapter talks to the
 * sandbox's handler, and the sandbox posts its callbacks to the shop's callback endpoint, all
 * in-process (the signatures, tokens, bodies and answers are the real ones; only the network is
 * left out).
 *
 * submit → 开票中 → the clock moves → 开票完成 with a 20-digit number → query → the callback
 * verified → the PDF fetched; its red letter; duplicates; refusals with their words; a forged
 * callback refused; a bad signature refused by the sandbox; token expiry and refresh.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database, Db } from '#lib/platform/db/client.server.ts';
import { nuonuoTokens, sandboxNuonuoRequests } from '#lib/platform/db/schema.ts';
import { parseEnv } from '#lib/platform/env.server.ts';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import { InvoiceProviderError, type InvoiceProvider, type IssueRequest } from '../provider.ts';
import { NuonuoClient } from './client.server.ts';
import {
  NUONUO_NOTIFY_PATH,
  invoiceProvider,
  nuonuoSeller,
  runNuonuoSandbox,
} from './index.server.ts';
import { Code, Method, callbackToken, nuonuoSign } from './protocol.ts';
import { nuonuoConfig } from './settings.server.ts';
import { sandboxAccount } from './sandbox/keys.server.ts';
import { ISSUE_DELAY_MS } from './sandbox/platform.server.ts';
import { handleNuonuoSandbox } from './sandbox/service.server.ts';
import { CALLBACK_BACKOFF_MS } from './sandbox/callbacks.server.ts';

const START = new Date('2026-11-21T02:00:00Z');
const SHOP = 'http://shop.test';
const BUYER_TAX_NO = '91330100799655058B';

let database: Database;
let db: Db;
let clock = START;
let provider: InvoiceProvider;
let sellerTaxNo: string;
let tokenCalls = 0;
/** The callbacks the shop's endpoint got, with what it made of them. */
const callbacks: { serialNo: string | null; state: string | null }[] = [];
/** The shop's callback endpoint answers "not now" while this is set. */
let endpointDown = false;

const config = parseEnv({});
const later = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

/** The network: the sandbox platform, and the shop's callback endpoint. */
const route = (async (input: RequestInfo | URL, init?: RequestInit) => {
  const request = new Request(input, init);
  const url = new URL(request.url);
  if (url.pathname.startsWith('/sandbox/nuonuo/')) {
    if (url.pathname.endsWith('/accessToken')) tokenCalls += 1;
    return handleNuonuoSandbox(db, request, { now: clock });
  }
  if (url.pathname === NUONUO_NOTIFY_PATH) {
    if (endpointDown) return new Response('busy', { status: 503 });
    const read = await provider.readCallback(request);
    callbacks.push({ serialNo: read?.serialNo ?? null, state: read?.result.state ?? null });
    return read ? read.reply : Response.json({ status: '9999' }, { status: 400 });
  }
  return new Response('Not Found', { status: 404 });
}) as typeof fetch;

const options = { config, fetch: route, origin: SHOP, now: () => clock };

function blue(requestNo: string, change: Partial<IssueRequest> = {}): IssueRequest {
  return {
    requestNo,
    kind: 'blue',
    form: 'e-normal',
    buyer: {
      name: '浙江示例科技有限公司',
      taxNo: BUYER_TAX_NO,
      email: 'buyer@example.com',
      mobile: '13800138000',
    },
    seller: { name: '杭州演示商贸有限公司', taxNo: sellerTaxNo },
    items: [
      {
        name: '*鞋*森野跑步鞋',
        taxCode: '1090512010000000000',
        spec: '42码 黑色',
        unit: '双',
        quantity: 1,
        amountCents: 11300,
        taxRateBp: 1300,
        taxCents: 1300,
      },
      {
        name: '*纺织产品*运动袜',
        taxCode: '1060108990000000000',
        spec: '均码',
        unit: '双',
        quantity: 2,
        amountCents: 5000,
        taxRateBp: 1300,
        taxCents: 575,
      },
    ],
    remark: '订单号 20261121000123',
    callbackUrl: `${SHOP}${NUONUO_NOTIFY_PATH}`,
    ...change,
  };
}

function red(requestNo: string, invoiceNo: string, of: IssueRequest): IssueRequest {
  return {
    ...of,
    requestNo,
    kind: 'red',
    items: of.items.map((item) => ({
      ...item,
      quantity: -item.quantity,
      amountCents: -item.amountCents,
      taxCents: -item.taxCents,
    })),
    reverses: { invoiceNo, invoiceCode: null, issuedAt: clock, reason: '销货退回' },
  };
}

async function rejection(promise: Promise<unknown>): Promise<InvoiceProviderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(InvoiceProviderError);
  return error as InvoiceProviderError;
}

beforeAll(async () => {
  database = await memoryDatabase();
  db = database.db;
  provider = await invoiceProvider(db, options);
  sellerTaxNo = (await nuonuoSeller(db, config)).taxNo;
});

afterAll(async () => {
  await database.close();
});

beforeEach(() => {
  endpointDown = false;
});

describe('issuing a blue invoice through the sandbox', () => {
  let request: IssueRequest;
  let serialNo = '';
  let invoiceNo = '';
  let pdfUrl = '';

  it('is taken with a serial number and is 开票中 until the clock moves', async () => {
    request = blue('R20261121001');
    ({ serialNo } = await provider.submit(request));
    expect(serialNo).toMatch(/^\d{20}$/);
    expect(await provider.query(serialNo)).toEqual({ state: 'issuing' });
    later(ISSUE_DELAY_MS - 1);
    expect(await provider.query(serialNo)).toEqual({ state: 'issuing' });
  });

  it('is issued a few seconds later with a 20-digit 数电 number and no code', async () => {
    later(1);
    const result = await provider.query(serialNo);
    expect(result).toMatchObject({ state: 'issued', invoiceCode: null });
    if (result.state !== 'issued') throw new Error('not issued');
    expect(result.invoiceNo).toMatch(/^\d{20}$/);
    expect(result.invoiceNo.slice(0, 2)).toBe('26');
    expect(result.issuedAt).toEqual(new Date(START.getTime() + ISSUE_DELAY_MS));
    ({ invoiceNo, pdfUrl } = result);
  });

  it('posts the result to the callback, which the shop verifies by asking the platform', async () => {
    expect(await runNuonuoSandbox(db, { now: clock, fetch: route })).toBe(1);
    expect(callbacks).toEqual([{ serialNo, state: 'issued' }]);
    const [row] = await db
      .select()
      .from(sandboxNuonuoRequests)
      .where(eq(sandboxNuonuoRequests.serialNo, serialNo));
    expect(row).toMatchObject({ callbackState: 'taken', invoiceNo });
    // Taken: not posted again.
    later(CALLBACK_BACKOFF_MS[0]!);
    expect(await runNuonuoSandbox(db, { now: clock, fetch: route })).toBe(0);
  });

  it('serves the invoice as a PDF carrying its number', async () => {
    const pdf = Buffer.from(await provider.fetchPdf(pdfUrl));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain('%%EOF');
    // The number is in the document's metadata (UTF-16) as written on the page.
    const utf16 = Buffer.from(invoiceNo, 'utf16le').swap16().toString('hex').toUpperCase();
    expect(pdf.toString('latin1')).toContain(utf16);
    // A wrong key, or a serial never issued, finds nothing.
    const wrong = pdfUrl.replace(/k=[^&]+/, 'k=AAAAAAAAAAAAAAAAAAAAAAAA');
    const refused = await route(wrong);
    expect(refused.status).toBe(404);
  });

  it('answers the same serial number for the same requestNo, never a second invoice', async () => {
    expect(await provider.submit(request)).toEqual({ serialNo });
    expect(await provider.submit({ ...request, remark: '再次提交' })).toEqual({ serialNo });
    const rows = await db
      .select()
      .from(sandboxNuonuoRequests)
      .where(eq(sandboxNuonuoRequests.orderNo, request.requestNo));
    expect(rows).toHaveLength(1);
  });

  it('reverses it with a red letter naming its number, once', async () => {
    const reversal = red('R20261121001H', invoiceNo, request);
    const { serialNo: redSerial } = await provider.submit(reversal);
    expect(redSerial).not.toBe(serialNo);
    expect(await provider.query(redSerial)).toEqual({ state: 'issuing' });
    later(ISSUE_DELAY_MS);
    const result = await provider.query(redSerial);
    if (result.state !== 'issued') throw new Error(`red letter ${result.state}`);
    expect(result.invoiceNo).toMatch(/^\d{20}$/);
    expect(result.invoiceNo).not.toBe(invoiceNo);
    const pdf = Buffer.from(await provider.fetchPdf(result.pdfUrl)).toString('latin1');
    const title = Buffer.from('电子发票（普通发票）（红字）', 'utf16le').swap16().toString('hex');
    expect(pdf).toContain(title.toUpperCase());

    // A second red letter for the same invoice is refused in the platform's words.
    const again = await rejection(provider.submit(red('R20261121001H2', invoiceNo, request)));
    expect(again).toMatchObject({ code: 'E9101', retryable: false });
    expect(again.message).toBe(`对应蓝票已冲红：${invoiceNo}`);
  });

  it('refuses a red letter for an invoice it never issued', async () => {
    const unknown = '26332000000000099999';
    const error = await rejection(provider.submit(red('R20261121002H', unknown, request)));
    expect(error).toMatchObject({ retryable: false, message: `对应蓝票不存在：${unknown}` });
  });
});

describe('what the platform refuses', () => {
  it('a buyer tax number failing its check character', async () => {
    const request = blue('R20261121010');
    request.buyer.taxNo = '91330100799655058C';
    const error = await rejection(provider.submit(request));
    expect(error).toMatchObject({ retryable: false, message: '购方税号有误：校验码不正确' });
  });

  it('a line whose tax does not match its amount and rate', async () => {
    const request = blue('R20261121011');
    request.items[0]!.taxCents = 1400;
    const error = await rejection(provider.submit(request));
    expect(error).toMatchObject({ retryable: false, message: '税额误差超过0.06：*鞋*森野跑步鞋' });
  });

  it('a 专票 without the buyer tax number', async () => {
    const request = blue('R20261121012', { form: 'e-special' });
    request.buyer = { ...request.buyer, taxNo: null };
    const error = await rejection(provider.submit(request));
    expect(error.message).toBe('数电专票购方税号不能为空');
  });

  it('fails (开票失败) a buyer the tax bureau does not know, with its reason', async () => {
    const request = blue('R20261121013');
    // A well-formed code whose organisation part is zeros: no such taxpayer.
    request.buyer.taxNo = '913301000000000000'.slice(0, 17);
    const { creditCodeCheckChar: usccCheckChar } = await import('#lib/platform/credit-code.ts');
    request.buyer.taxNo += usccCheckChar(request.buyer.taxNo)!;
    const { serialNo } = await provider.submit(request);
    later(ISSUE_DELAY_MS);
    expect(await provider.query(serialNo)).toEqual({
      state: 'failed',
      reason: '购方税号未能在电子税务局中找到，请核对购方名称与税号',
    });
    callbacks.length = 0;
    await runNuonuoSandbox(db, { now: clock, fetch: route });
    expect(callbacks).toContainEqual({ serialNo, state: 'failed' });
  });
});

describe('callbacks', () => {
  it('are posted again until the shop answers 0000', async () => {
    const { serialNo } = await provider.submit(blue('R20261121020'));
    later(ISSUE_DELAY_MS);
    endpointDown = true;
    callbacks.length = 0;
    expect(await runNuonuoSandbox(db, { now: clock, fetch: route })).toBe(0);
    later(CALLBACK_BACKOFF_MS[0]! - 1);
    expect(await runNuonuoSandbox(db, { now: clock, fetch: route })).toBe(0);
    endpointDown = false;
    later(1);
    expect(await runNuonuoSandbox(db, { now: clock, fetch: route })).toBe(1);
    expect(callbacks).toEqual([{ serialNo, state: 'issued' }]);
  });

  it('a forged one is refused and changes nothing', async () => {
    const { serialNo } = await provider.submit(blue('R20261121021'));
    const content = JSON.stringify({
      c_status: '1',
      c_fpqqlsh: serialNo,
      allElectronicInvoiceNumber: '26332000000000000001',
    });
    const post = (query: string, orderno = 'R20261121021') =>
      new Request(`${SHOP}${NUONUO_NOTIFY_PATH}${query}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ operater: 'callback', orderno, content }).toString(),
      });
    // No token, a made-up one, and one of another order: not ours.
    expect(await provider.readCallback(post(''))).toBeNull();
    expect(await provider.readCallback(post('?nt=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'))).toBeNull();
    const account = await sandboxAccount(db, config);
    const other = callbackToken(account.appSecret, 'R20261121020');
    expect(await provider.readCallback(post(`?nt=${other}`))).toBeNull();
    // Even with the right token, the content is not believed: the platform says 开票中.
    const token = callbackToken(account.appSecret, 'R20261121021');
    const read = await provider.readCallback(post(`?nt=${token}`));
    expect(read?.result).toEqual({ state: 'issuing' });
    expect(await read?.reply.json()).toEqual({ status: '0000', message: '同步成功' });
    // A callback naming an order the serial does not belong to.
    expect(await provider.readCallback(post(`?nt=${other}`, 'R20261121020'))).toBeNull();
  });
});

async function client(change: { appSecret?: string } = {}) {
  const settings = await nuonuoConfig(db, options);
  return new NuonuoClient(db, { ...settings, ...change });
}

describe('the sandbox gateway', () => {
  it('refuses a bad signature, a changed body and a clock far off', async () => {
    const good = await client();
    const token = await good.token();
    const wrong = await client({ appSecret: 'NOT-THE-SECRET-0000' });
    const answer = await wrong.callWith(token, Method.QueryResult, { orderNos: ['X'] });
    expect(answer).toMatchObject({ code: Code.SignatureRefused, describe: '签名不匹配' });

    const account = await sandboxAccount(db, config);
    const settings = await nuonuoConfig(db, options);
    const timestamp = String(Math.floor(clock.getTime() / 1000));
    const signed = { appKey: account.appKey, senid: 'a'.repeat(32), nonce: '12345678', timestamp };
    const send = (body: string, sign: string, at = timestamp) =>
      route(
        `${settings.servicesUrl}?senid=${signed.senid}&nonce=${signed.nonce}&timestamp=${at}&appkey=${account.appKey}`,
        {
          method: 'POST',
          headers: { 'X-Nuonuo-Sign': sign, accessToken: token, method: Method.QueryResult },
          body,
        },
      ).then((r) => r.json() as Promise<{ code: string; describe: string }>);
    const body = '{"orderNos":["X"]}';
    const sign = nuonuoSign(account.appSecret, { ...signed, body });
    expect((await send(body, sign)).code).toBe(Code.Success);
    expect((await send('{"orderNos":["Y"]}', sign)).code).toBe(Code.SignatureRefused);
    const stale = String(Number(timestamp) - 11 * 60);
    const staleSign = nuonuoSign(account.appSecret, { ...signed, timestamp: stale, body });
    expect(await send(body, staleSign, stale)).toMatchObject({
      code: Code.SignatureRefused,
      describe: '验签失败，请检查服务器时间是否与北京时间保持一致',
    });
  });

  it('refuses a wrong secret at the token endpoint, which no retry helps', async () => {
    const wrong = await client({ appSecret: 'NOT-THE-SECRET-0000' });
    const error = await rejection(wrong.fetchToken());
    expect(error).toMatchObject({ code: '070305', retryable: false });
  });
});

describe('the access token', () => {
  it('is fetched once, shared, refreshed an hour before its 24 hours end', async () => {
    await db.delete(nuonuoTokens);
    tokenCalls = 0;
    const second = await invoiceProvider(db, options);
    await provider.query((await provider.submit(blue('R20261121030'))).serialNo);
    await second.submit(blue('R20261121031'));
    expect(tokenCalls).toBe(1);
    later(22 * 3_600_000);
    await provider.submit(blue('R20261121032'));
    expect(tokenCalls).toBe(1);
    later(90 * 60_000);
    await provider.submit(blue('R20261121033'));
    expect(tokenCalls).toBe(2);
  });

  it('is replaced when the platform refuses it, and the call made again', async () => {
    tokenCalls = 0;
    const [row] = await db.select().from(nuonuoTokens);
    // A token the platform no longer knows, stored as if good for a day.
    const unknown = `${row!.value.slice(0, -4)}0000`;
    await db
      .update(nuonuoTokens)
      .set({ value: unknown })
      .where(eq(nuonuoTokens.appKey, row!.appKey));
    const { serialNo } = await provider.submit(blue('R20261121034'));
    expect(serialNo).toMatch(/^\d{20}$/);
    expect(tokenCalls).toBe(1);
    const [after] = await db.select().from(nuonuoTokens);
    expect(after!.value).not.toBe(unknown);
  });

  it('the sandbox refuses a token older than 24 hours', async () => {
    const good = await client();
    const token = await good.token();
    later(24 * 3_600_000);
    const answer = await good.callWith(token, Method.QueryResult, { orderNos: ['X'] });
    expect(answer.code).toBe(Code.TokenRefused);
  });
});
