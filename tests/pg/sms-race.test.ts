/**
 * SMS codes under concurrency on a real PostgreSQL (the embedded engine serialises everything),
 * with the limits of decision 014: concurrent sends never pass the per-client, per-phone-and-client
 * or phone-wide caps; concurrent wrong tries never pass the per-client or per-code limits; and a
 * stranger's wrong tries and sends, however concurrent, leave the owner's code working.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { Database } from '#lib/platform/db/client.server.ts';
import { migrate } from '#lib/platform/db/client.server.ts';
import { sessions, smsCodeTries, smsCodes, smsOutbox } from '#lib/platform/db/schema.ts';
import { codeInText, readOutbox } from '#lib/identity/sms/outbox.server.ts';
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
  database.db.select().from(smsCodes).where(eq(smsCodes.phone, phone)).orderBy(smsCodes.id);
const triesOf = (codeId: number) =>
  database.db.select().from(smsCodeTries).where(eq(smsCodeTries.codeId, codeId));

/** The clock of this file: every call gets its `now` from it, so no test waits. */
const T0 = new Date();
const at = (ms: number) => new Date(T0.getTime() + ms);

/** Sends a code from `clientIp` and answers it, read from the dev outbox. */
async function codeFor(phone: string, clientIp: string | null, now = T0): Promise<string> {
  await issueCode(database.db, { phone, clientIp, now });
  const [message] = await readOutbox(database.db, phone);
  return message!.code!;
}

const wrongFor = (code: string, n: number) =>
  String((Number(code) + 1 + n) % 1_000_000).padStart(6, '0');

it('ten concurrent sends to one phone from one client produce one SMS; the other nine answer 429', async () => {
  const phone = '13700000010';
  const results = await Promise.allSettled(
    Array.from({ length: 10 }, () =>
      issueCode(database.db, { phone, clientIp: '198.51.100.1', now: T0 }),
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

it('concurrent sends to one phone from one client, 30 s apart, never pass its 5 an hour', async () => {
  const phone = '13700000011';
  const results = await Promise.allSettled(
    Array.from({ length: 12 }, (_, i) =>
      issueCode(database.db, { phone, clientIp: '198.51.100.2', now: at(i * 31_000) }),
    ),
  );
  // Run side by side, later instants may be stored first and refuse earlier ones: never more than 5.
  const sent = results.filter((r) => r.status === 'fulfilled').length;
  expect(sent).toBeGreaterThanOrEqual(1);
  expect(sent).toBeLessThanOrEqual(5);
  expect(await rowsOf(phone)).toHaveLength(sent);
});

it('thirty concurrent sends to one phone from thirty clients never pass its 10 an hour', async () => {
  const phone = '13700000012';
  const results = await Promise.allSettled(
    Array.from({ length: 30 }, (_, i) =>
      issueCode(database.db, { phone, clientIp: `198.51.101.${i}`, now: at(i) }),
    ),
  );
  expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
  expect(await rowsOf(phone)).toHaveLength(10);
});

it('concurrent sends from one client address never pass its hourly cap', async () => {
  const results = await Promise.allSettled(
    Array.from({ length: 30 }, (_, i) =>
      issueCode(database.db, {
        phone: `1370000${String(100 + i).padStart(4, '0')}`,
        clientIp: '203.0.113.50',
        now: T0,
      }),
    ),
  );
  expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(20);
  expect(
    await database.db.select().from(smsCodes).where(eq(smsCodes.clientIp, '203.0.113.50')),
  ).toHaveLength(20);
});

it('a stranger’s sends, concurrent with the owner’s, leave the owner able to get and use a code', async () => {
  const phone = '13700000013';
  const stranger = Array.from({ length: 12 }, (_, i) =>
    issueCode(database.db, { phone, clientIp: '198.51.102.1', now: at(i * 30_000) }),
  );
  // The owner's message is caught on its way, to tell its code from the stranger's.
  let ownerText = '';
  const owner = issueCode(
    database.db,
    { phone, clientIp: '10.0.0.7', now: at(45_000) },
    {
      send: async (_phone, text) => {
        ownerText = text;
      },
    },
  );
  const results = await Promise.allSettled([...stranger, owner]);
  expect(results.at(-1)!.status).toBe('fulfilled');
  expect(results.slice(0, -1).filter((r) => r.status === 'fulfilled').length).toBeLessThanOrEqual(
    5,
  );
  const code = codeInText(ownerText)!;
  expect(
    await consumeCode(database.db, { phone, code, clientIp: '10.0.0.7', now: at(5 * 60_000) }),
  ).toBe(true);
});

it('twenty concurrent wrong codes from one client: exactly 5 count, and the owner’s code still works', async () => {
  const phone = '13700000020';
  const code = await codeFor(phone, '10.0.0.8');
  const results = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      consumeCode(database.db, {
        phone,
        code: wrongFor(code, i),
        clientIp: '203.0.113.20',
        now: at(1000),
      }),
    ),
  );
  expect(results.every((ok) => ok === false)).toBe(true);
  const [row] = await rowsOf(phone);
  expect(row).toMatchObject({ attempts: 5, consumedAt: null });
  expect(await triesOf(row!.id)).toEqual([{ codeId: row!.id, client: '203.0.113.20', wrong: 5 }]);
  expect(
    await consumeCode(database.db, { phone, code, clientIp: '203.0.113.20', now: at(2000) }),
  ).toBe(false);
  expect(await consumeCode(database.db, { phone, code, clientIp: '10.0.0.8', now: at(2000) })).toBe(
    true,
  );
});

it('a stranger’s six wrong codes, concurrent with the owner’s right one, leave the owner’s code working', async () => {
  const phone = '13700000021';
  const code = await codeFor(phone, '10.0.0.9');
  const stranger = Array.from({ length: 6 }, (_, i) =>
    consumeCode(database.db, {
      phone,
      code: wrongFor(code, i),
      clientIp: '203.0.113.21',
      now: at(1000),
    }),
  );
  const owner = consumeCode(database.db, { phone, code, clientIp: '10.0.0.9', now: at(1000) });
  const results = await Promise.all([...stranger, owner]);
  expect(results).toEqual([...Array(6).fill(false), true]);
  expect((await rowsOf(phone))[0]!.consumedAt).toEqual(at(1000));
});

it('sixty concurrent wrong codes from twelve clients stop at 20 in total, at most 5 per client', async () => {
  const phone = '13700000022';
  const code = await codeFor(phone, '10.0.0.10');
  const results = await Promise.all(
    Array.from({ length: 60 }, (_, i) =>
      consumeCode(database.db, {
        phone,
        code: wrongFor(code, i),
        clientIp: `203.0.114.${i % 12}`,
        now: at(1000),
      }),
    ),
  );
  expect(results.every((ok) => ok === false)).toBe(true);
  const [row] = await rowsOf(phone);
  expect(row!.attempts).toBe(20);
  const tries = await triesOf(row!.id);
  expect(tries.reduce((sum, t) => sum + t.wrong, 0)).toBe(20);
  expect(Math.max(...tries.map((t) => t.wrong))).toBeLessThanOrEqual(5);
  // The ceiling voids the code for everyone, the owner too.
  expect(
    await consumeCode(database.db, { phone, code, clientIp: '10.0.0.10', now: at(2000) }),
  ).toBe(false);
});

it('fifteen concurrent wrong codes from three strangers leave the owner’s concurrent right code working', async () => {
  const phone = '13700000023';
  const code = await codeFor(phone, '10.0.0.11');
  const strangers = Array.from({ length: 15 }, (_, i) =>
    consumeCode(database.db, {
      phone,
      code: wrongFor(code, i),
      clientIp: `203.0.115.${i % 3}`,
      now: at(1000),
    }),
  );
  const owner = consumeCode(database.db, { phone, code, clientIp: '10.0.0.11', now: at(1000) });
  expect((await Promise.all([...strangers, owner])).at(-1)).toBe(true);
});

it('ten concurrent logins with the right code: exactly one session starts', async () => {
  const phone = '13700000030';
  const code = await codeFor(phone, null);
  const results = await Promise.allSettled(
    Array.from({ length: 10 }, (_, i) =>
      loginWithPhone(database.db, { phone, code, clientIp: `10.0.1.${i}`, now: at(1000) }),
    ),
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
