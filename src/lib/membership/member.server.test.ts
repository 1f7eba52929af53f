import { TEST_COUPON_RULES } from '#tests/fixtures/given.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_NOW, memoryDatabase } from '#tests/fixtures/db.ts';
import { givenOrder } from '#tests/fixtures/given.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import { addresses, coupons, userCoupons, users } from '#lib/platform/db/schema.ts';
import { getMyPage, getUserInfo } from './member.server.ts';
import { demoPhones } from '#demo/handles.ts';

let database: Database;
const ids: Record<string, number> = {};

beforeAll(async () => {
  database = await memoryDatabase();
  const rows = await database.db.select({ id: users.id, phone: users.phone }).from(users);
  for (const row of rows) ids[row.phone!] = row.id;
});
afterAll(() => database.close());

async function addOrder(userId: number, shopId: string, status: number, refundStatus?: number) {
  await givenOrder(database.db, { shopId, userId, status, refundStatus: refundStatus ?? null });
}

describe('getMyPage', () => {
  it('answers the seeded consumer: nickname, masked phone, one coupon, one address, the demo orders', async () => {
    const page = await getMyPage(database.db, '1001', ids[demoPhones.consumer]!, SEED_NOW);
    expect(page).toEqual({
      nickname: '小鹿买买',
      avatarUrl: null,
      maskedPhone: '138****0001',
      orderCounts: { awaitingPayment: 1, paid: 2, shipped: 1, refunds: 1 },
      unusedCoupons: 1,
      addresses: 1,
    });
  });

  it('counts orders by status in this shop only, and orders with a refund under review', async () => {
    const user = ids[demoPhones.owner1001]!;
    await addOrder(user, '1001', 10);
    await addOrder(user, '1001', 10);
    await addOrder(user, '1001', 20);
    await addOrder(user, '1001', 30);
    await addOrder(user, '1001', 30);
    await addOrder(user, '1001', 30);
    await addOrder(user, '1001', 40, 10); // completed, refund under review
    await addOrder(user, '1001', 30, 70); // refund approved: not counted as a refund
    await addOrder(user, '1001', 40, 60); // refund failed: not counted
    await addOrder(user, '1001', 50);
    await addOrder(user, '1002', 10); // another shop
    await addOrder(ids[demoPhones.consumer]!, '1001', 20); // another user
    const page = await getMyPage(database.db, '1001', user, SEED_NOW);
    expect(page.orderCounts).toEqual({ awaitingPayment: 2, paid: 1, shipped: 4, refunds: 1 });
    const other = await getMyPage(database.db, '1002', user, SEED_NOW);
    expect(other.orderCounts).toEqual({ awaitingPayment: 1, paid: 0, shipped: 0, refunds: 0 });
  });

  it('counts unused, still-valid coupons of this shop, and every address of the user', async () => {
    const user = ids[demoPhones.service1001]!;
    const [coupon] = await database.db
      .select({ id: coupons.id })
      .from(coupons)
      .where(eq(coupons.shopId, '1001'))
      .limit(1);
    const [otherShop] = await database.db
      .select({ id: coupons.id })
      .from(coupons)
      .where(eq(coupons.shopId, '1002'))
      .limit(1);
    const day = 86_400_000;
    const valid = {
      rules: TEST_COUPON_RULES,
      validFrom: new Date(SEED_NOW.getTime() - day),
      validTo: new Date(SEED_NOW.getTime() + day),
    };
    await database.db.insert(userCoupons).values([
      { couponId: coupon!.id, userId: user, shopId: '1001', status: 0, ...valid },
      { couponId: coupon!.id, userId: user, shopId: '1001', status: 0, ...valid },
      // Used (by a checkout) and expired ones are not counted.
      { couponId: coupon!.id, userId: user, shopId: '1001', status: 2, ...valid },
      { couponId: coupon!.id, userId: user, shopId: '1001', status: 2, ...valid },
      {
        couponId: coupon!.id,
        userId: user,
        shopId: '1001',
        status: 0,
        rules: TEST_COUPON_RULES,
        validFrom: new Date(SEED_NOW.getTime() - 3 * day),
        validTo: new Date(SEED_NOW.getTime() - day),
      },
      { couponId: otherShop!.id, userId: user, shopId: '1002', status: 0, ...valid },
    ]);
    const address = {
      userId: user,
      name: '安',
      phone: demoPhones.service1001,
      province: '浙江省',
      city: '杭州市',
      district: '西湖区',
      detail: '1 号',
    };
    await database.db.insert(addresses).values([address, address, address]);
    const page = await getMyPage(database.db, '1001', user, SEED_NOW);
    expect(page.unusedCoupons).toBe(2);
    expect(page.addresses).toBe(3);
    expect((await getMyPage(database.db, '1002', user, SEED_NOW)).unusedCoupons).toBe(1);
  });

  it('shows no phone for an account without one, and refuses an unknown user as logged out', async () => {
    const [row] = await database.db
      .insert(users)
      .values({ nickname: 'wx', avatarUrl: '/media/1' })
      .returning({ id: users.id });
    const page = await getMyPage(database.db, '1001', row!.id, SEED_NOW);
    expect(page).toMatchObject({ nickname: 'wx', avatarUrl: '/media/1', maskedPhone: '' });
    await expect(getMyPage(database.db, '1001', 987_654_321)).rejects.toMatchObject({
      code: 100006,
      message: '用户未登录',
    });
  });
});

describe('getUserInfo', () => {
  it.each([
    [
      demoPhones.consumer,
      { currentRole: 1, maxRole: 1, level: null, administrator: false, userType: 1 },
    ],
    [
      demoPhones.owner1001,
      { currentRole: 3, maxRole: 3, level: 1, administrator: false, userType: 3 },
    ],
    [
      demoPhones.manager1001,
      { currentRole: 4, maxRole: 4, level: null, administrator: true, userType: 1 },
    ],
    [
      demoPhones.service1001,
      { currentRole: 5, maxRole: 5, level: null, administrator: false, userType: 1 },
    ],
  ] as const)('answers the standing of %s in shop 1001', async (phone, expected) => {
    const info = await getUserInfo(database.db, '1001', ids[phone]!);
    expect(info).toMatchObject({
      userId: ids[phone],
      phone: `138****${phone.slice(7)}`,
      distributorDisable: false,
      ...expected,
    });
  });

  it('keeps a disabled distributor disabled (the client counts them as a customer)', async () => {
    const info = await getUserInfo(database.db, '1001', ids[demoPhones.disabledDistributor]!);
    expect(info).toEqual({
      userId: ids[demoPhones.disabledDistributor],
      nickname: '前店主老吴',
      avatarUrl: null,
      phone: '138****0007',
      currentRole: 3,
      maxRole: 3,
      distributorDisable: true,
      level: 1,
      administrator: false,
      userType: 3,
    });
  });

  it('answers a consumer for a user who is not a member of the shop', async () => {
    const info = await getUserInfo(database.db, '1002', ids[demoPhones.consumer]!);
    expect(info).toMatchObject({
      currentRole: 1,
      maxRole: 1,
      distributorDisable: false,
      level: null,
      administrator: false,
      userType: 1,
    });
  });

  it('refuses an unknown shop with 404 and an unknown user as logged out', async () => {
    await expect(getUserInfo(database.db, '9999', ids[demoPhones.consumer]!)).rejects.toMatchObject(
      {
        code: 404,
        message: '店铺不存在',
      },
    );
    await expect(getUserInfo(database.db, '1001', 987_654_321)).rejects.toMatchObject({
      code: 100006,
    });
  });
});
