/**
 * A console-clean walk (issue #28 "Must show"): every page of the route table that is built, as
 * the role it is for (a visitor, the consumer, the shop's owner, its manager, its customer
 * service), in shop 1001 and, where the second shop has the same kind of page, in shop 1002 —
 * on a phone in China (375×667, Asia/Shanghai: the server renders in its own zone). Each page
 * answers the status it is meant to (200, or 404 for the pages that say something is gone),
 * lands where it should, hydrates, settles, and meanwhile logs no console error, throws nothing,
 * and none of its own resources or calls fails (4xx/5xx, or a request that never completes).
 *
 * One signed-in browser per role, reused from page to page.
 */
import { existsSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import type { Browser, BrowserContext, ConsoleMessage, Page, Request } from '@playwright/test';
import { expect, test, type PgShop } from './fixtures.ts';
import { demoPhones, seedHandles } from '#demo/handles.ts';
import * as t from '#lib/platform/db/schema.ts';
import { PaymentStatus } from '#lib/payments/index.ts';
import { ROUTES, matchRoute, type RouteName } from '#lib/platform/routes.ts';
import { IN_APP_UA } from '#tests/fixtures/accounts.ts';

test.use({ shopDatabase: 'shop_e2e_console_clean' });

type Role = 'visitor' | 'consumer' | 'owner' | 'manager' | 'service';
type ShopId = '1001' | '1002';

interface Visit {
  route: RouteName;
  as: Role;
  /** The path with its query, without the shop. */
  path: string;
  /** The status the page is meant to answer (the gone pages: 404). */
  status?: number;
  /** Where the page sends this role instead. */
  lands?: RouteName;
  /** Inside the messaging app (the pages a plain browser gets the shop's poster for). */
  inApp?: boolean;
}

/** The phones of each shop's roles. */
const PHONES: Record<ShopId, Record<Exclude<Role, 'visitor'>, string | null>> = {
  '1001': {
    consumer: demoPhones.consumer,
    owner: demoPhones.owner1001,
    manager: demoPhones.manager1001,
    service: demoPhones.service1001,
  },
  '1002': {
    consumer: demoPhones.consumer,
    owner: demoPhones.owner1002,
    manager: '13800000008',
    service: null,
  },
};

/** A route's page is built when src/pages has its file (the catch-all answers the others). */
function built(path: string): boolean {
  const file = `src/pages${path.replace(/:(\w+)/g, '[$1]')}`;
  return existsSync(`${file}.astro`) || existsSync(`${file}/index.astro`);
}
const BUILT = ROUTES.filter((route) => built(route.path)).map((route) => route.name);

/** The role a route is for: its roles and login flag, unless the walk says otherwise. */
function roleOf(name: RouteName): Role {
  const route = ROUTES.find((r) => r.name === name)!;
  if (route.roles.length === 1 && route.roles[0] === 'M') return 'manager';
  if (route.roles.includes('D') && !route.roles.includes('C')) return 'owner';
  return route.login ? 'consumer' : 'visitor';
}

let shop: PgShop;
const contexts = new Map<string, BrowserContext>();
test.beforeAll(({ pgShop }) => {
  shop = pgShop;
});
test.afterAll(async () => {
  await Promise.all([...contexts.values()].map((context) => context.close()));
});

async function userId(phone: string): Promise<number> {
  const [row] = await shop.admin.db
    .select({ id: t.users.id })
    .from(t.users)
    .where(eq(t.users.phone, phone));
  return row!.id;
}

/** The first of a select, or a failure naming what the walk needed. */
function first<T>(rows: T[], what: string): T {
  if (!rows[0]) throw new Error(`The demo data has no ${what}`);
  return rows[0];
}

/** One phone per role and shop (and per browser: plain or the app's), signed in once, in China. */
async function browserOf(
  browser: Browser,
  shopId: ShopId,
  as: Role,
  inApp = false,
): Promise<BrowserContext> {
  const phone = as === 'visitor' ? null : PHONES[shopId][as];
  const key = `${phone ?? 'visitor'}${inApp ? ' in app' : ''}`;
  let context = contexts.get(key);
  if (!context) {
    context = await browser.newContext({
      viewport: { width: 375, height: 667 },
      isMobile: true,
      hasTouch: true,
      timezoneId: 'Asia/Shanghai',
      locale: 'zh-CN',
      ...(inApp ? { userAgent: IN_APP_UA } : {}),
    });
    if (phone) await shop.signIn(context, phone);
    contexts.set(key, context);
  }
  return context;
}

/** The pages of shop 1001: every built route, with what its page needs. */
async function visits1001(browser: Browser): Promise<Visit[]> {
  const { sales, venues, npieceSale } = seedHandles.shop1001;
  const senye = sales.senyeRunning;
  const product = senye.products[0]!;
  const consumer = await userId(demoPhones.consumer);
  const owner = await userId(demoPhones.owner1001);
  const order = async (status: number) =>
    first(
      await shop.admin.db
        .select({ orderNo: t.orders.orderNo })
        .from(t.orders)
        .where(
          and(
            eq(t.orders.userId, consumer),
            eq(t.orders.shopId, '1001'),
            eq(t.orders.status, status),
          ),
        )
        .orderBy(t.orders.id)
        .limit(1),
      `order of the consumer in status ${status}`,
    ).orderNo;
  const afterSale = first(
    await shop.admin.db
      .select({ no: t.afterSales.afterSaleNo })
      .from(t.afterSales)
      .where(and(eq(t.afterSales.userId, consumer), eq(t.afterSales.shopId, '1001'))),
    'after-sale of the consumer',
  ).no;
  const payment = first(
    await shop.admin.db
      .select({ no: t.payments.paymentNo })
      .from(t.payments)
      .where(
        and(
          eq(t.payments.userId, consumer),
          eq(t.payments.shopId, '1001'),
          eq(t.payments.status, PaymentStatus.Paid),
        ),
      ),
    'payment of the consumer',
  ).no;
  const userCoupon = first(
    await shop.admin.db
      .select({ id: t.userCoupons.id })
      .from(t.userCoupons)
      .where(eq(t.userCoupons.userId, consumer)),
    'coupon of the consumer',
  ).id;
  const coupon = first(
    await shop.admin.db
      .select({ id: t.coupons.id })
      .from(t.coupons)
      .where(eq(t.coupons.couponNo, seedHandles.shop1001.coupons.shopWide)),
    'shop-wide coupon',
  ).id;
  const address = first(
    await shop.admin.db
      .select({ id: t.addresses.id })
      .from(t.addresses)
      .where(eq(t.addresses.userId, consumer)),
    'address of the consumer',
  ).id;
  const withdrawal = first(
    await shop.admin.db
      .select({ no: t.withdrawals.withdrawalNo })
      .from(t.withdrawals)
      .where(and(eq(t.withdrawals.userId, owner), eq(t.withdrawals.shopId, '1001'))),
    'withdrawal of the owner',
  ).no;
  const direct = `/confirmationOrder?skuNo=${product.skuNos[0]}&quantity=1`;

  // What a keeper makes before its page exists: a 搭配 and an enterprise account on its way.
  const ownerContext = await browserOf(browser, '1001', 'owner');
  const saved = await ownerContext.request.post(
    `${shop.url}/api/member/xdwxh5/distributor/compose/save?shopBizCode=1001`,
    {
      data: {
        title: '冬日通勤搭配',
        intro: '',
        productNos: senye.products.map((p) => p.productNo),
      },
    },
  );
  const compose = (await saved.json()) as { code: number; data: { composeId: number } };
  expect(compose.code).toBe(0);
  const card = await ownerContext.request.post(
    `${shop.url}/api/member/xdwxh5/bankCard/enterprise?shopBizCode=1001`,
    {
      data: { companyName: '杭州小满贸易有限公司', accountNo: '6222020200112233', bankCode: 'CCB' },
    },
  );
  const enterprise = (await card.json()) as { code: number; data: { id: number } };
  expect(enterprise.code).toBe(0);
  // A line's after-sale, as the order links it.
  const afterSaleHref = await firstLink(
    await browserOf(browser, '1001', 'consumer'),
    `/orderDetail?orderNo=${await order(20)}`,
    'a[href^="/afterSale?"]',
  );
  // The owner's customers and orders as the keeper's pages link them.
  const customerHref = await firstLink(ownerContext, '/customer', 'a[href^="/customer/"]');
  const distributorOrderHref = await firstLink(
    ownerContext,
    '/distributorOrder?scope=shop&tab=all',
    'a[href^="/distributorOrderDetail?"]',
  );

  // The consumer's invoice (the demo applied for one on the received order).
  const [invoice] = await shop.admin.db
    .select({ invoiceRef: t.invoices.invoiceRef, orderNo: t.invoices.orderNo })
    .from(t.invoices)
    .where(and(eq(t.invoices.shopId, '1001'), eq(t.invoices.kind, 'blue')))
    .limit(1);
  const invoiceRef = invoice!.invoiceRef;

  const special: Partial<Record<RouteName, Omit<Visit, 'route'> | Omit<Visit, 'route'>[]>> = {
    // Home, 我的 and a product differ by role: each role's own.
    index: (['visitor', 'consumer', 'owner', 'manager'] as const).map((as) => ({
      as,
      path: '/index',
    })),
    my: (['consumer', 'owner', 'manager'] as const).map((as) => ({ as, path: '/my' })),
    brand: { as: 'visitor', path: `/brand?activityNo=${senye.activityNo}` },
    productDetail: (['visitor', 'consumer', 'owner'] as const).map((as) => ({
      as,
      path: `/productDetail?productNo=${product.productNo}`,
    })),
    preheat: { as: 'visitor', path: `/preheat?activityNo=${sales.bailuUpcoming.activityNo}` },
    goodsOfNpieceXfold: {
      as: 'visitor',
      path: `/goodsOfNpieceXfold?activityNo=${npieceSale.activityNo}`,
    },
    commonActivity: { as: 'visitor', path: `/commonActivity?activityNo=${senye.activityNo}` },
    businessVenue: { as: 'visitor', path: `/businessVenue?venueNo=${venues.winterGala.venueNo}` },
    compose: { as: 'visitor', path: `/compose?composeId=${compose.data.composeId}` },
    recommendAgent: { as: 'visitor', path: `/recommendAgent?distributorId=${owner}` },
    activity404: { as: 'visitor', path: '/activity404', status: 404 },
    product404: { as: 'visitor', path: '/product404', status: 404 },
    businessVenue404: { as: 'visitor', path: '/businessVenue404', status: 404 },
    // Pages for the messaging app: a plain browser gets the shop's poster (commerce §2).
    register: [
      { as: 'visitor', path: '/register', inApp: true },
      { as: 'visitor', path: '/register', lands: 'orderPosterEnv' },
    ],
    applyForAdmin: { as: 'consumer', path: '/applyForAdmin', inApp: true },
    // Other names of the keeper's application and its progress send to the one page of each.
    registerAgent: { as: 'consumer', path: '/registerAgent', inApp: true, lands: 'register' },
    application: { as: 'consumer', path: '/application', lands: 'registerAgentProcess' },
    // Certification as the demo keeper (certified): where they stand, what they submitted, and
    // the tax of a seeded payout.
    'shop-certification': { as: 'owner', path: '/shop/certification' },
    personal: { as: 'owner', path: '/personal' },
    'personal-view': { as: 'owner', path: '/personal/view' },
    individual: { as: 'owner', path: '/individual' },
    taxGrcDetail: { as: 'owner', path: `/taxGrcDetail?withdrawalNo=${withdrawal}` },
    // The keeper's own pages among the open ones.
    'monthly-bill': { as: 'owner', path: '/monthly-bill' },
    'settlement-bill': { as: 'owner', path: '/settlement-bill' },
    'monthly-bill-search': { as: 'owner', path: '/monthly-bill-search' },
    editForward: { as: 'owner', path: '/editForward' },
    'enterprise-card': { as: 'owner', path: '/shop/enterprise-card' },
    'enterprise-card-form': { as: 'owner', path: '/shop/enterprise-card-form' },
    'enterprise-card-validate': {
      as: 'owner',
      path: `/shop/enterprise-card-validate?cardId=${enterprise.data.id}`,
    },
    'enterprise-card-error': { as: 'owner', path: '/shop/enterprise-card-error' },
    orderSearch: { as: 'consumer', path: '/orderSearch' },
    lotteryRecords: { as: 'consumer', path: '/lotteryRecords' },
    // The consumer's orders, by the state each page is for.
    orderDetail: [
      { as: 'consumer', path: `/orderDetail?orderNo=${await order(10)}` },
      { as: 'consumer', path: `/orderDetail?orderNo=${await order(50)}` },
    ],
    cancel: { as: 'consumer', path: `/cancel?orderNo=${await order(10)}` },
    checkout: { as: 'consumer', path: `/checkout?orderNo=${await order(10)}` },
    logisticsDetail: { as: 'consumer', path: `/logisticsDetail?orderNo=${await order(30)}` },
    afterSale: { as: 'consumer', path: afterSaleHref },
    afterSaleDetail: { as: 'consumer', path: `/afterSaleDetail?afterSaleNo=${afterSale}` },
    freightInsurance: { as: 'consumer', path: `/freightInsurance?orderNo=${await order(30)}` },
    success: { as: 'consumer', path: `/success?paymentNo=${payment}` },
    confirmationOrder: { as: 'consumer', path: direct },
    'select-coupon': {
      as: 'consumer',
      path: `/select-coupon?back=${encodeURIComponent(`${direct}&shopId=1001`)}`,
    },
    'coupon-offer-list': { as: 'consumer', path: `/coupon-offer-list?userCouponId=${userCoupon}` },
    'receive-coupon': { as: 'consumer', path: `/receive-coupon?couponId=${coupon}` },
    address: { as: 'consumer', path: `/address?id=${address}` },
    // The keeper's detail pages.
    cashDetail: { as: 'owner', path: `/cash/${withdrawal}` },
    // An agreement by its type, and an older version of one.
    'legal-protocol-type': [
      { as: 'visitor', path: '/legal-protocol/shopKeeperProtocol' },
      { as: 'consumer', path: '/legal-protocol/personalInfoConsent?version=1' },
    ],
    'customer-detail': { as: 'owner', path: customerHref },
    distributorOrderDetail: { as: 'owner', path: distributorOrderHref },
    withdrawalReview: [
      { as: 'owner', path: '/withdrawalReview' },
      { as: 'manager', path: '/withdrawalReview' },
    ],
    service: { as: 'service', path: '/service' },
    // Invoices: the demo's application on the received order, and the owner's side.
    invoiceApply: { as: 'consumer', path: `/invoiceApply?orderNo=${invoice!.orderNo}` },
    invoiceDetail: { as: 'consumer', path: `/invoiceDetail?invoiceRef=${invoiceRef}` },
    invoiceDetail2: { as: 'consumer', path: `/invoiceDetail2?invoiceRef=${invoiceRef}` },
    invoicePreview: { as: 'consumer', path: `/invoicePreview?invoiceRef=${invoiceRef}` },
    invoiceError: {
      as: 'consumer',
      path: `/invoiceError?invoiceRef=${invoiceRef}`,
      lands: 'invoiceDetail',
    },
    shopInvoices: { as: 'owner', path: '/shopInvoices' },
    // The demo's paper invoice is in 1002 (visited there); here an e-invoice is no paper one.
    paperInvoiceDetail: {
      as: 'consumer',
      path: `/paperInvoiceDetail?invoiceRef=${invoiceRef}`,
      status: 404,
    },
    invoiceLogistics: {
      as: 'consumer',
      path: `/invoiceLogistics?invoiceRef=${invoiceRef}`,
      status: 404,
    },
    // Live rooms by state, school rooms included.
    living: { as: 'consumer', path: '/living?liveNo=L1001001' },
    'live-preheat': { as: 'consumer', path: '/live-preheat?liveNo=L1001002' },
    'live-review': { as: 'consumer', path: '/live-review?liveNo=L1001003' },
    'live-end': { as: 'consumer', path: '/live-end?liveNo=L1001004' },
    'school-living': { as: 'owner', path: '/school-living?liveNo=L1001005' },
    'school-live-preheat': { as: 'owner', path: '/school-live-preheat?liveNo=L1001006' },
    'school-live-review': { as: 'owner', path: '/school-live-review?liveNo=L1001010' },
    'school-live-end': { as: 'owner', path: `/school-live-end?liveNo=${SCHOOL_ENDED}` },
    'school-live-channel': { as: 'owner', path: '/school-live-channel' },
    'school-hot-course': { as: 'owner', path: '/school-hot-course' },
    'live-product-list': { as: 'consumer', path: '/live-product-list?liveNo=L1001001' },
  };
  return BUILT.flatMap((route) => {
    const given = special[route] ?? { as: roleOf(route), path: pathOf(route) };
    return (Array.isArray(given) ? given : [given]).map((visit) => ({ route, ...visit }));
  });
}

/** The pages of shop 1002 where its data makes a page of the same kind. */
async function visits1002(): Promise<Visit[]> {
  const { sales } = seedHandles.shop1002;
  const consumer = await userId(demoPhones.consumer);
  const [order] = await shop.admin.db
    .select({ orderNo: t.orders.orderNo })
    .from(t.orders)
    .where(and(eq(t.orders.userId, consumer), eq(t.orders.shopId, '1002')))
    .limit(1);
  const visits: Omit<Visit, 'status'>[] = [
    { route: 'index', as: 'visitor', path: '/index' },
    { route: 'brandList', as: 'visitor', path: '/brandList' },
    { route: 'brand', as: 'visitor', path: `/brand?activityNo=${sales.hemuRunning.activityNo}` },
    {
      route: 'productDetail',
      as: 'visitor',
      path: `/productDetail?productNo=${sales.hemuRunning.products[0]!.productNo}`,
    },
    {
      route: 'preheat',
      as: 'visitor',
      path: `/preheat?activityNo=${sales.shiguangUpcoming.activityNo}`,
    },
    { route: 'forcast', as: 'visitor', path: '/forcast' },
    { route: 'search', as: 'visitor', path: '/search' },
    { route: 'my', as: 'consumer', path: '/my' },
    { route: 'order', as: 'consumer', path: '/order' },
    { route: 'cart', as: 'consumer', path: '/cart' },
    { route: 'coupon', as: 'consumer', path: '/coupon' },
    { route: 'coupon-center', as: 'consumer', path: '/coupon-center' },
    { route: 'im-index', as: 'consumer', path: '/im-index' },
    { route: 'live-channel', as: 'consumer', path: '/live-channel' },
    { route: 'living', as: 'consumer', path: '/living?liveNo=L1002001' },
    { route: 'live-preheat', as: 'consumer', path: '/live-preheat?liveNo=L1002002' },
    { route: 'live-review', as: 'consumer', path: '/live-review?liveNo=L1002003' },
    { route: 'open-envelopes', as: 'consumer', path: '/open-envelopes' },
    { route: 'agent', as: 'owner', path: '/agent' },
    { route: 'wallet', as: 'owner', path: '/wallet' },
    { route: 'income', as: 'owner', path: '/income' },
    { route: 'customer', as: 'owner', path: '/customer' },
    { route: 'distributorOrder', as: 'owner', path: '/distributorOrder' },
    { route: 'shopAfterSales', as: 'owner', path: '/shopAfterSales' },
    { route: 'shopInvoices', as: 'owner', path: '/shopInvoices' },
    { route: 'invoiceApplyRecord', as: 'consumer', path: '/invoiceApplyRecord' },
    { route: 'invoiceApply2', as: 'consumer', path: '/invoiceApply2' },
    { route: 'store-setting', as: 'owner', path: '/store-setting' },
    { route: 'withdrawalReview', as: 'manager', path: '/withdrawalReview' },
    { route: 'decoration', as: 'manager', path: '/decoration' },
    { route: 'skin', as: 'manager', path: '/skin' },
    { route: 'feature-setting', as: 'manager', path: '/feature-setting' },
  ];
  if (order)
    visits.push({
      route: 'orderDetail',
      as: 'consumer',
      path: `/orderDetail?orderNo=${order.orderNo}`,
    });
  // The consumer's paper invoice, mailed and on its way (or signed for).
  const [paper] = await shop.admin.db
    .select({ invoiceRef: t.invoices.invoiceRef })
    .from(t.invoices)
    .where(and(eq(t.invoices.shopId, '1002'), eq(t.invoices.form, 'paper-normal')))
    .limit(1);
  visits.push(
    {
      route: 'paperInvoiceDetail',
      as: 'consumer',
      path: `/paperInvoiceDetail?invoiceRef=${paper!.invoiceRef}`,
    },
    {
      route: 'invoiceLogistics',
      as: 'consumer',
      path: `/invoiceLogistics?invoiceRef=${paper!.invoiceRef}`,
    },
  );
  return visits;
}

/** A school room that ended without a replay: the page it has is 学院直播已结束. */
const SCHOOL_ENDED = 'L1001099';

function pathOf(route: RouteName): string {
  return ROUTES.find((r) => r.name === route)!.path;
}

const withShop = (path: string, shopId: string) =>
  `${path}${path.includes('?') ? '&' : '?'}shopId=${shopId}`;

/** The first link of a list page a person would tap, as a path. */
async function firstLink(context: BrowserContext, listPath: string, selector: string) {
  const page = await context.newPage();
  await page.goto(`${shop.url}${withShop(listPath, '1001')}`);
  const href = await page.locator(selector).first().getAttribute('href');
  await page.close();
  expect(href, `${listPath} links ${selector}`).toBeTruthy();
  const url = new URL(href!, shop.url);
  url.searchParams.delete('shopId');
  url.searchParams.delete('refSpm');
  return url.pathname + url.search;
}

/** Requests that stay open while the page lives (event streams, the player), never "settled". */
function longLived(request: Request): boolean {
  const type = request.resourceType();
  if (type === 'eventsource' || type === 'media' || type === 'websocket') return true;
  const path = new URL(request.url()).pathname;
  return /\/(events|stream)$/.test(path) || path.startsWith('/media/') || path.endsWith('.m3u8');
}

interface Watch {
  problems: string[];
  inFlight: Set<Request>;
  /** Still the page shown: what it had open is not cancelled by leaving. */
  open: boolean;
}
const newWatch = (): Watch => ({ problems: [], inFlight: new Set(), open: true });

/** A role's tab: its page, what is watched of the visit, the status the visit expects. */
interface Tab {
  page: Page;
  visit: Watch;
  /**
   * The visit under way, watched from the moment its document replaces the last one: what the
   * page being left still sends before then (a read mark on leaving) is that page's.
   */
  next: Watch | null;
  status: number | null;
}

/** Watches a page for what the walk refuses, visit by visit. */
function watch(page: Page, current: () => Watch, documentStatus: () => number | null) {
  const owner = new WeakMap<Request, Watch>();
  page.on('request', (request) => {
    const visit = current();
    owner.set(request, visit);
    if (!longLived(request)) visit.inFlight.add(request);
  });
  const done = (request: Request) => owner.get(request)?.inFlight.delete(request);
  page.on('requestfinished', (request) => {
    done(request);
    void request.response().then((response) => {
      const visit = owner.get(request);
      if (!response || !visit) return;
      const status = response.status();
      const isDocument = request.isNavigationRequest() && request.frame() === page.mainFrame();
      if (status < 400 || (isDocument && status === documentStatus())) return;
      visit.problems.push(`${status} ${request.method()} ${request.url()}`);
    });
  });
  page.on('requestfailed', (request) => {
    done(request);
    const visit = owner.get(request);
    // Leaving a page cancels what it still had open: not a failure of the page.
    if (!visit || (!visit.open && request.failure()?.errorText === 'net::ERR_ABORTED')) return;
    if (longLived(request) && request.failure()?.errorText === 'net::ERR_ABORTED') return;
    visit.problems.push(`failed ${request.failure()?.errorText} ${request.url()}`);
  });
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() !== 'error') return;
    // The browser's own line for the document's status when the page is meant to answer it.
    const expected = documentStatus();
    if (
      expected !== null &&
      message.text().includes(`the server responded with a status of ${expected}`) &&
      message.location().url === page.url()
    ) {
      return;
    }
    current().problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => current().problems.push(`uncaught: ${error.message}`));
}

/**
 * Every island hydrated that can be (a `client:visible` one once on screen, a `client:reach` one
 * once reached for, as a shopper's thumb would), nothing pending.
 */
async function settled(page: Page, visit: Watch): Promise<void> {
  await page.evaluate(() => {
    for (const island of document.querySelectorAll('astro-island[ssr][client=reach]'))
      island.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
  });
  await expect
    .poll(
      async () => {
        const waiting = await page.evaluate(() =>
          [...document.querySelectorAll('astro-island[ssr]')]
            .filter((island) => {
              if (island.getAttribute('client') !== 'visible') return true;
              const rect = island.getBoundingClientRect();
              return rect.bottom > 0 && rect.top < innerHeight && rect.height > 0;
            })
            .map((island) => `island ${island.getAttribute('component-url')}`),
        );
        return [...waiting, ...[...visit.inFlight].map((request) => `call ${request.url()}`)];
      },
      { message: `${page.url()} settles`, timeout: 15_000, intervals: [25, 50, 100] },
    )
    .toEqual([]);
  // A framework finishes hydrating in tasks of its own after the island says it has (React
  // reports a hydration mismatch from there): the page's first idle moment comes after them.
  await page.evaluate(
    () => new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 0))),
  );
}

async function walk(browser: Browser, shopId: ShopId, visits: Visit[]): Promise<string[]> {
  const found: string[] = [];
  const pages = new Map<string, Tab>();
  for (const visit of visits) {
    const context = await browserOf(browser, shopId, visit.as, visit.inApp);
    const tabKey = `${visit.as}${visit.inApp ? ' in app' : ''}`;
    let tab = pages.get(tabKey);
    if (!tab || tab.page.context() !== context) {
      const page = await context.newPage();
      const state: Tab = { page, visit: newWatch(), next: null, status: null };
      watch(
        page,
        () => state.visit,
        () => state.status,
      );
      page.on('framenavigated', (frame) => {
        if (frame !== page.mainFrame() || !state.next) return;
        state.visit = state.next;
        state.next = null;
      });
      tab = state;
      pages.set(tabKey, state);
    }
    tab.visit.open = false;
    const current = newWatch();
    tab.next = current;
    tab.status = visit.status ?? 200;
    const where = `${shopId} ${visit.as}${visit.inApp ? ' in app' : ''} ${visit.path}`;
    const response = await tab.page.goto(`${shop.url}${withShop(visit.path, shopId)}`);
    expect(tab.visit, `${where}: the page changed`).toBe(current);
    const landed = matchRoute(new URL(tab.page.url()).pathname)?.route.name;
    if (response?.status() !== tab.status) {
      found.push(`${where}: answered ${response?.status()}, not ${tab.status}`);
    }
    if (landed !== (visit.lands ?? visit.route)) found.push(`${where}: landed on ${landed}`);
    await settled(tab.page, current);
    for (const problem of current.problems) found.push(`${where}: ${problem}`);
  }
  return found;
}

test('every built page of shop 1001, as its role, logs no error and no failed request', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  // A school room over without a replay, for 学院直播已结束.
  const [school] = await shop.admin.db
    .select()
    .from(t.liveRooms)
    .where(eq(t.liveRooms.liveNo, 'L1001010'));
  const { id: _id, ...room } = school!;
  void _id;
  await shop.admin.db
    .insert(t.liveRooms)
    .values({ ...room, liveNo: SCHOOL_ENDED, replayUrl: null })
    .onConflictDoNothing();

  const visits = await visits1001(browser);
  const walked = new Set(visits.map((v) => v.route));
  expect(BUILT.filter((route) => !walked.has(route))).toEqual([]);
  expect(await walk(browser, '1001', visits)).toEqual([]);
});

test('the pages of shop 1002, as their roles, log no error and no failed request', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  expect(await walk(browser, '1002', await visits1002())).toEqual([]);
});
