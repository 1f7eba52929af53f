/**
 * Reading orders as a shopper would: the 订单 tab with its counts and tabs, an unpaid order's
 * detail with its countdown, a shipped order's logistics, the order search, and the demo
 * distributor's promotion orders (buyer masked, commission, 发货 form). Orders are written into
 * the shop's PostgreSQL database by the test (givenOrder); every read of another user's order
 * answers not-found, page and endpoint alike.
 */
import { eq } from 'drizzle-orm';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test, type PgShop, islandsHydrated } from './fixtures.ts';
import { demoPhones } from '#demo/handles.ts';
import * as t from '#lib/platform/db/schema.ts';
import { freshPhone, userIdFor } from '../fixtures/accounts.ts';
import { givenMember, givenOrder } from '../fixtures/given.ts';
import { DEFAULT_SHIP_FROM_CITY, sandboxTraces } from '#lib/orders/logistics.server.ts';

let shop: PgShop;

test.describe.configure({ mode: 'serial' });
test.use({ shopDatabase: 'shop_e2e_orders' });
test.beforeAll(({ pgShop }) => {
  shop = pgShop;
});

const SHOP = '1001';
const HOUR = 3_600_000;
const screen = (name: string) => `test-results/screens/orders-${name}-375x667.png`;

/** A new shopper of their own, so the counts are theirs alone. */
async function newShopper(context: BrowserContext, nickname = '新顾客') {
  const phone = freshPhone();
  const id = await userIdFor(shop.admin, phone, nickname);
  await shop.signIn(context, phone);
  return { id, phone };
}

const order = (
  userId: number,
  status: number,
  extra: Partial<Parameters<typeof givenOrder>[1]> = {},
) => givenOrder(shop.admin.db, { shopId: SHOP, userId, status, ...extra });

async function groupNoOf(groupId: number): Promise<string> {
  const [row] = await shop.admin.db
    .select({ groupNo: t.orderGroups.groupNo })
    .from(t.orderGroups)
    .where(eq(t.orderGroups.id, groupId));
  return row!.groupNo;
}

/** Ships an order: shipped `hoursAgo`, with a 顺丰 parcel. */
async function ship(orderId: number, trackingNo: string, hoursAgo: number) {
  const shippedAt = new Date(Date.now() - hoursAgo * HOUR);
  const [row] = await shop.admin.db
    .update(t.orders)
    .set({ shippedAt })
    .where(eq(t.orders.id, orderId))
    .returning({ address: t.orders.address });
  // The traces Kuaidi100 (the sandbox) has pushed by now (logistics-push.spec.ts pushes for real).
  const pushed = sandboxTraces({
    carrier: 'SF',
    trackingNo,
    shippedAt,
    fromCity: DEFAULT_SHIP_FROM_CITY,
    to: row!.address,
  }).filter((trace) => Date.parse(trace.time) <= Date.now());
  await shop.admin.db.insert(t.logistics).values({
    orderId,
    carrier: 'SF',
    company: '顺丰速运',
    trackingNo,
    traces: [...pushed].reverse(),
    latestTraceAt: pushed.length ? new Date(pushed.at(-1)!.time) : null,
  });
}

const tab = (page: Page, name: string) => page.locator(`[data-order-tab="${name}"]`);
const cards = (page: Page) => page.locator('[data-order-card]');

test('the 订单 tab: counts per tab, each tab its orders, the my page shortcuts', async ({
  page,
  context,
}) => {
  const me = await newShopper(context);
  const unpaid = await order(me.id, 10, { productName: '羊毛围巾', saleTitle: '冬季特卖' });
  await order(me.id, 10, { productName: '保温杯' });
  await order(me.id, 20, { productName: '纯棉T恤' });
  await order(me.id, 20, { productName: '运动鞋', refundStatus: 10 });
  await order(me.id, 30, { productName: '羊绒大衣' });
  await order(me.id, 40, { productName: '真丝睡衣' });
  await order(me.id, 50, { productName: '帆布包' });

  const response = await page.goto(`${shop.url}/order?shopId=${SHOP}`);
  expect(response?.status()).toBe(200);
  expect(response?.headers()['cache-control']).toContain('no-store');
  await expect(page.getByRole('heading', { name: '我的订单' })).toBeVisible();
  await expect(tab(page, 'all')).toHaveAttribute('aria-current', 'page');
  const count = (name: string) => tab(page, name).locator('[data-count]');
  await expect(count('unpaid')).toHaveText('2');
  await expect(count('unshipped')).toHaveText('2');
  await expect(count('shipped')).toHaveText('1');
  await expect(count('done')).toHaveText('1');
  await expect(count('refund')).toHaveText('1');
  await expect(cards(page)).toHaveCount(7);
  await page.screenshot({ path: screen('list') });

  await tab(page, 'unpaid').click();
  await expect(tab(page, 'unpaid')).toHaveAttribute('aria-current', 'page');
  await expect(cards(page)).toHaveCount(2);
  const first = page.locator(`[data-order-card="${unpaid.orderNo}"]`);
  await expect(first).toContainText('冬季特卖');
  await expect(first).toContainText('待付款');
  await expect(first).toContainText('羊毛围巾');
  await expect(first.getByRole('link', { name: '去支付' })).toHaveAttribute(
    'href',
    new RegExp(`^/checkout\\?orderNo=${unpaid.orderNo}`),
  );
  await expect(first.getByRole('link', { name: '取消订单' })).toBeVisible();

  // The my page's shortcuts: status=20 and status=refund.
  await page.goto(`${shop.url}/order?shopId=${SHOP}&status=20`);
  await expect(tab(page, 'unshipped')).toHaveAttribute('aria-current', 'page');
  await expect(cards(page)).toHaveCount(2);
  await page.goto(`${shop.url}/order?shopId=${SHOP}&status=refund`);
  await expect(tab(page, 'refund')).toHaveAttribute('aria-current', 'page');
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText('退款审核中');
  await page.goto(`${shop.url}/order?shopId=${SHOP}&tab=done`);
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first().getByRole('button', { name: '删除订单' })).toBeVisible();
});

test('the demo consumer sees the seeded orders, pictures and a parcel', async ({
  page,
  context,
}) => {
  await shop.signIn(context, demoPhones.consumer);
  await page.goto(`${shop.url}/order?shopId=${SHOP}`);
  expect(await cards(page).count()).toBeGreaterThan(0);
  await page.screenshot({ path: screen('demo-list') });
  await page.goto(`${shop.url}/order?shopId=${SHOP}&status=30`);
  await cards(page).first().getByRole('link', { name: '查看物流' }).click();
  await expect(page).toHaveURL(/\/logisticsDetail\?/);
  expect(await page.locator('[data-traces] li').count()).toBeGreaterThan(0);
  await page.screenshot({ path: screen('demo-logistics') });
});

test('an empty order list says so and leads back to shopping', async ({ page, context }) => {
  await newShopper(context);
  await page.goto(`${shop.url}/order?shopId=${SHOP}`);
  await expect(page.getByText('您还没有订单，去挑选心仪的商品吧')).toBeVisible();
  await expect(page.getByRole('link', { name: '去逛逛' })).toBeVisible();
  await page.screenshot({ path: screen('empty') });
});

test('paging: 10 per page, the next page by link', async ({ page, context }) => {
  const me = await newShopper(context);
  for (let i = 0; i < 12; i += 1) {
    await order(me.id, 40, { createdAt: new Date(Date.now() - (12 - i) * 60_000) });
  }
  await page.goto(`${shop.url}/order?shopId=${SHOP}&page=2`);
  await expect(cards(page)).toHaveCount(2);
  await expect(page.getByText('2 / 2')).toBeVisible();
  await page.goto(`${shop.url}/order?shopId=${SHOP}`);
  await expect(cards(page)).toHaveCount(10);
  // Near the end of the list, 加载更多 appends the next page.
  await page.getByRole('link', { name: '加载更多' }).scrollIntoViewIfNeeded();
  await expect(cards(page)).toHaveCount(12);
});

test('an unpaid order: status, countdown by the server clock, the 12-minute hint, its actions', async ({
  page,
  context,
}) => {
  const me = await newShopper(context);
  const unpaid = await order(me.id, 10, {
    productName: '羊毛围巾',
    saleTitle: '冬季特卖',
    priceCents: 12_900,
    payDeadline: new Date(Date.now() + 11 * 60_000),
  });
  await page.goto(`${shop.url}/order?shopId=${SHOP}`);
  await page
    .locator(`[data-order-card="${unpaid.orderNo}"]`)
    .getByRole('link', { name: `订单 ${unpaid.orderNo} 详情` })
    .click();
  await expect(page).toHaveURL(/\/orderDetail\?/);
  await expect(page.getByRole('heading', { name: '待付款' })).toBeVisible();
  const countdown = page.locator('[data-countdown]');
  await expect(countdown).toHaveText(/^剩余 00:1[01]:\d\d$/);
  const before = await countdown.textContent();
  await expect(countdown).not.toHaveText(before!, { timeout: 3_000 });
  await expect(page.getByText('请在12分钟内完成支付，超时订单将自动取消')).toBeVisible();
  await expect(page.locator('[data-address]')).toContainText('鹿小姐');
  await expect(page.locator('[data-pay-amount]')).toHaveText('¥129.00');
  await expect(page.getByText(unpaid.orderNo, { exact: true })).toBeVisible();
  const bar = page.locator('footer.bar');
  await expect(bar.getByRole('link', { name: '去支付' })).toHaveAttribute(
    'href',
    new RegExp(`^/checkout\\?orderNo=${unpaid.orderNo}`),
  );
  const change = bar.getByRole('link', { name: '修改地址' });
  const href = new URL((await change.getAttribute('href'))!, shop.url);
  expect(href.pathname).toBe('/addressList');
  expect(href.searchParams.get('choose')).toBe('1');
  expect(href.searchParams.get('back')).toMatch(
    new RegExp(`^/orderDetail\\?orderNo=${unpaid.orderNo}`),
  );
  await expect(bar.getByRole('button', { name: '确认收货' })).toHaveCount(0);
  await page.screenshot({ path: screen('detail-unpaid') });

  await bar.getByRole('link', { name: '取消订单' }).click();
  await expect(page).toHaveURL(/\/cancel\?/);
  for (const reason of ['我不想买了', '信息填写错误，重新拍', '商品降价', '其他原因']) {
    await expect(page.getByRole('radio', { name: reason })).toBeVisible();
  }
  await expect(page.getByRole('button', { name: '确定取消' })).toBeVisible();
  await page.screenshot({ path: screen('cancel') });

  await islandsHydrated(page);
  await page.getByRole('radio', { name: '我不想买了' }).check();
  await page.getByRole('button', { name: '确定取消' }).click();
  await expect(page).toHaveURL(/\/orderDetail\?/);
  await expect(page.getByRole('heading', { name: '已取消' })).toBeVisible();
  await expect(page.getByText('取消原因：我不想买了')).toBeVisible();
  await expect(page.getByText('您取消了订单：我不想买了')).toBeVisible();
  await expect(page.locator('[data-countdown]')).toHaveCount(0);
  await expect(page.locator('footer.bar').getByRole('link', { name: '去支付' })).toHaveCount(0);
});

test('a shipped order: the latest trace on its detail, the whole parcel on logistics', async ({
  page,
  context,
}) => {
  const me = await newShopper(context);
  const shipped = await order(me.id, 30, { productName: '羊绒大衣' });
  await ship(shipped.id, 'SF1234567890', 30);
  await shop.admin.db.insert(t.orderEvents).values([
    { orderId: shipped.id, kind: 'created', actor: 'shopper' },
    { orderId: shipped.id, kind: 'paid', actor: 'gateway' },
    { orderId: shipped.id, kind: 'shipped', actor: 'shop', note: '顺丰速运 SF1234567890' },
  ]);
  await page.goto(`${shop.url}/orderDetail?shopId=${SHOP}&orderNo=${shipped.orderNo}`);
  await expect(page.getByRole('heading', { name: '待收货' })).toBeVisible();
  await expect(page.locator('[data-countdown]')).toHaveCount(0);
  await expect(page.getByText('商家已发货：顺丰速运 SF1234567890')).toBeVisible();
  const parcel = page.locator('[data-parcel]');
  await expect(parcel).toContainText('顺丰速运 SF1234567890');
  await expect(page.locator('footer.bar').getByRole('button', { name: '确认收货' })).toBeVisible();
  await page.screenshot({ path: screen('detail-shipped'), fullPage: true });

  await parcel.click();
  await expect(page).toHaveURL(/\/logisticsDetail\?/);
  await expect(page.locator('[data-carrier]')).toHaveText('顺丰速运');
  await expect(page.locator('[data-tracking-no]')).toHaveText('SF1234567890');
  const traces = page.locator('[data-traces] li');
  expect(await traces.count()).toBeGreaterThanOrEqual(4);
  await expect(traces.last()).toContainText('已揽收');
  await expect(page.getByText('文三路 90 号', { exact: false })).toBeVisible();
  await page.screenshot({ path: screen('logistics') });

  // Confirming receipt asks first.
  await page.goto(`${shop.url}/orderDetail?shopId=${SHOP}&orderNo=${shipped.orderNo}`);
  await page.locator('footer.bar').getByRole('button', { name: '确认收货' }).click();
  await expect(page.getByRole('dialog', { name: '确认收货' })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: '取消' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.locator('footer.bar').getByRole('button', { name: '确认收货' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '确认收货' }).click();
  await expect(page.getByRole('heading', { name: '已完成' })).toBeVisible();
  await expect(page.getByText('您已确认收货')).toBeVisible();

  // A finished order may be removed from the list.
  await page.locator('footer.bar').getByRole('button', { name: '删除订单' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '删除' }).click();
  await expect(page).toHaveURL(/\/order\?/);
  await expect(page.locator(`[data-order-card="${shipped.orderNo}"]`)).toHaveCount(0);

  // An order not shipped has no logistics.
  const paid = await order(me.id, 20);
  const response = await page.goto(
    `${shop.url}/logisticsDetail?shopId=${SHOP}&orderNo=${paid.orderNo}`,
  );
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '暂无物流信息' })).toBeVisible();
});

test('a paid order: a new address while picking, a refund for a line', async ({
  page,
  context,
}) => {
  const me = await newShopper(context);
  const paid = await order(me.id, 20, { productName: '纯棉T恤' });
  const [address] = await shop.admin.db
    .insert(t.addresses)
    .values({
      userId: me.id,
      name: '张三',
      phone: '13800138000',
      province: '浙江省',
      city: '杭州市',
      district: '滨江区',
      detail: '江南大道 1 号',
    })
    .returning({ id: t.addresses.id });
  // Back from addressList?choose=1 with the chosen address.
  await page.goto(
    `${shop.url}/orderDetail?shopId=${SHOP}&orderNo=${paid.orderNo}&addressId=${address!.id}`,
  );
  await expect(page.locator('[data-address]')).toContainText('张三');
  await expect(page.locator('[data-address]')).toContainText('滨江区江南大道 1 号');
  expect(page.url()).not.toContain('addressId');
  await expect(page.getByText('收货地址已修改')).toBeVisible();

  // 申请退款 before shipping: the after-sale form, as a 仅退款.
  await page.getByRole('link', { name: '申请退款：纯棉T恤' }).click();
  await expect(page.getByRole('heading', { name: '申请售后' })).toBeVisible();
  await expect(page.locator('[data-kind]')).toHaveText('仅退款');
  await islandsHydrated(page);
  await page.getByRole('radio', { name: '不想要了' }).check();
  await page.getByRole('button', { name: '提交申请' }).click();
  await expect(page.locator('[data-after-sale-status]')).toHaveText('退款审核中');
  await page.goto(`${shop.url}/orderDetail?shopId=${SHOP}&orderNo=${paid.orderNo}`);
  await expect(page.locator('[data-refund-status]')).toHaveText('退款审核中');
  await expect(page.getByRole('link', { name: '申请退款：纯棉T恤' })).toHaveCount(0);
  await page.goto(`${shop.url}/order?shopId=${SHOP}&status=refund`);
  await expect(page.locator(`[data-order-card="${paid.orderNo}"]`)).toBeVisible();
});

test('order search: signed out it asks to log in; signed in it finds own orders only', async ({
  page,
  context,
}) => {
  await page.goto(`${shop.url}/orderSearch?shopId=${SHOP}`);
  await expect(page.getByRole('heading', { name: '登录后查询订单' })).toBeVisible();
  await expect(page.getByRole('link', { name: '去登录' })).toHaveAttribute(
    'href',
    /^\/login_web\?/,
  );

  const me = await newShopper(context);
  const mine = await order(me.id, 20, { productName: '羊毛围巾 冬季款' });
  const stranger = await userIdFor(shop.admin, freshPhone());
  const theirs = await order(stranger, 20, { productName: '羊毛围巾 冬季款' });
  await page.goto(`${shop.url}/orderSearch?shopId=${SHOP}`);
  await page.getByRole('searchbox', { name: '商品名称或订单号' }).fill('羊毛围巾');
  await page.getByRole('button', { name: '搜索' }).click();
  await expect(page.getByText('找到 1 个订单')).toBeVisible();
  await expect(cards(page)).toHaveCount(1);
  await expect(page.locator(`[data-order-card="${mine.orderNo}"]`)).toBeVisible();
  await page.screenshot({ path: screen('search') });
  await page.goto(`${shop.url}/orderSearch?shopId=${SHOP}&keyword=${theirs.orderNo}`);
  await expect(page.getByText(`没有找到与“${theirs.orderNo}”相关的订单`)).toBeVisible();
});

test('every read of another user’s order answers not-found, pages and endpoints', async ({
  page,
  context,
}) => {
  const owner = await userIdFor(shop.admin, freshPhone());
  const theirs = await order(owner, 30);
  await ship(theirs.id, 'YT9876543210', 5);
  const groupNo = await groupNoOf(theirs.groupId);
  await newShopper(context, '别人');

  const api = async (path: string, body?: unknown) => {
    const url = `${shop.url}${path}${path.includes('?') ? '&' : '?'}shopBizCode=${SHOP}`;
    const response = body
      ? await context.request.post(url, { data: body })
      : await context.request.get(url);
    return (await response.json()) as { code: number; message: string; data: unknown };
  };
  const o = theirs.orderNo;
  for (const path of [
    `/api/order/detail?orderNo=${o}`,
    `/api/order/info?orderNo=${o}`,
    `/api/order/logistics?orderNo=${o}`,
    `/api/order/query/orderTrack?orderNo=${o}`,
    `/api/order/combine/detail?groupNo=${groupNo}`,
    `/api/order/query/orderGroup/info?groupNo=${groupNo}`,
  ]) {
    expect(await api(path), path).toMatchObject({ code: 40411, message: '订单不存在' });
  }
  const list = (await api('/api/order/list?tab=all')) as { data: { total: number } };
  expect(list.data.total).toBe(0);
  const pending = (await api('/api/order/pendingPaymentOrders')) as { data: { total: number } };
  expect(pending.data.total).toBe(0);
  const search = (await api('/api/order/orderSearch', { keyword: o })) as {
    data: { total: number };
  };
  expect(search).toMatchObject({ code: 0, data: { total: 0 } });
  expect(await api('/api/order/query/firstOrder')).toMatchObject({
    code: 0,
    data: { isFirstOrder: true },
  });
  // Without the shop, the calls say so.
  const noShop = await context.request.get(`${shop.url}/api/order/list`);
  expect(((await noShop.json()) as { message: string }).message).toBeTruthy();

  for (const route of ['orderDetail', 'logisticsDetail', 'cancel']) {
    const response = await page.goto(`${shop.url}/${route}?shopId=${SHOP}&orderNo=${o}`);
    expect(response?.status(), route).toBe(404);
    await expect(page.locator('body')).not.toContainText('鹿小姐');
  }
});

test('the demo distributor: promotion orders with the buyer masked, commission, 发货 form', async ({
  page,
  context,
}) => {
  const distributor = await userIdFor(shop.admin, demoPhones.owner1001);
  const buyerPhone = freshPhone();
  const buyer = await userIdFor(shop.admin, buyerPhone, '周小满');
  const attributed = await order(buyer, 20, {
    productName: '纯棉T恤',
    priceCents: 8_900,
    profitCents: 450,
    distributorId: distributor,
  });
  const elsewhere = await order(buyer, 20, { productName: '不是推广的订单' });
  await shop.admin.db
    .update(t.orders)
    .set({ remark: '工作日白天送' })
    .where(eq(t.orders.id, attributed.id));

  await shop.signIn(context, demoPhones.owner1001);
  await page.goto(`${shop.url}/distributorOrder?shopId=${SHOP}`);
  await expect(page.getByRole('heading', { name: '推广订单' })).toBeVisible();
  const card = page.locator(`[data-distributor-order="${attributed.orderNo}"]`);
  await expect(card).toBeVisible();
  await expect(card.locator('[data-buyer]')).toHaveText('买家：周**');
  await expect(card.locator('[data-commission]')).toHaveText('预估佣金 ¥4.50');
  await expect(card).toContainText('¥89.00');
  await expect(page.locator(`[data-distributor-order="${elsewhere.orderNo}"]`)).toHaveCount(0);
  await expect(page.locator('body')).not.toContainText(buyerPhone);
  await page.screenshot({ path: screen('distributor-list') });

  await page.getByRole('searchbox', { name: '商品名称或订单号' }).fill('纯棉T恤');
  await page.getByRole('button', { name: '搜索' }).click();
  await expect(page.locator(`[data-distributor-order="${attributed.orderNo}"]`)).toBeVisible();

  await card.click();
  await expect(page).toHaveURL(/\/distributorOrderDetail\?/);
  await expect(page.getByRole('heading', { name: '待发货' })).toBeVisible();
  await expect(page.locator('body')).toContainText('浙江省杭州市西湖区');
  // 林店主 owns shop 1001 and ships its orders: the whole delivery for the waybill.
  const delivery = page.getByRole('region', { name: '收货信息' });
  await expect(delivery.locator('[data-receiver]')).toHaveText('鹿小姐');
  await expect(delivery.locator('[data-receiver-phone]')).toHaveText('13800000001');
  await expect(delivery.locator('[data-receiver-address]')).toHaveText(
    '浙江省杭州市西湖区文三路 90 号',
  );
  await expect(delivery.locator('[data-remark]')).toHaveText('买家备注：工作日白天送');
  // A paid order can be shipped from here.
  const form = page.getByRole('form', { name: '发货' });
  await expect(form).toBeVisible();
  await expect(form.getByRole('combobox', { name: '快递公司' })).toContainText('极兔速递');
  await page.screenshot({ path: screen('distributor-detail') });

  await form.getByRole('combobox', { name: '快递公司' }).selectOption('JTSD');
  await form.getByRole('textbox', { name: '快递单号' }).fill('JT0001234567');
  await form.getByRole('button', { name: '确认发货' }).click();
  await expect(page.getByRole('heading', { name: '已发货' })).toBeVisible();
  await expect(page.locator('[data-parcel]')).toContainText('极兔速递 JT0001234567');
  await expect(page.getByRole('form', { name: '发货' })).toHaveCount(0);

  const api = await context.request.get(
    `${shop.url}/api/order/distributor/listByPage?shopBizCode=${SHOP}`,
  );
  const body = (await api.json()) as { code: number; data: { list: { orderNo: string }[] } };
  expect(body.code).toBe(0);
  expect(body.data.list.map((x) => x.orderNo)).toContain(attributed.orderNo);
  expect(JSON.stringify(body)).not.toContain(buyerPhone);
});

test('a carrier chosen and a number typed before the ship form wakes up are kept', async ({
  page,
  context,
}) => {
  const owner = await userIdFor(shop.admin, demoPhones.owner1001);
  const buyer = await userIdFor(shop.admin, freshPhone(), '慢网顾客');
  const paid = await givenOrder(shop.admin.db, {
    shopId: SHOP,
    userId: buyer,
    status: 20,
    productName: '羊绒围巾',
    distributorId: owner,
  });
  await shop.signIn(context, demoPhones.owner1001);
  // A slow phone: the form's script arrives only after the owner has filled the form in.
  let release: () => void = () => {};
  const scriptHeld = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/ShipForm\.[^/]*\.js$/, async (route) => {
    await scriptHeld;
    await route.continue();
  });
  await page.goto(`${shop.url}/distributorOrderDetail?shopId=${SHOP}&orderNo=${paid.orderNo}`);
  const form = page.getByRole('form', { name: '发货' });
  await form.getByRole('combobox', { name: '快递公司' }).selectOption('ZTO');
  await form.getByRole('textbox', { name: '快递单号' }).fill('ZT7000000002');
  release();
  await expect(form.getByRole('button', { name: '确认发货' })).toBeEnabled();
  await form.getByRole('button', { name: '确认发货' }).click();
  await expect(page.getByRole('heading', { name: '已发货' })).toBeVisible();
  await expect(page.locator('[data-parcel]')).toContainText('中通快递 ZT7000000002');
});

test("while a 仅退款 waits, the owner's order offers no 发货 form and says why", async ({
  page,
  context,
}) => {
  const owner = await userIdFor(shop.admin, demoPhones.owner1001);
  const buyer = await userIdFor(shop.admin, freshPhone(), '退款顾客');
  const paid = await givenOrder(shop.admin.db, {
    shopId: SHOP,
    userId: buyer,
    status: 20,
    productName: '羊绒围巾',
    distributorId: owner,
  });
  const [line] = await shop.admin.db
    .select({ id: t.orderLines.id, paidCents: t.orderLines.paidCents })
    .from(t.orderLines)
    .where(eq(t.orderLines.orderId, paid.id));
  await shop.admin.db.insert(t.afterSales).values({
    afterSaleNo: `AS${paid.orderNo}`,
    orderId: paid.id,
    orderLineId: line!.id,
    userId: buyer,
    shopId: SHOP,
    kind: 'refund',
    reason: '不想要了',
    amountCents: line!.paidCents,
    auditChannel: 6,
  });
  await shop.signIn(context, demoPhones.owner1001);
  await page.goto(`${shop.url}/distributorOrderDetail?shopId=${SHOP}&orderNo=${paid.orderNo}`);
  await expect(page.getByRole('heading', { name: '待发货' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '该订单有退款申请待处理' })).toHaveText(
    '该订单有退款申请待处理，请先处理退款再发货',
  );
  await expect(page.getByRole('form', { name: '发货' })).toHaveCount(0);
  await page.screenshot({ path: screen('distributor-refund-waiting') });
});

test('a shop keeper reads an order they promoted with the buyer masked and the region only', async ({
  page,
  context,
}) => {
  const keeper = await givenMember(shop.admin.db, SHOP, { role: 3 });
  const buyer = await userIdFor(shop.admin, freshPhone(), '许知远');
  const promoted = await order(buyer, 20, { productName: '羊毛围巾', distributorId: keeper.id });
  await shop.admin.db
    .update(t.orders)
    .set({ remark: '工作日白天送' })
    .where(eq(t.orders.id, promoted.id));

  await shop.signIn(context, keeper.phone);
  await page.goto(`${shop.url}/distributorOrderDetail?shopId=${SHOP}&orderNo=${promoted.orderNo}`);
  await expect(page.getByRole('heading', { name: '待发货' })).toBeVisible();
  await expect(page.locator('[data-buyer]')).toHaveText('许**');
  await expect(page.locator('body')).toContainText('收货地区：浙江省杭州市西湖区');
  await expect(page.getByRole('region', { name: '收货信息' })).toHaveCount(0);
  await expect(page.getByRole('form', { name: '发货' })).toHaveCount(0);
  for (const privately of ['鹿小姐', '13800000001', '文三路', '工作日白天送']) {
    await expect(page.locator('body')).not.toContainText(privately);
  }
  const api = await context.request.get(
    `${shop.url}/api/order/distributor/detail?shopBizCode=${SHOP}&orderNo=${promoted.orderNo}`,
  );
  const body = (await api.json()) as { code: number; data: { delivery: unknown } };
  expect(body.code).toBe(0);
  expect(body.data.delivery).toBeNull();
  expect(JSON.stringify(body)).not.toMatch(/鹿小姐|13800000001|文三路|工作日白天送/);
});

test('a consumer is refused the distributor pages and calls', async ({ page, context }) => {
  await newShopper(context);
  for (const path of [
    `/api/order/distributor/listByPage?shopBizCode=${SHOP}`,
    `/api/order/distributor/detail?shopBizCode=${SHOP}&orderNo=T100100000001`,
  ]) {
    const response = await context.request.get(`${shop.url}${path}`);
    expect(((await response.json()) as { code: number }).code, path).toBe(40301);
  }
  const search = await context.request.post(
    `${shop.url}/api/order/distributor/orderSearch?shopBizCode=${SHOP}`,
    { data: { keyword: '纯棉' } },
  );
  expect(((await search.json()) as { code: number }).code).toBe(40301);
  await page.goto(`${shop.url}/distributorOrder?shopId=${SHOP}`);
  await expect(page.locator('[data-distributor-orders]')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: '推广订单' })).toHaveCount(0);
});
