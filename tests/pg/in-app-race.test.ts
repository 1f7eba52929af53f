/**
 * Signing in with the messaging app and binding phones, at the same moment, on real PostgreSQL:
 * one account per identity, one account per phone, and a merge that happens once.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bootDatabase } from '#lib/platform/boot.server.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import { sessions, users } from '#lib/platform/db/schema.ts';
import { signInWithIdentity } from '#lib/membership/member-auth.server.ts';
import { readOutbox } from '#lib/identity/sms/outbox.server.ts';
import { BIND_CODE_PURPOSE, bindUserPhone } from '#lib/identity/phone-binding.server.ts';
import { issueCode } from '#lib/identity/sms-codes.server.ts';
import { TEST_DATABASE_URL, postgresDatabase } from '../fixtures/db.ts';

let database: Database;
beforeAll(async () => {
  await (await postgresDatabase()).close();
  database = await bootDatabase({ url: TEST_DATABASE_URL });
});
afterAll(() => database.close());

let serial = 0;
const phone = () => `1350000${String(++serial).padStart(4, '0')}`;

async function appAccount(defaultPhone: string | null) {
  const [row] = await database.db
    .insert(users)
    .values({ openId: `sbx_race_${++serial}`, defaultPhone })
    .returning({ id: users.id, openId: users.openId });
  return row!;
}

it('ten sign-ins of one new identity at once make one account, each with its session', async () => {
  const identity = {
    openId: 'sbx_race_same',
    nickname: '微信用户RACE',
    avatarUrl: null,
    defaultPhone: phone(),
  };
  const results = await Promise.all(
    Array.from({ length: 10 }, () => signInWithIdentity(database.db, identity, { shopId: '1001' })),
  );
  expect(new Set(results.map((r) => r.userId)).size).toBe(1);
  const accounts = await database.db.select().from(users).where(eq(users.openId, identity.openId));
  expect(accounts).toHaveLength(1);
  expect(
    await database.db.select().from(sessions).where(eq(sessions.userId, accounts[0]!.id)),
  ).toHaveLength(10);
});

it('two app accounts binding one free phone at once: one binds it, the other is told it is taken', async () => {
  for (let round = 0; round < 5; round++) {
    const shared = phone();
    const a = await appAccount(shared);
    const b = await appAccount(shared);
    const results = await Promise.allSettled([
      bindUserPhone(database.db, { clientIp: null, userId: a.id, phone: shared }),
      bindUserPhone(database.db, { clientIp: null, userId: b.id, phone: shared }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused!.reason).toMatchObject({
      code: 40911,
      message: '该手机号已绑定账户，请绑定其他手机号',
    });
    expect(await database.db.select().from(users).where(eq(users.phone, shared))).toHaveLength(1);
  }
});

it('binding the app phone while that phone signs up on its own: one account holds the phone, never merged without a code', async () => {
  for (let round = 0; round < 10; round++) {
    const target = phone();
    const me = await appAccount(target);
    const [bind] = await Promise.allSettled([
      bindUserPhone(database.db, { clientIp: null, userId: me.id, phone: target }),
      database.db.insert(users).values({ phone: target }).onConflictDoNothing(),
    ]);
    const owners = await database.db.select().from(users).where(eq(users.phone, target));
    expect(owners).toHaveLength(1);
    if (bind.status === 'fulfilled') {
      // The bind came first: the app account holds the phone.
      expect(owners[0]!.openId).toBe(me.openId);
    } else {
      // The sign-up came first: taking that account over needs a code sent to the phone.
      expect(bind.reason).toMatchObject({ message: '该手机号已注册，请获取验证码后绑定' });
      expect(owners[0]!.openId).toBeNull();
    }
  }
});

it('one app account binding two phone accounts at once merges into exactly one of them', async () => {
  const first = phone();
  const second = phone();
  const [a, b] = await database.db
    .insert(users)
    .values([{ phone: first }, { phone: second }])
    .returning({ id: users.id });
  const me = await appAccount(null);
  const codes: string[] = [];
  for (const target of [first, second]) {
    await issueCode(database.db, { phone: target, purpose: BIND_CODE_PURPOSE, clientIp: null });
    codes.push((await readOutbox(database.db, target))[0]!.code!);
  }
  const results = await Promise.allSettled([
    bindUserPhone(database.db, {
      clientIp: null,
      userId: me.id,
      phone: first,
      verifyCode: codes[0],
    }),
    bindUserPhone(database.db, {
      clientIp: null,
      userId: me.id,
      phone: second,
      verifyCode: codes[1],
    }),
  ]);
  const done = results.filter((r) => r.status === 'fulfilled');
  const after = await database.db
    .select()
    .from(users)
    .where(inArray(users.id, [a!.id, b!.id, me.id]));
  expect(after.find((u) => u.id === me.id)).toBeUndefined();
  expect(after.filter((u) => u.openId === me.openId)).toHaveLength(1);
  expect(after).toHaveLength(2);
  // The other was refused with an answer, never a server error: the account it named is gone
  // (100006, and the app signs in again) or already has a phone (40912).
  expect(done).toHaveLength(1);
  const refused = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  expect([100006, 40912]).toContain((refused!.reason as { code?: number }).code);
});
