/**
 * The daily limit of paid identity checks holds across processes: three connections pools (as
 * three servers of one database) start 24 different checks for one user at once; exactly the
 * limit reach the vendor (the Tencent Cloud sandbox, in-process) and the rest are 40039.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bootDatabase } from '#lib/platform/boot.server.ts';
import { openDatabase, type Database } from '#lib/platform/db/client.server.ts';
import { users } from '#lib/platform/db/schema.ts';
import { parseEnv } from '#lib/platform/env.server.ts';
import { Errors } from '#lib/errors.ts';
import { checkIdCard, checksToday, faceidFor } from '#lib/identity/identity-checks.server.ts';
import { tencentCloudSandboxFetch } from '#lib/identity/tencentcloud/sandbox/sandbox.server.ts';
import { TEST_DATABASE_URL, postgresDatabase } from '../fixtures/db.ts';

let servers: Database[];
beforeAll(async () => {
  await (await postgresDatabase()).close();
  servers = [await bootDatabase({ url: TEST_DATABASE_URL })];
  servers.push(await openDatabase({ url: TEST_DATABASE_URL }));
  servers.push(await openDatabase({ url: TEST_DATABASE_URL }));
});
afterAll(async () => {
  for (const server of servers) await server.close();
});

it('24 concurrent checks on three servers with a limit of 5: five calls, nineteen refusals', async () => {
  const [first] = servers;
  const [row] = await first!.db
    .insert(users)
    .values({ phone: '13600000091', nickname: '核验用户' })
    .returning({ id: users.id });
  const userId = row!.id;
  const config = parseEnv({ IDENTITY_PROVIDER: 'tencentcloud' });
  let vendorCalls = 0;
  const now = new Date('2026-11-27T03:00:00Z');
  const names = Array.from(
    { length: 24 },
    (_, i) => `并发${'甲乙丙丁戊己庚辛壬癸'[i % 10]}${'一二三'[i % 3]}${i}`,
  );
  const results = await Promise.allSettled(
    names.map((name, i) => {
      const db = servers[i % servers.length]!.db;
      const inner = tencentCloudSandboxFetch(db);
      const fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
        vendorCalls += 1;
        return inner(input, init);
      }) as typeof globalThis.fetch;
      return checkIdCard(db, faceidFor(db, { config, fetch }), {
        userId,
        name: name.replace(/\d/g, ''),
        idNumber: '11010519491231002X',
        now,
        limit: 5,
      });
    }),
  );
  const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  expect(refused.map((r) => (r.reason as { code: number }).code)).toEqual(
    Array(19).fill(Errors.IDENTITY_CHECK_LIMIT.code),
  );
  expect(vendorCalls).toBe(5);
  expect(await checksToday(first!.db, userId, now)).toBe(5);
});
