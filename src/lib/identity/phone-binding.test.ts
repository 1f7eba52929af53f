import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import * as t from '#lib/platform/db/schema.ts';
import { readOutbox } from './sms/outbox.server.ts';
import { bindPhoneStatus, bindUserPhone, sendBindCode } from './phone-binding.server.ts';
import { createSession, getSessionUser } from './sessions.server.ts';

let database: Database;
beforeAll(async () => {
  database = await memoryDatabase();
  vi.spyOn(console, 'log').mockImplementation(() => {});
});
afterAll(() => database.close());

let serial = 0;
const newPhone = () => `1360000${String(++serial).padStart(4, '0')}`;

/** A messaging-app account as member auth creates it, with the phone the app reported. */
async function appAccount(defaultPhone: string | null = newPhone()) {
  const openId = `sbx_bind_${++serial}`;
  const [row] = await database.db
    .insert(t.users)
    .values({ openId, nickname: '微信用户', defaultPhone })
    .returning({ id: t.users.id });
  return { id: row!.id, defaultPhone, openId };
}

async function phoneAccount(phone = newPhone()) {
  const [row] = await database.db
    .insert(t.users)
    .values({ phone, nickname: `用户${phone.slice(-4)}` })
    .returning({ id: t.users.id });
  return { id: row!.id, phone };
}

async function codeSentTo(userId: number, phone: string): Promise<string> {
  await sendBindCode(database.db, { userId, phone, clientIp: `10.0.0.${++serial % 250}` });
  const [latest] = await readOutbox(database.db, phone);
  return latest!.code!;
}

async function phoneOf(userId: number) {
  const [row] = await database.db.select().from(t.users).where(eq(t.users.id, userId));
  return row?.phone ?? null;
}

describe('the binding check', () => {
  it('asks an unbound account in the app to bind, offering the phone the app reported', async () => {
    const me = await appAccount('13900000001');
    expect(await bindPhoneStatus(database.db, me.id, true)).toEqual({
      isBindPhone: false,
      userDefaultPhone: '13900000001',
      needIntercept: true,
    });
    // Outside the app nothing intercepts.
    expect((await bindPhoneStatus(database.db, me.id, false)).needIntercept).toBe(false);
  });

  it('does not intercept an account with a phone', async () => {
    const me = await phoneAccount();
    expect(await bindPhoneStatus(database.db, me.id, true)).toEqual({
      isBindPhone: true,
      userDefaultPhone: null,
      needIntercept: false,
    });
  });
});

describe('binding a phone', () => {
  it('binds the phone the app reported without a code', async () => {
    const me = await appAccount();
    expect(
      await bindUserPhone(database.db, {
        clientIp: '10.0.0.3',
        userId: me.id,
        phone: me.defaultPhone!,
      }),
    ).toEqual({
      userId: me.id,
      merged: false,
    });
    expect(await phoneOf(me.id)).toBe(me.defaultPhone);
    expect((await bindPhoneStatus(database.db, me.id, true)).needIntercept).toBe(false);
    // Again: nothing to do. Another phone now: refused.
    expect(
      await bindUserPhone(database.db, {
        clientIp: '10.0.0.3',
        userId: me.id,
        phone: me.defaultPhone!,
      }),
    ).toEqual({
      userId: me.id,
      merged: false,
    });
    await expect(
      bindUserPhone(database.db, {
        clientIp: '10.0.0.3',
        userId: me.id,
        phone: newPhone(),
        verifyCode: '123456',
      }),
    ).rejects.toMatchObject({ code: 40912, message: '当前账户已绑定手机号' });
    await expect(
      sendBindCode(database.db, { userId: me.id, phone: newPhone(), clientIp: null }),
    ).rejects.toMatchObject({ code: 40912 });
  });

  it('binds another phone only with the code sent to it', async () => {
    const me = await appAccount();
    const other = newPhone();
    await expect(
      bindUserPhone(database.db, { clientIp: '10.0.0.3', userId: me.id, phone: other }),
    ).rejects.toMatchObject({ message: '请输入6位数字验证码' });
    const code = await codeSentTo(me.id, other);
    const wrong = code === '000000' ? '111111' : '000000';
    await expect(
      bindUserPhone(database.db, {
        clientIp: '10.0.0.3',
        userId: me.id,
        phone: other,
        verifyCode: wrong,
      }),
    ).rejects.toMatchObject({ code: 40010, message: '验证码错误或已失效' });
    expect(await phoneOf(me.id)).toBeNull();
    expect(
      await bindUserPhone(database.db, {
        clientIp: '10.0.0.3',
        userId: me.id,
        phone: other,
        verifyCode: code,
      }),
    ).toEqual({ userId: me.id, merged: false });
    expect(await phoneOf(me.id)).toBe(other);
  });

  it('refuses phones that are not mainland mobiles', async () => {
    const me = await appAccount();
    for (const phone of ['12345678901', '1380000000', 'abc'])
      await expect(
        bindUserPhone(database.db, {
          clientIp: '10.0.0.3',
          userId: me.id,
          phone,
          verifyCode: '123456',
        }),
      ).rejects.toMatchObject({ code: 400, message: '请输入有效的手机号码' });
    await expect(
      sendBindCode(database.db, { userId: me.id, phone: '12345678901', clientIp: null }),
    ).rejects.toMatchObject({ message: '请输入有效的手机号码' });
  });

  it('refuses the phone of another messaging-app account (default phone or with a code)', async () => {
    const taken = newPhone();
    const holder = await appAccount();
    await database.db.update(t.users).set({ phone: taken }).where(eq(t.users.id, holder.id));

    const me = await appAccount(taken);
    await expect(
      bindUserPhone(database.db, { clientIp: '10.0.0.3', userId: me.id, phone: taken }),
    ).rejects.toMatchObject({ code: 40911, message: '该手机号已绑定账户，请绑定其他手机号' });
    const other = await appAccount();
    const code = await codeSentTo(other.id, taken);
    await expect(
      bindUserPhone(database.db, {
        clientIp: '10.0.0.3',
        userId: other.id,
        phone: taken,
        verifyCode: code,
      }),
    ).rejects.toMatchObject({ code: 40911, message: '该手机号已绑定账户，请绑定其他手机号' });
    expect(await phoneOf(me.id)).toBeNull();
    expect(await phoneOf(other.id)).toBeNull();
    expect(await phoneOf(holder.id)).toBe(taken);
  });

  it('makes one account of a phone account and the app account binding its phone', async () => {
    const owner = await phoneAccount();
    await database.db
      .insert(t.shopMembers)
      .values({ shopId: '1001', userId: owner.id, role: 3, maxRole: 3 });
    const me = await appAccount();
    await database.db.insert(t.shopMembers).values({ shopId: '1001', userId: me.id });
    const appSession = await createSession(database.db, me.id);

    const code = await codeSentTo(me.id, owner.phone);
    expect(
      await bindUserPhone(database.db, {
        clientIp: '10.0.0.3',
        userId: me.id,
        phone: owner.phone,
        verifyCode: code,
      }),
    ).toEqual({ userId: owner.id, merged: true });
    const [merged] = await database.db.select().from(t.users).where(eq(t.users.id, owner.id));
    expect(merged).toMatchObject({ phone: owner.phone, openId: me.openId });
    expect(await database.db.select().from(t.users).where(eq(t.users.id, me.id))).toEqual([]);
    // The browser in the app is now signed in as the one account, a distributor still.
    expect((await getSessionUser(database.db, appSession))!.id).toBe(owner.id);
    const [member] = await database.db
      .select()
      .from(t.shopMembers)
      .where(eq(t.shopMembers.userId, owner.id));
    expect(member).toMatchObject({ role: 3 });
    expect((await bindPhoneStatus(database.db, owner.id, true)).needIntercept).toBe(false);
  });

  it('asks for a code before the app reported phone takes over an existing account', async () => {
    const owner = await phoneAccount();
    const me = await appAccount(owner.phone);
    await expect(
      bindUserPhone(database.db, { clientIp: '10.0.0.3', userId: me.id, phone: owner.phone }),
    ).rejects.toThrow('该手机号已注册，请获取验证码后绑定');
    const verifyCode = await codeSentTo(me.id, owner.phone);
    expect(
      await bindUserPhone(database.db, {
        clientIp: '10.0.0.3',
        userId: me.id,
        phone: owner.phone,
        verifyCode,
      }),
    ).toEqual({ userId: owner.id, merged: true });
  });
});
