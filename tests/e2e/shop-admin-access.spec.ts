/**
 * Issue #15's refusals in one place: a consumer of shop 1001 and the owner of shop 1002 are
 * refused every page and every call of running shop 1001 — decoration, skins, feature switches
 * and the config map, markups, hidden sales, store and QR settings, and the owner's review
 * screens — and nothing of shop 1001 changes. Each call is sent with a valid input, so the
 * answer is the role refusal (40301), not a refusal of the input.
 */
import { and, eq } from 'drizzle-orm';
import type { APIRequestContext, Browser } from '@playwright/test';
import { expect, test, type PgShop } from './fixtures.ts';
import * as t from '#lib/platform/db/schema.ts';
import { seedHandles } from '#demo/handles.ts';
import type { DemoRole } from '#demo/handles.ts';
import { OrderStatus } from '#lib/orders/status.ts';
import { WithdrawalStatus } from '#lib/distribution/status.ts';

const SHOP = '1001';
const SALE = seedHandles.shop1001.sales.senyeRunning.activityNo;
let shop: PgShop;

test.describe.configure({ mode: 'serial' });
test.use({ shopDatabase: 'shop_e2e_shop_admin_access' });
test.beforeAll(({ pgShop }) => {
  shop = pgShop;
});

/** The pages of running a shop: each needs the manager (M) or the shop's owner (D). */
const PAGES = [
  'decoration',
  'skin',
  'feature-setting',
  'global-add-price',
  'hideProduct',
  'store-setting',
  'im-setting',
  'shopAfterSales',
  'withdrawalReview',
  'distributorOrder?scope=shop',
] as const;

interface Call {
  name: string;
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  body?: unknown;
  /** A raw picture instead of JSON (uploads). */
  picture?: boolean;
}

/** A 1×1 PNG: a valid upload, so the refusal is about who sends it. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Every call of running shop 1001, with inputs its contract accepts. */
async function callsOf(layout: unknown): Promise<Call[]> {
  const db = shop.admin.db;
  const [paid] = await db
    .select({ orderNo: t.orders.orderNo })
    .from(t.orders)
    .where(and(eq(t.orders.shopId, SHOP), eq(t.orders.status, OrderStatus.Paid)))
    .limit(1);
  const [afterSale] = await db
    .select({ afterSaleNo: t.afterSales.afterSaleNo })
    .from(t.afterSales)
    .innerJoin(t.orders, eq(t.orders.id, t.afterSales.orderId))
    .where(eq(t.orders.shopId, SHOP))
    .limit(1);
  const [withdrawal] = await db
    .select({ withdrawalNo: t.withdrawals.withdrawalNo })
    .from(t.withdrawals)
    .where(and(eq(t.withdrawals.shopId, SHOP), eq(t.withdrawals.status, WithdrawalStatus.Applied)))
    .limit(1);
  const [product] = await db
    .select({ productNo: t.products.productNo })
    .from(t.products)
    .where(eq(t.products.shopId, SHOP))
    .limit(1);
  expect(paid && afterSale && withdrawal && product, 'the demo has one of each').toBeTruthy();
  const markup = { addPriceBp: 1000, addPriceCents: 0 };
  return [
    { name: 'decoration draft', method: 'GET', path: '/api/shop/decoration/draft' },
    { name: 'save draft', method: 'POST', path: '/api/shop/decoration/saveDraft', body: layout },
    { name: 'publish', method: 'POST', path: '/api/shop/decoration/publish', body: {} },
    {
      name: 'banner upload',
      method: 'POST',
      path: '/api/shop/decoration/uploadBanner',
      picture: true,
    },
    { name: 'skin list', method: 'GET', path: '/api/shop/decoration/querySkinList' },
    {
      name: 'select skin',
      method: 'POST',
      path: '/api/shop/decoration/saveSelectedSkin/2',
      body: {},
    },
    { name: 'markup limits', method: 'GET', path: '/api/spweb/queryAddPriceAstrict' },
    {
      name: 'global markup',
      method: 'GET',
      path: '/api/commodity/priceComputingRules/queryGlobalAddPrice',
    },
    {
      name: 'set global markup',
      method: 'POST',
      path: '/api/commodity/priceComputingRules/globalAddPrice',
      body: markup,
    },
    {
      name: 'sale markup',
      method: 'GET',
      path: `/api/commodity/priceComputingRules/queryActivityAddPrice/${SALE}`,
    },
    {
      name: 'set sale markup',
      method: 'POST',
      path: '/api/commodity/priceComputingRules/activityAddPrice',
      body: { activityNo: SALE, ...markup },
    },
    {
      name: 'price preview',
      method: 'POST',
      path: `/api/commodity/priceComputingRules/queryFinalPriceByProductNos/${SHOP}`,
      body: { productNos: [product!.productNo], proposed: markup },
    },
    {
      name: 'hide sale',
      method: 'POST',
      path: `/api/commodity/blacklist/hide/${SHOP}/${SALE}`,
      body: {},
    },
    { name: 'hidden sales', method: 'GET', path: `/api/commodity/blacklist/pageFrom/${SHOP}` },
    {
      name: 'undo hide',
      method: 'POST',
      path: `/api/commodity/blacklist/undoHide/${SHOP}/1`,
      body: {},
    },
    { name: 'hidden count', method: 'GET', path: `/api/commodity/blacklist/size/${SHOP}` },
    { name: 'store settings', method: 'GET', path: '/api/shop/setting' },
    {
      name: 'save store settings',
      method: 'POST',
      path: '/api/shop/setting',
      body: {
        shopName: '别人的店',
        intro: '',
        noticeEnabled: true,
        noticeText: '不是店主写的公告',
        followUrl: '',
      },
    },
    { name: 'logo upload', method: 'POST', path: '/api/shop/setting/logo', picture: true },
    { name: 'seller QR', method: 'GET', path: '/api/member/xdwxh5/seller/querySellerQrUrl' },
    {
      name: 'seller QR upload',
      method: 'POST',
      path: '/api/member/xdwxh5/seller/uploadSellerQrUrl',
      picture: true,
    },
    {
      name: 'seller QR delete',
      method: 'POST',
      path: '/api/member/xdwxh5/seller/deleteSellerQrUrl',
      body: {},
    },
    {
      name: 'ship',
      method: 'POST',
      path: '/api/order/shop/ship',
      body: { orderNo: paid!.orderNo, carrier: 'SF', trackingNo: 'SF1234567890' },
    },
    {
      name: 'after-sale review',
      method: 'POST',
      path: '/api/order/afterSale/shop/review',
      body: { afterSaleNo: afterSale!.afterSaleNo, approve: true },
    },
    {
      name: 'withdrawal review list',
      method: 'GET',
      path: '/api/member/xdwxh5/wallet/review/list',
    },
    {
      name: 'withdrawal review',
      method: 'POST',
      path: '/api/member/xdwxh5/wallet/review',
      body: { withdrawalNo: withdrawal!.withdrawalNo, approve: true },
    },
    ...FEATURE_CALLS,
  ];
}

/** The feature switches and the shop's config map (feature-setting). */
const FEATURE_CALLS: Call[] = [
  {
    name: 'feature switch',
    method: 'POST',
    path: '/api/shop/feature/1004',
    body: { enableStatus: 0 },
  },
  {
    name: 'config entry',
    method: 'POST',
    path: '/api/front/conf/shop/sysAlert',
    body: { value: { isOpen: true, title: '别人的公告', msg: '不是店铺管理员写的' } },
  },
  { name: 'config entry reset', method: 'DELETE', path: '/api/front/conf/shop/hasBackIcon' },
];

/** What running the shop could change, read from the database. */
async function shopState() {
  const db = shop.admin.db;
  const [row] = await db.select().from(t.shops).where(eq(t.shops.id, SHOP));
  const sale = await db.select().from(t.activities).where(eq(t.activities.activityNo, SALE));
  const decorations = await db
    .select()
    .from(t.shopDecorations)
    .where(eq(t.shopDecorations.shopId, SHOP));
  const blacklist = await db.select().from(t.saleBlacklist).where(eq(t.saleBlacklist.shopId, SHOP));
  const switches = await db
    .select()
    .from(t.featureSwitches)
    .where(eq(t.featureSwitches.shopId, SHOP));
  const config = await db
    .select()
    .from(t.shopConfigEntries)
    .where(eq(t.shopConfigEntries.shopId, SHOP));
  const orders = await db
    .select({ no: t.orders.orderNo, status: t.orders.status })
    .from(t.orders)
    .where(eq(t.orders.shopId, SHOP));
  const afterSales = await db
    .select({ no: t.afterSales.afterSaleNo, status: t.afterSales.status })
    .from(t.afterSales);
  const withdrawals = await db
    .select({ no: t.withdrawals.withdrawalNo, status: t.withdrawals.status })
    .from(t.withdrawals);
  return { row, sale, decorations, blacklist, switches, config, orders, afterSales, withdrawals };
}

async function send(request: APIRequestContext, call: Call) {
  const url = `${shop.url}${call.path}${call.path.includes('?') ? '&' : '?'}shopBizCode=${SHOP}`;
  const response =
    call.method === 'GET'
      ? await request.get(url)
      : call.method === 'DELETE'
        ? await request.delete(url)
        : call.picture
          ? await request.post(url, { data: PNG, headers: { 'content-type': 'image/png' } })
          : await request.post(url, { data: call.body ?? {} });
  return (await response.json()) as { code: number; success: boolean; data: unknown };
}

async function signedIn(browser: Browser, who: DemoRole) {
  const context = await browser.newContext();
  await shop.signIn(context, who);
  return context;
}

for (const who of ['consumer', 'owner1002'] as const) {
  test(`${who} is refused every page and call of running shop 1001`, async ({ browser }) => {
    // A valid layout to send: the manager's own draft.
    const manager = await signedIn(browser, 'manager1001');
    const draft = (await send(manager.request, {
      name: 'draft',
      method: 'GET',
      path: '/api/shop/decoration/draft',
    })) as { data: { draft: unknown } };
    await manager.close();
    const calls = await callsOf(draft.data.draft);
    const before = await shopState();

    const context = await signedIn(browser, who);
    try {
      const page = await context.newPage();
      for (const route of PAGES) {
        const response = await page.goto(
          `${shop.url}/${route}${route.includes('?') ? '&' : '?'}shopId=${SHOP}`,
        );
        expect(response?.status(), route).toBe(403);
        await expect(page.locator('h1'), route).toBeVisible();
      }
      for (const call of calls) {
        const answer = await send(context.request, call);
        expect({ call: call.name, code: answer.code, success: answer.success }).toEqual({
          call: call.name,
          code: 40301,
          success: false,
        });
      }
    } finally {
      await context.close();
    }
    expect(await shopState()).toEqual(before);
  });
}
