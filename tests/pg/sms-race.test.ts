/**
 * SMS codes under concurrency on a real PostgreSQL (the embedded engine serialises everything):
 * 20 wrong tries at once void a code after exactly 5, and 10 sends at once for one phone
 * produce one SMS.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { Database } from '#lib/platform/db/client.server.ts';
import { migrate } from '#lib/platform/db/client.server.ts';
import { sessions, smsCodes, smsOutbox } from '#lib/platform/db/schema.ts';
import { readOutbox } from '#lib/identity/sms/console.server.ts';
import { loginWithPhone } from '#lib/identity/phone-login.server.ts';
import { consumeCode, issueCode } from '#lib/identity/sms-codes.server.ts';
import { postgresDatabase } from '../fixtures/db.ts';

let database: Database;
beforeAll(async () => {
  database = await postgresDatabase();
  await migrate(database);
  // Open every pooled connection first, so the concurrent calls below really run side by side.
  await Promise.all(
    Array.from({ length: 10 }, () => database.db.execute(sql`select pg_sleep(0.05)`)),
  );
  vi.spyOn(console, 'log').mockImplementation(() => {});
});
afterAll(async () => {
  vi.restoreAllMocks();
  await database?.close();
});

const rowsOf = (phone: string) =>
  database.db.select().from(smsCodes).where(eq(smsCodes.phone, phone));

it('ten concurrent sends for one phone produce one SMS; the other nine answer 429', async () => {
  const phone = '13700000010';
  const results = await Promise.allSettled(
    Array.from({ length: 10 }, (_, i) =>
      issueCode(database.db, { phone, clientIp: `198.51.100.${i}` }),
    ),
  );
  expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  expect(refused.map((r) => (r.reason as { code: number }).code)).toEqual(Array(9).fill(429));
  expect(await rowsOf(phone)).toHaveLength(1);
  expect(await database.db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone))).toHaveLength(
    1,
  );
});

it('concurrent sends from one client address never pass its hourly cap', async () => {
  const results = await Promise.allSettled(
    Array.from({ length: 30 }, (_, i) =>
      issueCode(database.db, {
        phone: `1370000${String(100 + i).padStart(4, '0')}`,
        clientIp: '203.0.113.50',
      }),
    ),
  );
  expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(20);
  expect(
    await database.db.select().from(smsCodes).where(eq(smsCodes.clientIp, '203.0.113.50')),
  ).toHaveLength(20);
});

it('twenty concurrent wrong codes void the code after exactly 5 tries; the right code then fails', async () => {
  const phone = '13700000020';
  await issueCode(database.db, { phone, clientIp: null });
  const [message] = await readOutbox(database.db, phone);
  const code = message!.code!;
  const wrong = code === '000000' ? '111111' : '000000';
  const results = await Promise.all(
    Array.from({ length: 20 }, () => consumeCode(database.db, { phone, code: wrong })),
  );
  expect(results.every((ok) => ok === false)).toBe(true);
  const [row] = await rowsOf(phone);
  expect(row).toMatchObject({ attempts: 5, consumedAt: null });
  expect(await consumeCode(database.db, { phone, code })).toBe(false);
});

it('ten concurrent logins with the right code: exactly one session starts', async () => {
  const phone = '13700000030';
  await issueCode(database.db, { phone, clientIp: null });
  const [message] = await readOutbox(database.db, phone);
  const results = await Promise.allSettled(
    Array.from({ length: 10 }, () => loginWithPhone(database.db, { phone, code: message!.code! })),
  );
  const fulfilled = results.filter((r) => r.status === 'fulfilled');
  expect(fulfilled).toHaveLength(1);
  const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  expect(refused.every((r) => (r.reason as { code: number }).code === 40010)).toBe(true);
  const { userId } = (fulfilled[0] as PromiseFulfilledResult<{ userId: number }>).value;
  expect(await database.db.select().from(sessions).where(eq(sessions.userId, userId))).toHaveLength(
    1,
  );
});
