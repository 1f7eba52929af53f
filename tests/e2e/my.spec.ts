/**
 * The my page for every demo role (DESIGN.md phones), its order shortcuts, logging out from it,
 * and the user-info call, on a shop served from PostgreSQL so the test can set up orders and
 * sessions in the same database.
 */
import { eq } from 'drizzle-orm';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test, type PgShop } from './fixtures.ts';
import { demoPhones } from '#demo/handles.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import * as t from '#lib/platform/db/schema.ts';
import { userIdFor } from '../fixtures/accounts.ts';
import { givenOrder } from '../fixtures/given.ts';

let admin: Database;
let shop: PgShop;

test.describe.configure({ mode: 'serial' });

test.use({ shopDatabase: 'shop_e2e_my' });
test.beforeAll(({ pgShop }) => {
  shop = pgShop;
  admin = pgShop.admin;
});

const userIdOf = (phone: string) => userIdFor(admin, phone);
const signIn = async (context: BrowserContext, phone: string) =>
  (await shop.signIn(context, phone)).token;

const trimmed = async (texts: Promise<string[]>) => (await texts).map((s) => s.trim());
const tabLabels = (page: Page) =>
  trimmed(page.locator('nav[aria-label="主导航"] a').allInnerTexts());
const entries = (page: Page, group: string) =>
  page.locator(`[data-entries="${group}"] [data-entry]`);
const entryLabels = (page: Page, group: string) =>
  trimmed(page.locator(`[data-entries="${group}"] [data-entry] .label`).allInnerTexts());

// 联系店主: shop 1001 has a consultation QR code (im-setting).
const SHOPPER = [
  '优惠券',
  '收货地址',
  '幸运抽奖',
  '领券中心',
  '心愿单',
  '发票',
  '协议与规则',
  '在线客服',
  '联系店主',
];
const DISTRIBUTOR = ['我的收益', '我的钱包', '我的客户', '数据中心', '分享优惠券'];
/** The manager's entries; 提现审核 decides the owner's own withdrawals (issue #27). */
const MANAGER = ['店铺装修', '皮肤', '全局加价', '隐藏的品牌', '功能设置', '协议管理', '提现审核'];
/** The owner's desk (店铺管理), for the shop's owner in role D only. */
const OWNER = [
  '店铺设置',
  '咨询二维码',
  '营业执照',
  '待发货订单',
  '售后审核',
  '提现审核',
  '开票管理',
];

test.describe('each demo role sees its tab bar and its my page', () => {
  for (const row of [
    {
      phone: demoPhones.consumer,
      who: 'a consumer',
      name: '小鹿买买',
      badge: '消费者',
      tabs: ['首页', '订单', '我的'],
      group: null,
      switchTo: [],
    },
    {
      phone: demoPhones.owner1001,
      who: 'a distributor',
      name: '林店主',
      badge: '店主',
      tabs: ['首页', '订单', '我的'],
      group: 'distributor',
      switchTo: ['1'],
    },
    {
      phone: demoPhones.manager1001,
      who: 'a manager (设置 in place of 我的, /my still opens)',
      name: '周管理',
      badge: '管理员',
      tabs: ['首页', '订单', '设置'],
      group: 'manager',
      switchTo: ['1'],
    },
    {
      phone: demoPhones.service1001,
      who: 'customer service',
      name: '客服小安',
      badge: '客服',
      tabs: ['首页', '订单', '客服', '我的'],
      group: null,
      switchTo: [],
    },
    {
      phone: demoPhones.disabledDistributor,
      who: 'a disabled distributor (counts as a consumer)',
      name: '前店主老吴',
      badge: '消费者',
      tabs: ['首页', '订单', '我的'],
      group: null,
      switchTo: [],
    },
  ] as const) {
    test(row.who, async ({ page, context }, testInfo) => {
      await signIn(context, row.phone);
      const response = await page.goto(`${shop.url}/my?shopId=1001`);
      expect(response?.status()).toBe(200);
      expect(await tabLabels(page)).toEqual(row.tabs);

      const header = page.locator('header.profile');
      await expect(header.getByRole('heading', { level: 1 })).toHaveText(row.name);
      await expect(header).toContainText(`138****${row.phone.slice(7)}`);
      await expect(header.locator('[data-role-badge]')).toHaveText(row.badge);
      // No avatar in the demo: the nickname's first character in a circle.
      await expect(header.locator('.avatar.initial')).toHaveText(row.name[0]!);

      await expect(page.locator('[data-order-status]')).toHaveCount(4);
      expect(
        await trimmed(page.locator('[data-order-status] [data-order-label]').allInnerTexts()),
      ).toEqual(['待付款', '待发货', '待收货', '退款/售后']);
      expect(await entryLabels(page, 'shopper')).toEqual(SHOPPER);
      if (row.group === 'distributor')
        expect(await entryLabels(page, row.group)).toEqual(DISTRIBUTOR);
      else await expect(entries(page, 'distributor')).toHaveCount(0);
      if (row.group === 'manager') expect(await entryLabels(page, row.group)).toEqual(MANAGER);
      else await expect(entries(page, 'manager')).toHaveCount(0);
      if (row.phone === demoPhones.owner1001)
        expect(await entryLabels(page, 'owner')).toEqual(OWNER);
      else await expect(entries(page, 'owner')).toHaveCount(0);

      const switches = page.locator('[data-switch-role]');
      expect(
        await switches.evaluateAll((els) =>
          els.map((el) => (el as HTMLElement).dataset.switchRole),
        ),
      ).toEqual(row.switchTo);
      await expect(page.getByRole('button', { name: '退出登录' })).toBeVisible();

      await page.screenshot({ path: testInfo.outputPath(`my-${row.phone}.png`), fullPage: true });
    });
  }

  test('entries link to their routes, keeping the shop and the sharer', async ({
    page,
    context,
  }) => {
    await signIn(context, demoPhones.owner1001);
    await page.goto(`${shop.url}/my?shopId=1001&distributorId=77`);
    const href = (selector: string) => page.locator(selector).getAttribute('href');
    for (const [route, path] of [
      ['coupon', '/coupon'],
      ['addressList', '/addressList'],
      ['wishList', '/wishList'],
      ['invoiceApplyRecord', '/invoiceApplyRecord'],
      ['income', '/income'],
      ['wallet', '/wallet'],
      ['customer', '/customer'],
      ['shop-data', '/shop-data'],
    ]) {
      const url = new URL((await href(`[data-entry="${route}"]`))!, shop.url);
      expect(url.pathname, route).toBe(path);
      expect(url.searchParams.get('shopId'), route).toBe('1001');
      expect(url.searchParams.get('distributorId'), route).toBe('77');
    }
    const pending = new URL((await href('[data-order-status="10"]'))!, shop.url);
    expect(pending.pathname).toBe('/order');
    expect(pending.searchParams.get('status')).toBe('10');
    expect(pending.searchParams.get('shopId')).toBe('1001');
    // The withdraw guide (role 3) finds the wallet entry.
    await expect(page.locator('[data-entry="wallet"]')).toHaveAttribute('data-guide', 'myWithdraw');
    // The unpaid-order guide marks 待付款 only while orders wait for payment (none here).
    await expect(page.locator('[data-order-status="10"]')).not.toHaveAttribute('data-guide');
  });

  test('the manager entries open for the manager, and the skin guide hook is set', async ({
    page,
    context,
  }) => {
    await signIn(context, demoPhones.manager1001);
    await page.goto(`${shop.url}/my?shopId=1001`);
    await expect(page.locator('.my')).toHaveAttribute('data-skin-guide', 'eligible');
    await expect(page.locator('[data-entry="decoration"]')).toHaveAttribute(
      'data-guide',
      'skinTipGuide',
    );
    await page.locator('[data-entry="global-add-price"]').click();
    await expect(page).toHaveURL(/\/global-add-price\?shopId=1001/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('a picture avatar shows when the account has one', async ({ page, context }) => {
    const userId = await userIdOf(demoPhones.owner1001);
    const [media] = await admin.db.select({ id: t.media.id }).from(t.media).limit(1);
    await admin.db
      .update(t.users)
      .set({ avatarUrl: `/media/${media!.id}` })
      .where(eq(t.users.id, userId));
    try {
      await signIn(context, demoPhones.owner1001);
      await page.goto(`${shop.url}/my?shopId=1001`);
      const avatar = page.locator('header.profile img.avatar');
      await expect(avatar).toHaveAttribute('src', `/media/${media!.id}`);
      expect(
        await avatar.evaluate((img) => (img as HTMLImageElement).naturalWidth),
      ).toBeGreaterThan(0);
    } finally {
      await admin.db.update(t.users).set({ avatarUrl: null }).where(eq(t.users.id, userId));
    }
  });
});

test('a manager switches to consumer from the my page and back', async ({ page, context }) => {
  const userId = await userIdOf(demoPhones.manager1001);
  try {
    await signIn(context, demoPhones.manager1001);
    await page.goto(`${shop.url}/my?shopId=1001`);
    await page.locator('[data-switch-role="1"]').click();
    await expect(page.locator('[data-role-badge]')).toHaveText('消费者');
    expect(await tabLabels(page)).toEqual(['首页', '订单', '我的']);
    await expect(entries(page, 'manager')).toHaveCount(0);
    await page.locator('[data-switch-role="4"]').click();
    await expect(page.locator('[data-role-badge]')).toHaveText('管理员');
    expect(await tabLabels(page)).toEqual(['首页', '订单', '设置']);
    expect(await entryLabels(page, 'manager')).toEqual(MANAGER);
  } finally {
    await admin.db.update(t.shopMembers).set({ role: 4 }).where(eq(t.shopMembers.userId, userId));
  }
});

test('the order shortcuts count the shopper’s orders in this shop by status', async ({
  page,
  context,
}, testInfo) => {
  // A shopper of their own: the demo consumer's seeded orders move with the clock (the unpaid one
  // cancels itself after 12 minutes).
  const phone = '13799990011';
  const userId = await userIdOf(phone);
  const addOrder = async (shopId: string, status: number, refundStatus: number | null = null) => {
    await givenOrder(admin.db, { shopId, userId, status, refundStatus });
  };
  try {
    for (const status of [10, 10, 20, 30, 30, 30, 40, 50]) await addOrder('1001', status);
    await addOrder('1001', 40, 10);
    await addOrder('1001', 30, 70);
    await addOrder('1002', 10);

    await signIn(context, phone);
    await page.goto(`${shop.url}/my?shopId=1001`);
    const count = (status: string) => page.locator(`[data-order-status="${status}"] [data-count]`);
    await expect(count('10')).toHaveText('2');
    await expect(count('20')).toHaveText('1');
    await expect(count('30')).toHaveText('4');
    await expect(count('refund')).toHaveText('1');
    await page.screenshot({ path: testInfo.outputPath('my-counts.png') });

    // No orders in the other shop beyond the one awaiting payment.
    await page.goto(`${shop.url}/my?shopId=1002`);
    await expect(count('10')).toHaveText('1');
    await expect(page.locator('[data-count]')).toHaveCount(1);
  } finally {
    await admin.db.delete(t.orders).where(eq(t.orders.userId, userId));
    await admin.db.delete(t.orderGroups).where(eq(t.orderGroups.userId, userId));
  }

  // The seeded consumer has one unused coupon and one address.
  await signIn(context, demoPhones.consumer);
  await page.goto(`${shop.url}/my?shopId=1001`);
  await expect(page.locator('[data-entry="coupon"] .note')).toHaveText('1 张可用');
  await expect(page.locator('[data-entry="addressList"] .note')).toHaveText('1 个');
});

test.describe('user info', () => {
  const userInfo = (page: Page, shopBizCode = '1001') =>
    page.request.get(`${shop.url}/api/member/xdwxh5/member/userInfo?shopBizCode=${shopBizCode}`);

  test('answers the signed-in user’s standing in the shop', async ({ page, context }) => {
    await signIn(context, demoPhones.disabledDistributor);
    const response = await userInfo(page);
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({
      code: 0,
      message: 'success',
      success: true,
      data: {
        userId: await userIdOf(demoPhones.disabledDistributor),
        nickname: '前店主老吴',
        avatarUrl: null,
        phone: '138****0007',
        currentRole: 3,
        maxRole: 3,
        distributorDisable: true,
        level: 1,
        administrator: false,
        userType: 3,
      },
    });

    await context.clearCookies();
    await signIn(context, demoPhones.manager1001);
    expect((await (await userInfo(page)).json()).data).toMatchObject({
      currentRole: 4,
      maxRole: 4,
      distributorDisable: false,
      level: null,
      administrator: true,
      userType: 1,
    });
    // Not a member of 1002: a consumer there.
    expect((await (await userInfo(page, '1002')).json()).data).toMatchObject({
      currentRole: 1,
      maxRole: 1,
      administrator: false,
      userType: 1,
    });
    expect((await (await userInfo(page, '9999')).json()).code).toBe(404);
  });

  test('answers 100006 when logged out', async ({ page }) => {
    const body = await (await userInfo(page)).json();
    expect(body).toMatchObject({ code: 100006, message: '用户未登录', success: false });
  });
});

test('logging out from the my page asks first, then ends the session', async ({
  page,
  context,
}) => {
  const token = await signIn(context, demoPhones.owner1001);
  await page.goto(`${shop.url}/my?shopId=1001`);
  const confirm = page.getByRole('dialog', { name: '确定退出登录吗？' });
  await expect(confirm).toBeHidden();
  // 取消 keeps the shopper signed in, on the page.
  await page.getByRole('button', { name: '退出登录' }).click();
  await expect(confirm).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/my-logout-confirm-375x667.png' });
  await confirm.getByRole('button', { name: '取消' }).click();
  await expect(confirm).toBeHidden();
  expect((await context.cookies()).find((c) => c.name === 'sid')).toBeDefined();
  await expect(page).toHaveURL(/\/my\?shopId=1001/);

  await page.getByRole('button', { name: '退出登录' }).click();
  await confirm.getByRole('button', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/index\?shopId=1001/);
  expect((await context.cookies()).find((c) => c.name === 'sid')).toBeUndefined();

  // The old session cookie is dead on the server, not just forgotten by the browser.
  await context.addCookies([
    { name: 'sid', value: token, url: shop.url, httpOnly: true, sameSite: 'Lax' },
  ]);
  const body = await (
    await page.request.get(`${shop.url}/api/member/xdwxh5/member/userInfo?shopBizCode=1001`)
  ).json();
  expect(body.code).toBe(100006);
  const my = await page.request.get(`${shop.url}/my?shopId=1001`, { maxRedirects: 0 });
  expect(my.status()).toBe(302);
});
