/**
 * 无忧购 (wuyouIntro, wuyouDetail) as a shopper meets it, on a phone (375×667):
 *
 * - from an insured order: 订单详情 → 退货运费险 → 无忧购, which shows what a return is paid
 *   (the rules' covers, the one at the shopper's address), the premiums, how a claim is paid,
 *   and the shopper's own policies in force and claims, as the shop's records hold them;
 * - /wuyouIntro/detail is the same page opened at its rules;
 * - from 确认订单's insurance row;
 * - a shop that turned freight insurance off says so.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { and, desc, eq, gt, inArray, notInArray, sql } from 'drizzle-orm';
import { expect, test, type PgShop } from './fixtures.ts';
import * as t from '#lib/platform/db/schema.ts';
import { formatYuan } from '#lib/platform/money.ts';
import {
  PREMIUM_BANDS,
  REMOTE_COVER_CENTS,
  REMOTE_PROVINCES,
  STANDARD_COVER_CENTS,
  insuranceCover,
} from '#lib/insurance/rules.ts';
import { OrderStatus } from '#lib/orders/status.ts';
import { demoPhones } from '#demo/handles.ts';
import { freshPhone, userIdFor } from '../fixtures/accounts.ts';
import { givenProduct, givenSale, givenShop } from '../fixtures/given.ts';

let shop: PgShop;

test.describe.configure({ mode: 'serial' });
test.use({ shopDatabase: 'shop_e2e_wuyou' });
test.beforeAll(({ pgShop }) => {
  shop = pgShop;
});

const screen = (name: string) => `test-results/screens/wuyou-${name}-375x667.png`;
const at = (shopId: string, path: string) =>
  `${shop.url}${path}${path.includes('?') ? '&' : '?'}shopId=${shopId}`;

/** What axe finds serious or critical on the page as it stands, one line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map((node) => `${v.id}: ${node.target.join(' ')} ${node.failureSummary ?? ''}`),
    );
}

async function userOf(phone: string): Promise<number> {
  const [row] = await shop.admin.db
    .select({ id: t.users.id })
    .from(t.users)
    .where(eq(t.users.phone, phone));
  return row!.id;
}

/** What the shop's records say of the shopper's freight insurance in the shop. */
async function recordsOf(userId: number, shopId: string) {
  const insured = and(
    eq(t.orders.userId, userId),
    eq(t.orders.shopId, shopId),
    gt(t.orders.insuranceCents, 0),
  );
  const claims = await shop.admin.db
    .select({ orderId: t.insuranceClaims.orderId, amountCents: t.insuranceClaims.amountCents })
    .from(t.insuranceClaims)
    .where(and(eq(t.insuranceClaims.userId, userId), eq(t.insuranceClaims.shopId, shopId)));
  const claimed = claims.map((c) => c.orderId);
  const [inForce] = await shop.admin.db
    .select({ n: sql<number>`count(*)::int` })
    .from(t.orders)
    .where(
      and(
        insured,
        notInArray(t.orders.status, [OrderStatus.AwaitingPayment, OrderStatus.Cancelled]),
        claimed.length > 0 ? notInArray(t.orders.id, claimed) : undefined,
      ),
    );
  const newest = await shop.admin.db
    .select({ orderNo: t.orders.orderNo, id: t.orders.id })
    .from(t.orders)
    .where(insured)
    .orderBy(desc(t.orders.id))
    .limit(3);
  const [address] = await shop.admin.db
    .select({ province: t.addresses.province })
    .from(t.addresses)
    .where(eq(t.addresses.userId, userId))
    .orderBy(desc(t.addresses.isDefault), desc(t.addresses.createdAt), desc(t.addresses.id))
    .limit(1);
  return {
    inForce: Number(inForce!.n),
    claims: claims.length,
    claimedCents: claims.reduce((sum, c) => sum + c.amountCents, 0),
    newest,
    province: address?.province ?? null,
  };
}

test('from an insured order, 无忧购 shows what a return is paid and the shopper’s own claims', async ({
  page,
  context,
}) => {
  // The demo's former keeper: an insured parcel whose return the owner approved (a claim owed).
  await shop.signIn(context, 'disabledDistributor');
  const me = await userOf(demoPhones.disabledDistributor);
  const records = await recordsOf(me, '1001');
  expect(records.claims).toBeGreaterThan(0);
  const [insured] = records.newest;

  await page.goto(at('1001', `/orderDetail?orderNo=${insured!.orderNo}`));
  await page.getByRole('link', { name: '退货运费险 ›' }).click();
  await expect(page).toHaveURL(/\/freightInsurance\?/);
  await page.getByRole('link', { name: '无忧购', exact: true }).click();
  await expect(page).toHaveURL(/\/wuyouIntro\?/);
  await expect(page.getByRole('heading', { name: '无忧购', level: 1 })).toBeVisible();

  // The promise, in the rules' numbers.
  await expect(page.locator('[data-top-cover]')).toHaveText(
    `最高赔 ¥${formatYuan(REMOTE_COVER_CENTS)}`,
  );
  await expect(page.getByText(`${REMOTE_PROVINCES.join('、')} ¥25.00`)).toBeVisible();
  await expect(page.getByText('其他地区 ¥12.00', { exact: true })).toBeVisible();
  expect(REMOTE_COVER_CENTS).toBe(2500);
  expect(STANDARD_COVER_CENTS).toBe(1200);
  // No address saved (the demo's orders carry their own): no cover at an address to name.
  expect(records.province).toBeNull();
  await expect(page.locator('[data-my-cover]')).toHaveCount(0);
  await expect(page.locator('[data-not-offered]')).toHaveCount(0);

  // The shopper's own: in force, claimed, and what the claims pay, as the records hold them.
  const summary = page.locator('[data-my-summary]');
  await expect(summary).toContainText(`${records.inForce}保障中`);
  await expect(summary).toContainText(`${records.claims}已理赔`);
  await expect(summary).toContainText(`¥${formatYuan(records.claimedCents)}理赔金额`);
  await expect(page.locator('[data-policy-order]')).toHaveCount(records.newest.length);
  await expect(page.locator('[data-policy-order]').first()).toHaveAttribute(
    'data-policy-order',
    records.newest[0]!.orderNo,
  );
  await expect(page.locator(`[data-policy-order="${insured!.orderNo}"]`)).toContainText('待赔付');
  await page.screenshot({ path: screen('intro') });

  // The rules fold under 保障详情 here.
  await expect(page.locator('[data-premium-table]')).toBeHidden();
  await page.getByText('保障详情').click();
  await expect(page.locator('[data-premium-table]')).toBeVisible();
  await page.screenshot({ path: screen('intro-full'), fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);

  // Its 全部运费险 is the policy list.
  await page.getByRole('link', { name: '全部运费险 ›' }).click();
  await expect(page.getByRole('heading', { name: '我的运费险' })).toBeVisible();
});

test('/wuyouIntro/detail is the same page, opened at the premiums, covers and how a claim is paid', async ({
  page,
  context,
}) => {
  await shop.signIn(context, 'consumer');
  await page.goto(at('1001', '/wuyouIntro/detail'));
  await expect(page.getByRole('heading', { name: '无忧购', level: 1 })).toBeVisible();
  const premiums = page.locator('[data-premium-table] tbody tr');
  await expect(premiums).toHaveCount(PREMIUM_BANDS.length);
  const expected = PREMIUM_BANDS.map(([, premium]) => `¥${formatYuan(premium)}`);
  for (const [i, premium] of expected.entries()) {
    await expect(premiums.nth(i).locator('td').last()).toHaveText(premium);
  }
  await expect(premiums.first().locator('td').first()).toHaveText('¥0.00 – ¥99.99');
  await expect(page.locator('[data-cover-table] td')).toHaveText(['¥25.00', '¥12.00']);
  const steps = page.locator('[data-claim-steps] li');
  await expect(steps).toHaveCount(4);
  await expect(steps.nth(2)).toHaveText('商家审核通过，自动生成理赔单（待赔付）');
  await expect(steps.nth(3)).toContainText('已赔付');
  await expect(page.getByText('跨境商品暂不支持运费险。')).toBeVisible();

  const me = await userOf(demoPhones.consumer);
  const records = await recordsOf(me, '1001');
  await expect(page.locator('[data-my-summary]')).toContainText(`${records.inForce}保障中`);
  expect(records.province).not.toBeNull();
  await expect(page.locator('[data-my-cover]')).toHaveText(
    `按你的收货地址（${records.province}），退货可赔 ¥${formatYuan(insuranceCover(records.province!))}`,
  );
  await page.screenshot({ path: screen('detail') });
  await page.screenshot({ path: screen('detail-full'), fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
});

test('a new shopper in 新疆 is promised ¥25.00, from 确认订单’s insurance row; no policies yet', async ({
  page,
  context,
}) => {
  const owned = await givenShop(shop.admin.db);
  const sale = await givenSale(shop.admin.db, owned.shopId, { title: '无忧购测试特卖' });
  const product = await givenProduct(shop.admin.db, sale, { name: '羊绒围巾', priceCents: 15_900 });
  const phone = freshPhone();
  const id = await userIdFor(shop.admin, phone, '无忧购顾客');
  await shop.admin.db.insert(t.addresses).values({
    userId: id,
    name: '阿依',
    phone: '13700137002',
    province: '新疆维吾尔自治区',
    city: '乌鲁木齐市',
    district: '天山区',
    regionCode: '650102',
    detail: '人民路1号',
    isDefault: true,
  });
  await shop.signIn(context, phone);

  await page.goto(at(owned.shopId, `/confirmationOrder?skuNo=${product.skuNos[0]}&quantity=1`));
  await expect(page.locator('[data-cover]')).toHaveText('退货时赔付运费 ¥25.00，每单一次');
  await page.locator('[data-insurance]').scrollIntoViewIfNeeded();
  await page.screenshot({ path: screen('checkout-row') });
  await page.getByRole('link', { name: '无忧购 ›' }).click();
  await expect(page).toHaveURL(/\/wuyouIntro\?/);
  await expect(page.locator('[data-my-cover]')).toHaveText(
    '按你的收货地址（新疆维吾尔自治区），退货可赔 ¥25.00',
  );
  await expect(page.locator('[data-my-summary]')).toContainText('0保障中');
  await expect(page.locator('[data-my-summary]')).toContainText('¥0.00理赔金额');
  await expect(page.locator('[data-no-policies]')).toHaveText('暂无投保运费险的订单');
  await page.screenshot({ path: screen('new-shopper') });
});

test('a shop that turned freight insurance off says so on 无忧购', async ({ page, context }) => {
  const owned = await givenShop(shop.admin.db);
  await shop.admin.db
    .update(t.shops)
    .set({ freightInsurance: false })
    .where(inArray(t.shops.id, [owned.shopId]));
  await shop.signIn(context, 'consumer');
  await page.goto(at(owned.shopId, '/wuyouIntro'));
  await expect(page.locator('[data-not-offered]')).toHaveText(
    '本店暂未开通运费险，在本店下单暂不能加购。',
  );
  // Nothing to buy here: no cover promised at the shopper's address.
  await expect(page.locator('[data-my-cover]')).toHaveCount(0);
  await page.screenshot({ path: screen('not-offered') });
});
