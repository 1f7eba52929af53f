import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import { shopMembers, shops, smsOutbox, users } from '#lib/platform/db/schema.ts';
import { codeInText } from '#lib/identity/sms/outbox.server.ts';
import {
  adminBindInfo,
  bindAdminWithCode,
  bindOwnerIdentity,
  contractState,
  getMember,
  ownerIdentity,
  lastApplyShopLink,
  registerShopKeeper,
  sendAdminCode,
  signContract,
  switchRole,
} from './membership.server.ts';
import { demoPhones } from '#demo/handles.ts';

let database: Database;
let db: Database['db'];
const ids: Record<string, number> = {};

beforeAll(async () => {
  database = await memoryDatabase();
  db = database.db;
  for (const row of await db.select({ id: users.id, phone: users.phone }).from(users))
    if (row.phone) ids[row.phone] = row.id;
});
afterAll(() => database.close());

async function newUser(phone: string): Promise<number> {
  const [row] = await db.insert(users).values({ phone, nickname: '新用户' }).returning();
  return row!.id;
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: Error & { code: number }) => ({ code: error.code, message: error.message }),
  );

describe('switchRole', () => {
  it('lets the manager switch to customer and back to manager', async () => {
    const manager = ids[demoPhones.manager1001]!;
    expect(await switchRole(db, { shopId: '1001', userId: manager, role: 1 })).toEqual({
      currentRole: 1,
    });
    expect((await getMember(db, '1001', manager))!.currentRole).toBe(1);
    await switchRole(db, { shopId: '1001', userId: manager, role: 4 });
    expect((await getMember(db, '1001', manager))!.currentRole).toBe(4);
  });

  it('refuses a role the member does not hold, with 请切换为管理员身份操作 for manager', async () => {
    expect(
      await refusal(switchRole(db, { shopId: '1001', userId: ids[demoPhones.consumer]!, role: 4 })),
    ).toEqual({ code: 40301, message: '请切换为管理员身份操作' });
    expect(
      await refusal(switchRole(db, { shopId: '1001', userId: ids[demoPhones.consumer]!, role: 3 })),
    ).toEqual({ code: 40301, message: '没有权限访问' });
    // A member of 1001 is nobody in 1002.
    expect(
      await refusal(
        switchRole(db, { shopId: '1002', userId: ids[demoPhones.manager1001]!, role: 4 }),
      ),
    ).toMatchObject({ code: 40301 });
  });
});

describe('lastApplyShopLink', () => {
  it('answers the shop of the latest 申请开店 with its 注册进度 link; null before any', async () => {
    const user = await newUser('13900000191');
    expect(await lastApplyShopLink(db, user)).toBeNull();
    await registerShopKeeper(db, { shopId: '1002', userId: user, channel: 'normal' });
    const first = await lastApplyShopLink(db, user);
    expect(first).toMatchObject({
      shopId: '1002',
      link: '/registerAgentProcess?shopId=1002',
    });
    expect(first!.shopName).not.toBe('');
    await db
      .update(shopMembers)
      .set({ appliedAt: new Date(Date.now() - 60_000) })
      .where(and(eq(shopMembers.shopId, '1002'), eq(shopMembers.userId, user)));
    await registerShopKeeper(db, { shopId: '1001', userId: user, channel: 'normal' });
    expect(await lastApplyShopLink(db, user)).toMatchObject({
      shopId: '1001',
      link: '/registerAgentProcess?shopId=1001',
    });
    // The demo owner bound their shop; they never applied.
    expect(await lastApplyShopLink(db, ids[demoPhones.owner1001]!)).toBeNull();
  });
});

describe('the shop-keeper contract', () => {
  it('asks a shop keeper who has not signed, then records the signature', async () => {
    const keeper = await newUser('13900000101');
    await registerShopKeeper(db, { shopId: '1001', userId: keeper, channel: 'normal' });
    expect(await contractState(db, '1001', keeper)).toEqual({
      currentRole: 3,
      maxRole: 3,
      signAgreement: false,
      needSign: true,
    });
    await signContract(db, '1001', keeper);
    expect(await contractState(db, '1001', keeper)).toMatchObject({
      signAgreement: true,
      needSign: false,
    });
  });

  it('never asks a customer, and refuses a signature from a non-member', async () => {
    expect((await contractState(db, '1001', ids[demoPhones.consumer]!)).needSign).toBe(false);
    const stranger = await newUser('13900000102');
    expect(await refusal(signContract(db, '1001', stranger))).toMatchObject({ code: 40301 });
  });
});

describe('owner identity', () => {
  it('prompts the user whose phone opened the shop until they bind, then they keep it', async () => {
    const owner = await newUser('13900000103');
    await db
      .update(shops)
      .set({ ownerUserId: null, ownerPhone: '13900000103' })
      .where(eq(shops.id, '1002'));
    expect(await ownerIdentity(db, '1002', owner)).toEqual({
      needBind: true,
      shopName: '橙子好物',
      phone: '139****0103',
    });
    await bindOwnerIdentity(db, '1002', owner);
    expect((await ownerIdentity(db, '1002', owner)).needBind).toBe(false);
    const [shop] = await db.select().from(shops).where(eq(shops.id, '1002'));
    expect(shop!.ownerUserId).toBe(owner);
    expect(await getMember(db, '1002', owner)).toMatchObject({ currentRole: 3, level: 1 });
  });

  it('refuses anybody else', async () => {
    expect((await ownerIdentity(db, '1002', ids[demoPhones.consumer]!)).needBind).toBe(false);
    expect(await refusal(bindOwnerIdentity(db, '1002', ids[demoPhones.consumer]!))).toEqual({
      code: 40301,
      message: '当前账号不是该店铺的店主',
    });
  });
});

describe('shop-keeper application', () => {
  it('makes a customer a shop keeper credited to the inviting keeper', async () => {
    const applicant = await newUser('13900000104');
    const inviter = ids[demoPhones.owner1001]!;
    expect(
      await registerShopKeeper(db, {
        shopId: '1001',
        userId: applicant,
        channel: 'normal',
        inviterId: inviter,
      }),
    ).toEqual({ currentRole: 3 });
    const [row] = await db
      .select()
      .from(shopMembers)
      .where(and(eq(shopMembers.shopId, '1001'), eq(shopMembers.userId, applicant)));
    expect(row).toMatchObject({ role: 3, maxRole: 3, level: 1, invitedBy: inviter });
  });

  it('credits the inviter of a shopper who was a member before applying', async () => {
    const applicant = await newUser('13900000181');
    const inviter = ids[demoPhones.owner1001]!;
    await db.insert(shopMembers).values({ shopId: '1001', userId: applicant, role: 1, maxRole: 1 });
    await registerShopKeeper(db, {
      shopId: '1001',
      userId: applicant,
      channel: 'normal',
      inviterId: inviter,
    });
    const [row] = await db
      .select()
      .from(shopMembers)
      .where(and(eq(shopMembers.shopId, '1001'), eq(shopMembers.userId, applicant)));
    expect(row).toMatchObject({ role: 3, invitedBy: inviter });
  });

  it('credits nobody when the inviter is not a shop keeper here', async () => {
    const applicant = await newUser('13900000105');
    await registerShopKeeper(db, {
      shopId: '1001',
      userId: applicant,
      channel: 'tw',
      inviterId: ids[demoPhones.consumer]!,
    });
    const [row] = await db
      .select({ invitedBy: shopMembers.invitedBy })
      .from(shopMembers)
      .where(and(eq(shopMembers.shopId, '1001'), eq(shopMembers.userId, applicant)));
    expect(row!.invitedBy).toBeNull();
  });

  it('refuses a second application and a disabled keeper', async () => {
    expect(
      await refusal(
        registerShopKeeper(db, {
          shopId: '1001',
          userId: ids[demoPhones.owner1001]!,
          channel: 'normal',
        }),
      ),
    ).toEqual({ code: 409, message: '您已经是本店店主，无需重复申请' });
    expect(
      await refusal(
        registerShopKeeper(db, {
          shopId: '1001',
          userId: ids[demoPhones.disabledDistributor]!,
          channel: 'normal',
        }),
      ),
    ).toEqual({ code: 40301, message: '您的店主身份已被停用，请联系店铺' });
  });
});

describe('administrator application', () => {
  it('refuses to send the owner a code for the owner themself', async () => {
    const owner = ids[demoPhones.owner1001]!;
    expect(
      await refusal(sendAdminCode(db, { shopId: '1001', userId: owner, clientIp: null })),
    ).toEqual({ code: 409, message: '您是本店店主，无需申请管理员' });
  });

  it('sends the owner a code; with it the applicant becomes administrator and manager', async () => {
    const applicant = await newUser('13900000106');
    expect(await adminBindInfo(db, '1001', applicant)).toMatchObject({
      shopName: '小鹿优选',
      hasOwner: true,
      ownerPhone: '138****0003',
      administrator: false,
    });
    expect(await sendAdminCode(db, { shopId: '1001', userId: applicant, clientIp: null })).toEqual({
      ownerPhone: '138****0003',
    });
    const [sms] = await db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.phone, demoPhones.owner1001))
      .orderBy(smsOutbox.id);
    const code = codeInText(sms!.text)!;
    expect(sms!.text).toContain('管理员');

    const wrong = code === '000000' ? '111111' : '000000';
    expect(
      await refusal(
        bindAdminWithCode(db, {
          clientIp: '10.0.0.4',
          shopId: '1001',
          userId: applicant,
          code: wrong,
        }),
      ),
    ).toEqual({ code: 40010, message: '验证码错误或已失效' });
    expect(
      await bindAdminWithCode(db, {
        clientIp: '10.0.0.4',
        shopId: '1001',
        userId: applicant,
        code,
      }),
    ).toEqual({
      currentRole: 4,
    });
    expect(await getMember(db, '1001', applicant)).toMatchObject({
      currentRole: 4,
      maxRole: 4,
      administrator: true,
    });
    // The code is used up.
    expect(
      await refusal(
        bindAdminWithCode(db, { clientIp: '10.0.0.4', shopId: '1001', userId: applicant, code }),
      ),
    ).toMatchObject({ code: 40010 });
  });

  it('a code sent for one applicant does not make another one administrator', async () => {
    const asked = await newUser('13900000108');
    const other = await newUser('13900000109');
    // Shop 1002's owner phone has received nothing yet in this file.
    await sendAdminCode(db, { shopId: '1002', userId: asked, clientIp: null });
    const [owner] = await db
      .select({ phone: users.phone })
      .from(shops)
      .innerJoin(users, eq(users.id, shops.ownerUserId))
      .where(eq(shops.id, '1002'));
    const [sms] = await db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.phone, owner!.phone!))
      .orderBy(desc(smsOutbox.id));
    const code = codeInText(sms!.text)!;
    expect(
      await refusal(
        bindAdminWithCode(db, { clientIp: '10.0.0.4', shopId: '1002', userId: other, code }),
      ),
    ).toMatchObject({ code: 40010 });
    expect(
      await bindAdminWithCode(db, { clientIp: '10.0.0.4', shopId: '1002', userId: asked, code }),
    ).toEqual({
      currentRole: 4,
    });
  });

  it('a login code of the owner does not authorise an administrator', async () => {
    const applicant = await newUser('13900000107');
    const { issueCode } = await import('#lib/identity/sms-codes.server.ts');
    // The owner of 1001 receives a login code, two minutes on (past the resend interval).
    await issueCode(db, {
      phone: demoPhones.owner1001,
      clientIp: null,
      now: new Date(Date.now() + 120_000),
    });
    const [sms] = await db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.phone, demoPhones.owner1001))
      .orderBy(desc(smsOutbox.id));
    expect(sms!.text).toContain('登录验证码');
    expect(
      await refusal(
        bindAdminWithCode(db, {
          clientIp: '10.0.0.4',
          shopId: '1001',
          userId: applicant,
          code: codeInText(sms!.text)!,
        }),
      ),
    ).toMatchObject({ code: 40010 });
  });
});
