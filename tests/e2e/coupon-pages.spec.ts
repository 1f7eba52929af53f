/**
 * The coupon pages as a shopper uses them on a phone (375×667), on the spec's own PostgreSQL
 * database with the demo seed: 优惠券规则 from 我的优惠券 and 领券中心; 去使用 on a brand coupon opens
 * 可用商品 with that brand's products only, and 去使用 in 领券中心 the sale's; the product page's
 * 领券 sheet draws a coupon and its button turns to 去使用; the checkout's coupon calls agree with
 * 确认订单's numbers; refusals answer clear errors. Each page is checked for nothing covered or
 * clipped, and shot for review.
 */
import { and, eq } from 'drizzle-orm';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test, type PgShop } from './fixtures.ts';
import * as t from '#lib/platform/db/schema.ts';
import { formatYuan } from '#lib/platform/money.ts';
import { drawCoupon } from '#lib/coupons/draw.server.ts';
import { countProducts } from '#lib/catalog/cards.server.ts';
import { productSaleOpenAt } from '#lib/catalog/filters.server.ts';
import { seedHandles } from '#demo/handles.ts';
import { freshPhone, userIdFor } from '../fixtures/accounts.ts';
import { givenProduct, givenSale, givenShop } from '../fixtures/given.ts';

let shop: PgShop;

test.describe.configure({ mode: 'serial' });
test.use({ shopDatabase: 'shop_e2e_coupon_pages' });
test.beforeAll(({ pgShop }) => {
  shop = pgShop;
});

const DAY = 86_400_000;
const SHOP = seedHandles.shop1001;
const screen = (name: string) => `test-results/screens/coupon-pages-${name}-375x667.png`;
const at = (shopId: string, path: string) =>
  `${shop.url}${path}${path.includes('?') ? '&' : '?'}shopId=${shopId}`;
const yuan = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);

async function newShopper(context: BrowserContext, withAddress = false) {
  const phone = freshPhone();
  const id = await userIdFor(shop.admin, phone, '券页顾客');
  if (withAddress) {
    await shop.admin.db.insert(t.addresses).values({
      userId: id,
      name: '孙八',
      phone: '13700137003',
      province: '浙江省',
      city: '杭州市',
      district: '西湖区',
      regionCode: '330106',
      detail: '文三路8号',
      isDefault: true,
    });
  }
  await shop.signIn(context, phone);
  return { id, phone };
}

/** A demo coupon template of shop 1001 by its number in the seed plan. */
async function demoCoupon(couponNo: string) {
  const [row] = await shop.admin.db
    .select()
    .from(t.coupons)
    .where(eq(t.coupons.couponNo, couponNo));
  return row!;
}

/** The product numbers a product grid links to. */
async function gridProductNos(page: Page): Promise<string[]> {
  const hrefs = await page
    .locator('[data-coupon-products] a')
    .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
  return hrefs.map((href) => new URL(href).searchParams.get('productNo')!);
}

/** Scrolls until 加载更多 has appended every page (the load-more script). */
async function loadAll(page: Page, total: number) {
  for (let i = 0; i < 20; i += 1) {
    if ((await page.locator('[data-coupon-products] > li').count()) >= total) return;
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(300);
  }
}

/**
 * Nothing covered or clipped: no sideways scrolling, and no text or control of the page under
 * the fixed floating buttons or bottom bars, at the top and at the end of the page.
 */
async function expectLaidOut(page: Page, name: string) {
  for (const where of ['top', 'end'] as const) {
    // At the end, until 加载更多 has nothing more to append.
    for (let height = -1, i = 0; i < 30; i += 1) {
      const now = await page.evaluate((end) => {
        window.scrollTo(0, end ? document.documentElement.scrollHeight : 0);
        return {
          height: document.documentElement.scrollHeight,
          more: end && document.querySelector('a[data-load-more]') !== null,
        };
      }, where === 'end');
      // The top button follows scrolling after the shell's 500 ms throttle.
      await page.waitForTimeout(600);
      if (now.height === height && !now.more) break;
      height = now.height;
    }
    const problems = await page.evaluate((atEnd) => {
      const found: string[] = [];
      if (document.documentElement.scrollWidth > window.innerWidth) {
        found.push(`scrolls sideways: ${document.documentElement.scrollWidth}px`);
      }
      const shown = (el: Element) => el.getClientRects().length > 0;
      const fixed = [
        ...document.querySelectorAll(
          '[data-bottom-bar], .buy-bar, .float-back, .float-btn, .float-dock',
        ),
      ].filter(shown);
      const overlaps = (a: DOMRect, b: DOMRect) =>
        a.right > b.left && a.left < b.right && a.bottom > b.top + 1 && a.top < b.bottom - 1;
      const onScreen = (r: DOMRect) => r.bottom > 0 && r.top < window.innerHeight;
      const main = document.querySelector('main')!;
      for (const el of main.querySelectorAll('a, button, h1, h2, strong, p, li > span')) {
        if (!shown(el) || el.closest('dialog')) continue;
        const rect = el.getBoundingClientRect();
        if (!onScreen(rect) || rect.width === 0) continue;
        if (rect.right > window.innerWidth + 1 || rect.left < -1) {
          found.push(`clipped: ${el.outerHTML.slice(0, 60)}`);
        }
        const over = fixed.find(
          (f) => !f.contains(el) && overlaps(rect, f.getBoundingClientRect()),
        );
        if (over && atEnd) found.push(`${el.outerHTML.slice(0, 60)} under ${over.className}`);
      }
      return found;
    }, where === 'end');
    expect(problems, `${page.url()} (${where})`).toEqual([]);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: screen(name) });
}

test('优惠券规则 is reachable from 我的优惠券 and from 领券中心', async ({ page, context }) => {
  const me = await newShopper(context);
  await drawCoupon(shop.admin.db, {
    shopId: SHOP.shopId,
    userId: me.id,
    couponId: (await demoCoupon(SHOP.coupons.shopWide)).id,
    source: 'center',
  });
  await page.goto(at(SHOP.shopId, '/coupon'));
  await expect(page.locator('[data-my-coupon]')).toHaveCount(1);
  await expectLaidOut(page, 'mine');
  await page.getByRole('link', { name: '优惠券规则' }).click();
  await expect(page).toHaveURL(/\/coupon-rules\?/);
  await expect(page.getByRole('heading', { name: '优惠券规则', level: 1 })).toBeVisible();
  const rules = page.locator('[data-coupon-rules]');
  for (const heading of [
    '一、领取',
    '二、使用门槛',
    '三、折扣券与优惠上限',
    '四、适用范围',
    '五、有效期',
    '六、每次结算限用一张',
    '七、取消订单',
    '八、退款',
  ]) {
    await expect(rules.getByRole('heading', { name: heading })).toBeVisible();
  }
  await expect(rules).toContainText('满199减20');
  await expect(rules).toContainText('满100享8.8折 最高减30');
  await expect(rules).toContainText('下单12分钟内未付款自动取消');
  await expect(rules).toContainText('一次结算只能使用一张优惠券');
  await expectLaidOut(page, 'rules');

  await page.goto(at(SHOP.shopId, '/coupon-center'));
  await page.getByRole('link', { name: '规则', exact: true }).click();
  await expect(page.getByRole('heading', { name: '优惠券规则', level: 1 })).toBeVisible();
});

test('去使用 on a brand coupon in 我的优惠券 opens 可用商品 with that brand’s products only', async ({
  page,
  context,
}) => {
  const me = await newShopper(context);
  const senye = await demoCoupon(SHOP.coupons.senyeBrand);
  expect(senye.scope).toBe('brand');
  await drawCoupon(shop.admin.db, {
    shopId: SHOP.shopId,
    userId: me.id,
    couponId: senye.id,
    source: 'center',
  });
  await page.goto(at(SHOP.shopId, '/coupon'));
  await page.getByRole('link', { name: '去使用：森野品牌券' }).click();
  await expect(page).toHaveURL(/\/coupon-offer-list\?.*userCouponId=\d+/);
  const offer = page.locator('[data-coupon-offer]');
  await expect(offer).toContainText('森野品牌券');
  await expect(offer).toContainText('满399减50 · 指定品牌可用');

  // Exactly the brand's products on sale now, every page of them.
  const brandId = Number(senye.scopeRef);
  const onSale = await countProducts(
    shop.admin.db,
    SHOP.shopId,
    and(productSaleOpenAt(new Date()), eq(t.products.brandId, brandId)),
  );
  expect(onSale).toBeGreaterThan(0);
  await expect(page.locator('[data-total]')).toHaveAttribute('data-total', String(onSale));
  await expectLaidOut(page, 'offer-brand');
  await loadAll(page, onSale);
  const listed = await gridProductNos(page);
  expect(listed).toHaveLength(onSale);
  const brands = await shop.admin.db
    .select({ productNo: t.products.productNo, brandId: t.products.brandId })
    .from(t.products)
    .where(eq(t.products.shopId, SHOP.shopId));
  const brandOf = new Map(brands.map((p) => [p.productNo, p.brandId]));
  expect(listed.filter((no) => brandOf.get(no) !== brandId)).toEqual([]);
  expect(new Set(listed).size).toBe(listed.length);

  // A product from the list opens its page.
  await page.locator('[data-coupon-products] a').first().click();
  await expect(page).toHaveURL(/\/productDetail\?/);
});

test('去使用 in 领券中心 opens 可用商品 with the sale’s products', async ({ page, context }) => {
  await newShopper(context);
  await page.goto(at(SHOP.shopId, '/coupon-center'));
  await page.getByRole('link', { name: '品牌券' }).click();
  await page.getByRole('button', { name: '立即领取：跑鞋专场券' }).click();
  await page.getByRole('link', { name: '去使用：跑鞋专场券' }).click();
  await expect(page).toHaveURL(/\/coupon-offer-list\?.*couponId=\d+/);
  await expect(page.locator('[data-coupon-offer]')).toContainText('跑鞋专场券');
  await expect(page.locator('[data-coupon-offer]')).toContainText('指定特卖可用');
  const sale = new Set(SHOP.sales.yuedongRunning.products.map((p) => p.productNo));
  const total = Number(await page.locator('[data-total]').getAttribute('data-total'));
  expect(total).toBeGreaterThan(0);
  await loadAll(page, total);
  const listed = await gridProductNos(page);
  expect(listed).toHaveLength(total);
  expect(listed.filter((no) => !sale.has(no))).toEqual([]);
  await expectLaidOut(page, 'offer-sale');
});

test('the product page’s 领券 sheet draws a coupon and its button turns to 去使用', async ({
  page,
  context,
}) => {
  await newShopper(context);
  const product = SHOP.sales.senyeRunning.products[0]!;
  await page.goto(at(SHOP.shopId, `/productDetail?productNo=${product.productNo}`));
  const row = page.locator('[data-coupons-row]');
  await expect(row).toContainText('领券');
  // The brand's coupon first (its claim window ends soonest), not the sold-out one.
  await expect(row).toContainText('满399减50');
  await expect(row).not.toContainText('满999减200');
  await row.scrollIntoViewIfNeeded();
  const box = (await row.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  await page.screenshot({ path: screen('product-row') });
  await row.click();
  const sheet = page.getByRole('dialog', { name: '领券' });
  await expect(sheet).toBeVisible();

  // What the product's coupons call answers: the shop's and the brand's, not another sale's.
  const answer = await page.request.get(
    `${shop.url}/api/spweb/queryCouponListByUserProduct?shopBizCode=${SHOP.shopId}&productNo=${product.productNo}&pageNum=1&pageSize=100000`,
  );
  const body = (await answer.json()) as { code: number; data: { total: number } };
  expect(body.code).toBe(0);
  await expect(sheet.locator('[data-sheet-coupon]')).toHaveCount(body.data.total);
  await expect(sheet).toContainText('森野品牌券');
  await expect(sheet).not.toContainText('跑鞋专场券');
  await expect(sheet.getByRole('button', { name: '已抢光：限量大额券' })).toBeDisabled();
  await page.screenshot({ path: screen('product-sheet') });
  // The sheet's coupons fit the screen: none runs past its edges.
  const outside = await sheet.locator('li').evaluateAll((items) =>
    items
      .flatMap((li) => [...li.children])
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.left < 0 || r.right > window.innerWidth;
      })
      .map((el) => el.outerHTML.slice(0, 60)),
  );
  expect(outside).toEqual([]);

  await sheet.getByRole('button', { name: '立即领取：店铺通用券' }).click();
  await expect(sheet.getByRole('link', { name: '去使用：店铺通用券' })).toBeVisible();
  await page.screenshot({ path: screen('product-sheet-drawn') });

  // Opened again, the server says the same.
  await sheet.getByRole('button', { name: '关闭' }).click();
  await expect(sheet).toBeHidden();
  await row.click();
  await expect(sheet.getByRole('link', { name: '去使用：店铺通用券' })).toBeVisible();
  await sheet.getByRole('link', { name: '去使用：店铺通用券' }).click();
  await expect(page).toHaveURL(/\/coupon-offer-list\?.*couponId=\d+/);
  await expect(page.locator('[data-coupon-offer]')).toContainText('全店通用');
  await expectLaidOut(page, 'offer-shop');
});

test('a visitor sees the 领券 sheet too, and is sent to log in to draw', async ({ page }) => {
  const product = SHOP.sales.senyeRunning.products[1]!;
  await page.goto(at(SHOP.shopId, `/productDetail?productNo=${product.productNo}`));
  await page.locator('[data-coupons-row]').click();
  const sheet = page.getByRole('dialog', { name: '领券' });
  await sheet.getByRole('button', { name: '立即领取：店铺通用券' }).click();
  await expect(page).toHaveURL(/\/login_web\?/);
});

test('no 领券 row on a product no coupon applies to', async ({ page, context }) => {
  const owned = await givenShop(shop.admin.db);
  const sale = await givenSale(shop.admin.db, owned.shopId, { title: '无券特卖' });
  const product = await givenProduct(shop.admin.db, sale, { name: '无券商品' });
  await newShopper(context);
  await page.goto(at(owned.shopId, `/productDetail?productNo=${product.productNo}`));
  await expect(page.getByRole('heading', { name: '无券商品' })).toBeVisible();
  await expect(page.locator('[data-coupons-row]')).toHaveCount(0);
});

/** A shop of the test's own: a 250.00 product and a shopper holding three coupons of it. */
async function checkoutWithCoupons(context: BrowserContext) {
  const owned = await givenShop(shop.admin.db);
  const sale = await givenSale(shop.admin.db, owned.shopId, { title: '券接口特卖' });
  const product = await givenProduct(shop.admin.db, sale, { name: '羊绒围巾', priceCents: 25_000 });
  const me = await newShopper(context, true);
  const now = Date.now();
  const coupon = async (name: string, amountCents: number, thresholdCents: number) => {
    const [row] = await shop.admin.db
      .insert(t.coupons)
      .values({
        couponNo: `C${owned.shopId}${Math.floor(Math.random() * 1e9)}`,
        shopId: owned.shopId,
        name,
        amountCents,
        thresholdCents,
        total: 100,
        claimFrom: new Date(now - DAY),
        claimTo: new Date(now + DAY),
        validDays: 7,
      })
      .returning({ id: t.coupons.id });
    return drawCoupon(shop.admin.db, {
      shopId: owned.shopId,
      userId: me.id,
      couponId: row!.id,
      source: 'center',
    });
  };
  return {
    shopId: owned.shopId,
    productNo: product.productNo,
    skuNo: product.skuNos[0]!,
    me,
    small: await coupon('小额券', 1000, 0),
    big: await coupon('满200减30', 3000, 20_000),
    tooHigh: await coupon('满500减80', 8000, 50_000),
  };
}

test('the checkout’s coupon calls agree with 确认订单; the usable coupons, a coupon’s products and its recommendation', async ({
  page,
  context,
}) => {
  const c = await checkoutWithCoupons(context);
  const api = (path: string, body: unknown) =>
    page.request
      .post(`${shop.url}/api/spweb/order/${path}?shopBizCode=${c.shopId}`, { data: body })
      .then(async (r) => (await r.json()) as { code: number; message: string; data: any });
  const lines = { skuNo: c.skuNo, quantity: 1 };

  // 确认订单 with the best coupon, as the page shows it.
  await page.goto(at(c.shopId, `/confirmationOrder?skuNo=${c.skuNo}&quantity=1`));
  const shownCoupon = yuan(await page.locator('[data-coupon-amount]').innerText());
  const shownPay = yuan(await page.locator('[data-pay]').innerText());
  expect(shownCoupon).toBe(3000);

  const tickets = await api('firmOrderTicketList', lines);
  expect(tickets.code).toBe(0);
  expect(tickets.data).toMatchObject({
    selectedId: c.big,
    couponCents: shownCoupon,
    payCents: shownPay,
    refused: null,
  });
  expect(tickets.data.usable.map((u: { userCouponId: number }) => u.userCouponId)).toEqual([
    c.big,
    c.small,
  ]);
  expect(tickets.data.unusable).toEqual([
    expect.objectContaining({ userCouponId: c.tooHigh, refusal: '未达到优惠券使用门槛' }),
  ]);

  const recommended = await api('recommendCoupons', lines);
  expect(recommended.data).toMatchObject({
    coupon: { userCouponId: c.big, name: '满200减30', offCents: 3000 },
    couponCents: shownCoupon,
    payCents: shownPay,
  });

  // The small one chosen: the call's total is the page's with it.
  const small = await api('selectCoupon', { ...lines, userCouponId: String(c.small) });
  expect(small.data).toMatchObject({ userCouponId: c.small, couponCents: 1000 });
  await page.goto(
    at(c.shopId, `/confirmationOrder?skuNo=${c.skuNo}&quantity=1&userCouponId=${c.small}`),
  );
  await expect(page.locator('[data-coupon-amount]')).toHaveText('-¥10.00 ›');
  await expect(page.locator('[data-pay]')).toHaveText(`¥${formatYuan(small.data.payCents)}`);
  expect(small.data.payCents).toBe(shownPay + 3000 - 1000);

  const none = await api('selectCoupon', { ...lines, userCouponId: 'none' });
  expect(none.data).toMatchObject({ userCouponId: null, coupon: null, couponCents: 0 });
  expect(none.data.payCents).toBe(shownPay + 3000);

  // The caller's usable coupons in the shop, and on the product (all three are shop-wide).
  const usable = await page.request.get(
    `${shop.url}/api/spweb/order/selectUserTicketlist?shopBizCode=${c.shopId}&productNo=${c.productNo}`,
  );
  expect(((await usable.json()) as { data: unknown[] }).data).toHaveLength(3);

  // The products the coupon applies to, and the short recommendation: the one product.
  const [held] = await shop.admin.db
    .select({ couponId: t.userCoupons.couponId })
    .from(t.userCoupons)
    .where(eq(t.userCoupons.id, c.big));
  const products = await page.request.post(
    `${shop.url}/api/commodity/subscribe/v2/discountCoupon/queryPage/${c.shopId}/${held!.couponId}`,
    { data: { pageNum: 1, pageSize: 10 } },
  );
  expect(((await products.json()) as { data: unknown }).data).toMatchObject({
    coupon: { couponId: held!.couponId, name: '满200减30', condition: '满200减30' },
    list: [{ productNo: c.productNo, priceCents: 25_000 }],
    total: 1,
    pageNum: 1,
    pageSize: 10,
  });
  const recommendation = (path: string) =>
    page.request
      .post(`${shop.url}${path}`, { data: {} })
      .then(async (r) => (await r.json()) as { code: number; message: string; data: any });
  const shortList = await recommendation(
    `/api/commodity/recommend/product/product/coupon/recommendation/user/${c.shopId}?shopId=${c.shopId}&couponId=${held!.couponId}&type=2`,
  );
  expect(shortList.data.list.map((p: { productNo: string }) => p.productNo)).toEqual([c.productNo]);
  expect(
    await recommendation(
      `/api/commodity/recommend/product/product/coupon/recommendation/user/${c.shopId}?shopId=1002&couponId=${held!.couponId}`,
    ),
  ).toMatchObject({ code: 45008, message: '店铺编号不一致' });
});

test('refusals: an unknown key, a bad or unknown couponId, someone else’s coupon, logged out', async ({
  page,
  context,
}) => {
  const c = await checkoutWithCoupons(context);
  const post = (path: string, body: unknown) =>
    page.request.post(`${shop.url}${path}`, { data: body }).then(async (r) => ({
      status: r.status(),
      ...((await r.json()) as { code: number; message: string }),
    }));
  const get = (path: string) =>
    page.request.get(`${shop.url}${path}`).then(async (r) => ({
      status: r.status(),
      ...((await r.json()) as { code: number; message: string }),
    }));
  const q = `?shopBizCode=${c.shopId}`;

  // A body may not carry a price, nor anything else it does not name.
  expect(
    await post(`/api/spweb/order/firmOrderTicketList${q}`, {
      skuNo: c.skuNo,
      quantity: 1,
      couponCents: 99_999,
    }),
  ).toMatchObject({ status: 400, code: 400, message: '不支持的参数：couponCents' });
  expect(
    await post(`/api/spweb/order/selectCoupon${q}`, { skuNo: c.skuNo, quantity: 1 }),
  ).toMatchObject({ status: 400, code: 400, message: expect.stringContaining('userCouponId') });
  expect(await get(`/api/spweb/order/queryUserTicketQualification${q}&couponId=abc`)).toMatchObject(
    { status: 400, message: 'couponId：优惠券编号格式不正确' },
  );
  expect(
    await get(`/api/spweb/order/queryUserTicketQualification${q}&couponId=987654321`),
  ).toMatchObject({ code: 40415, message: '优惠券不存在' });
  expect(
    await post(`/api/commodity/subscribe/v2/discountCoupon/queryPage/${c.shopId}/0`, {}),
  ).toMatchObject({ status: 400, message: 'couponId：优惠券编号格式不正确' });
  expect(
    await post(`/api/commodity/subscribe/v2/discountCoupon/queryPage/${c.shopId}/987654321`, {}),
  ).toMatchObject({ code: 40415, message: '优惠券不存在' });
  expect(
    await post(`/api/commodity/subscribe/v2/discountCoupon/queryPage/${c.shopId}/1`, {
      pageSize: 51,
    }),
  ).toMatchObject({ status: 400, message: expect.stringContaining('pageSize') });
  expect(
    await get(`/api/spweb/queryCouponListByUserProduct${q}&productNo=P1&pageNum=1&pageSize=100001`),
  ).toMatchObject({ status: 400, message: expect.stringContaining('pageSize') });

  // Someone else's coupon is no coupon of the caller's.
  const other = await userIdFor(shop.admin, freshPhone(), '别人');
  const [template] = await shop.admin.db
    .select({ couponId: t.userCoupons.couponId })
    .from(t.userCoupons)
    .where(eq(t.userCoupons.id, c.small));
  const theirs = await drawCoupon(shop.admin.db, {
    shopId: c.shopId,
    userId: other,
    couponId: template!.couponId,
    source: 'center',
  });
  expect(
    await post(`/api/spweb/order/selectCoupon${q}`, {
      skuNo: c.skuNo,
      quantity: 1,
      userCouponId: String(theirs),
    }),
  ).toMatchObject({ code: 45006, message: '优惠券不存在' });
  await page.goto(at(c.shopId, `/coupon-offer-list?userCouponId=${theirs}`));
  await expect(page.getByRole('heading', { name: '优惠券不存在' })).toBeVisible();

  // Logged out: the client's cue to sign in, before anything about the input.
  const anonymous = await fetch(
    `${shop.url}/api/spweb/order/queryUserTicketQualification${q}&couponId=abc`,
  );
  expect(((await anonymous.json()) as { code: number }).code).toBe(100006);
});
