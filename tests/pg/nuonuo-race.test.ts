/**
 * 诺诺 on real PostgreSQL: four server processes (four connection pools, each its own adapter)
 * issue at once. The platform allows an app 50 tokens in 30 days, so however many processes ask
 * together, exactly one fetches the token and the rest use what it stored. Ten submissions of
 * one requestNo at the same moment make one invoice request and all answer its serial number;
 * five red letters for one invoice at once make one reversal.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bootDatabase } from '#lib/platform/boot.server.ts';
import { openDatabase, type Database } from '#lib/platform/db/client.server.ts';
import { nuonuoTokens, sandboxNuonuoRequests } from '#lib/platform/db/schema.ts';
import { parseEnv } from '#lib/platform/env.server.ts';
import type { InvoiceProvider, IssueRequest } from '#lib/invoices/provider.ts';
import { InvoiceProviderError } from '#lib/invoices/provider.ts';
import { invoiceProvider, nuonuoSeller } from '#lib/invoices/nuonuo/index.server.ts';
import { handleNuonuoSandbox } from '#lib/invoices/nuonuo/sandbox/service.server.ts';
import { TEST_DATABASE_URL, postgresDatabase } from '../fixtures/db.ts';

const config = parseEnv({});
let platformDb: Database;
let processes: Database[];
let providers: InvoiceProvider[];
let tokenCalls = 0;
let clock = new Date();
let sellerTaxNo: string;

beforeAll(async () => {
  await (await postgresDatabase()).close();
  platformDb = await bootDatabase({ url: TEST_DATABASE_URL });
  processes = await Promise.all(
    Array.from({ length: 4 }, () => openDatabase({ url: TEST_DATABASE_URL })),
  );
  await platformDb.db.delete(nuonuoTokens);
  await platformDb.db.execute(sql`delete from sandbox_nuonuo_requests`);
  const route = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (request.url.endsWith('/accessToken')) tokenCalls += 1;
    return handleNuonuoSandbox(platformDb.db, request, { now: clock });
  }) as typeof fetch;
  providers = await Promise.all(
    processes.map((p) =>
      invoiceProvider(p.db, { config, fetch: route, origin: 'http://shop.test', now: () => clock }),
    ),
  );
  sellerTaxNo = (await nuonuoSeller(platformDb.db, config)).taxNo;
});
afterAll(async () => {
  await Promise.all(processes.map((p) => p.close()));
  await platformDb.close();
});

const request = (requestNo: string): IssueRequest => ({
  requestNo,
  kind: 'blue',
  form: 'e-normal',
  buyer: { name: '张三', taxNo: null, email: null, mobile: '13800138000' },
  seller: { name: '杭州演示商贸有限公司', taxNo: sellerTaxNo },
  items: [
    {
      name: '*鞋*森野跑步鞋',
      taxCode: '1090512010000000000',
      spec: '42码',
      unit: '双',
      quantity: 1,
      amountCents: 11300,
      taxRateBp: 1300,
      taxCents: 1300,
    },
  ],
  remark: '',
  callbackUrl: 'http://shop.test/api/invoice/notify/nuonuo',
});

it('ten submissions of one requestNo at once: one token, one request, one serial number', async () => {
  const answers = await Promise.all(
    Array.from({ length: 10 }, (_, i) => providers[i % 4]!.submit(request('RACE0001'))),
  );
  expect(tokenCalls).toBe(1);
  expect(new Set(answers.map((a) => a.serialNo)).size).toBe(1);
  const rows = await platformDb.db
    .select()
    .from(sandboxNuonuoRequests)
    .where(eq(sandboxNuonuoRequests.orderNo, 'RACE0001'));
  expect(rows).toHaveLength(1);
  expect(rows[0]!.serialNo).toBe(answers[0]!.serialNo);
});

it('five red letters for one invoice at once: one reversal, the others refused', async () => {
  const { serialNo } = await providers[0]!.submit(request('RACE0002'));
  clock = new Date(clock.getTime() + 5_000);
  const issued = await providers[1]!.query(serialNo);
  if (issued.state !== 'issued') throw new Error(issued.state);
  const blue = request('RACE0002');
  const reds = await Promise.allSettled(
    Array.from({ length: 5 }, (_, i) =>
      providers[i % 4]!.submit({
        ...blue,
        requestNo: `RACE0002H${i}`,
        kind: 'red',
        items: blue.items.map((item) => ({
          ...item,
          quantity: -1,
          amountCents: -item.amountCents,
          taxCents: -item.taxCents,
        })),
        reverses: {
          invoiceNo: issued.invoiceNo,
          invoiceCode: null,
          issuedAt: issued.issuedAt,
          reason: '销货退回',
        },
      }),
    ),
  );
  expect(reds.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  for (const r of reds.filter((r) => r.status === 'rejected')) {
    const error = (r as PromiseRejectedResult).reason as InvoiceProviderError;
    expect(error).toBeInstanceOf(InvoiceProviderError);
    expect(error.message).toBe(`对应蓝票已冲红：${issued.invoiceNo}`);
  }
  const reversals = await platformDb.db
    .select()
    .from(sandboxNuonuoRequests)
    .where(eq(sandboxNuonuoRequests.reversesNo, issued.invoiceNo));
  expect(reversals).toHaveLength(1);
  expect(tokenCalls).toBe(1);
});
