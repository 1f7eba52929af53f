/**
 * Running the shop as its owner (issue 15 items 5 and 7): 店铺设置 renames the shop and turns the
 * notice on — every title, the seller info and the link preview follow, and visitors land on
 * insideTips first — bad input is refused with nothing saved, 咨询二维码设置 sets the QR code
 * shoppers see on 联系店主, and the owner reaches the review screens from 我的. Others (a consumer,
 * the owner of shop 1002, a keeper who is not the owner) are refused every page and call.
 */
import { and, eq, ne } from 'drizzle-orm';
import sharp from 'sharp';
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { expect, test, type PgShop } from './fixtures.ts';
import { demoPhones, seedHandles } from '#demo/handles.ts';
import * as t from '#lib/platform/db/schema.ts';
import { OrderStatus, RefundStatus } from '#lib/orders/status.ts';
import { WithdrawalStatus } from '#lib/distribution/status.ts';
import { givenMember } from '../fixtures/given.ts';

test.describe.configure({ mode: 'serial' });
test.use({ shopDatabase: 'shop_e2e_store' });

const SHOP = '1001';
const SEED_NAME = '小鹿优选';
const NOTICE = '年货节期间发货顺延两天，敬请谅解。';
const screen = (name: string) => `test-results/screens/store-setting-${name}.png`;
const product = seedHandles.shop1001.sales.senyeRunning.products[0]!;

let shop: PgShop;
test.beforeAll(({ pgShop }) => {
  shop = pgShop;
});

async function shopRow() {
  const [row] = await shop.admin.db.select().from(t.shops).where(eq(t.shops.id, SHOP));
  return row!;
}

/** Back to the seeded settings: each test starts from the demo shop. */
async function resetShop() {
  await shop.admin.db
    .update(t.shops)
    .set({ name: SEED_NAME, noticeEnabled: false })
    .where(eq(t.shops.id, SHOP));
}
test.beforeEach(resetShop);
test.afterAll(resetShop);

const at = (path: string) => `${shop.url}${path}${path.includes('?') ? '&' : '?'}shopId=${SHOP}`;

const picture = async (format: 'png' | 'gif', side = 300) =>
  sharp({
    create: { width: side, height: side, channels: 3, background: { r: 30, g: 120, b: 200 } },
  })
    .toFormat(format)
    .toBuffer();

/** The settings form, once its island has hydrated (保存 is enabled from then on). */
async function settingsForm(page: Page): Promise<Locator> {
  const form = page.getByRole('form', { name: '店铺设置' });
  await expect(form.getByRole('button', { name: '保存' })).toBeEnabled();
  return form;
}

async function freshVisitor(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 375, height: 667 } });
  return { context, page: await context.newPage() };
}

test('the owner renames the shop and turns the notice on: titles follow, visitors read the notice first', async ({
  pageAs,
  browser,
}) => {
  const page = await pageAs('owner1001');
  const response = await page.goto(at('/store-setting'));
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: '店铺设置', level: 1 })).toBeVisible();
  const form = await settingsForm(page);
  const name = form.getByRole('textbox', { name: '店铺名称' });
  await expect(name).toHaveValue(SEED_NAME);
  await expect(form.getByRole('textbox', { name: '店铺简介' })).toHaveValue(/小鹿优选/);
  await expect(form.getByRole('img', { name: '店铺LOGO预览' })).toBeVisible();
  const notice = form.getByRole('switch', { name: '店铺公告' });
  await expect(notice).not.toBeChecked();
  await page.screenshot({ path: screen('form'), fullPage: true });

  // The emoji goes (commerce §5); the notice needs its text once on.
  await name.fill('小鹿精选🎉');
  await notice.check();
  await form.getByRole('textbox', { name: '公告内容' }).fill('');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form.getByRole('alert')).toHaveText('开启店铺公告时请填写公告内容');
  expect((await shopRow()).name).toBe(SEED_NAME);

  await form.getByRole('textbox', { name: '公告内容' }).fill(NOTICE);
  await form.getByRole('button', { name: '保存' }).click();
  await expect(page.locator('#shell-toast')).toHaveText('保存成功');
  await expect(name).toHaveValue('小鹿精选');
  await expect(page).toHaveTitle('店铺设置 | 小鹿精选');
  expect(await shopRow()).toMatchObject({
    name: '小鹿精选',
    noticeEnabled: true,
    noticeText: NOTICE,
  });

  // The calls shoppers' pages make follow at once.
  const seller = await page.request.get(`${shop.url}/api/member/xdwxh5/seller/info/${SHOP}`);
  expect((await seller.json()).data.shopName).toBe('小鹿精选');
  const detail = await page.request.get(`${shop.url}/api/shop/base/detail?shopId=${SHOP}`);
  expect((await detail.json()).data).toMatchObject({
    shopName: '小鹿精选',
    shopNotice: 'ON',
    noticeText: NOTICE,
  });

  // A fresh visitor opening the home page reads the notice first, then gets the home page.
  const visitor = await freshVisitor(browser);
  try {
    await visitor.page.goto(at('/index'));
    expect(new URL(visitor.page.url()).pathname).toBe('/insideTips');
    await expect(visitor.page.locator('[data-notice-text]')).toHaveText(NOTICE);
    await expect(visitor.page.getByRole('heading', { name: '小鹿精选', level: 1 })).toBeVisible();
    await visitor.page.screenshot({ path: screen('inside-tips'), fullPage: true });
    await visitor.page.getByRole('link', { name: '我知道了，进入店铺' }).click();
    await expect(visitor.page).toHaveURL(/\/index\?shopId=1001$/);
    await expect(visitor.page).toHaveTitle('小鹿精选');
    await expect(visitor.page.locator('meta[property="og:title"]')).toHaveAttribute(
      'content',
      '小鹿精选',
    );
    // Read once: the next pages open directly, the product page titled with the new name.
    await visitor.page.goto(at(`/productDetail?productNo=${product.productNo}`));
    expect(new URL(visitor.page.url()).pathname).toBe('/productDetail');
    await expect(visitor.page).toHaveTitle(`${product.name} | 小鹿精选`);

    // A new text is shown again, and leads back to the page asked for.
    await shop.admin.db
      .update(t.shops)
      .set({ noticeText: `${NOTICE}新品周五上架。` })
      .where(eq(t.shops.id, SHOP));
    await visitor.page.goto(at(`/productDetail?productNo=${product.productNo}`));
    expect(new URL(visitor.page.url()).pathname).toBe('/insideTips');
    await expect(visitor.page.locator('[data-notice-text]')).toHaveText(`${NOTICE}新品周五上架。`);
    await visitor.page.getByRole('link', { name: '我知道了，进入店铺' }).click();
    await expect(visitor.page).toHaveURL(
      new RegExp(`/productDetail\\?productNo=${product.productNo}&shopId=1001$`),
    );
  } finally {
    await visitor.context.close();
  }

  // Another fresh visitor asking for a product page continues to that page after the notice.
  const second = await freshVisitor(browser);
  try {
    await second.page.goto(at(`/productDetail?productNo=${product.productNo}`));
    expect(new URL(second.page.url()).pathname).toBe('/insideTips');
    await second.page.getByRole('link', { name: '我知道了，进入店铺' }).click();
    await expect(second.page).toHaveURL(/\/productDetail\?/);
    await expect(second.page).toHaveTitle(`${product.name} | 小鹿精选`);
  } finally {
    await second.context.close();
  }

  // A search engine keeps no cookie: it reads the product page it asked for, not the notice.
  const crawled = await fetch(at(`/productDetail?productNo=${product.productNo}`), {
    headers: {
      'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    },
    redirect: 'manual',
  });
  expect(crawled.status).toBe(200);
  expect(await crawled.text()).toContain(`<title>${product.name} | 小鹿精选</title>`);

  // The owner is a visitor of the shop too: the home page after the notice, with the new title.
  await page.goto(at('/index'));
  expect(new URL(page.url()).pathname).toBe('/insideTips');
  await page.getByRole('link', { name: '我知道了，进入店铺' }).click();
  await expect(page).toHaveTitle('小鹿精选');

  // Switched off: nobody is sent to the notice.
  await shop.admin.db.update(t.shops).set({ noticeEnabled: false }).where(eq(t.shops.id, SHOP));
  const third = await freshVisitor(browser);
  try {
    await third.page.goto(at('/index'));
    expect(new URL(third.page.url()).pathname).toBe('/index');
  } finally {
    await third.context.close();
  }
});

test('an empty or emoji-only name is refused with a message, and nothing is saved', async ({
  pageAs,
}) => {
  const page = await pageAs('owner1001');
  await page.goto(at('/store-setting'));
  const form = await settingsForm(page);
  const intro = form.getByRole('textbox', { name: '店铺简介' });
  await intro.fill('这段简介不会被保存');

  await form.getByRole('textbox', { name: '店铺名称' }).fill('');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form.getByRole('alert')).toHaveText('店铺名称不能为空');

  await form.getByRole('textbox', { name: '店铺名称' }).fill('😀🎉✨');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form.getByRole('alert')).toHaveText('店铺名称不能只含表情或特殊符号');
  await page.screenshot({ path: screen('name-refused'), fullPage: true });

  // The server holds the same rules: a call that skips the page saves nothing either.
  const before = await shopRow();
  const answer = await page.request.post(`${shop.url}/api/shop/setting?shopBizCode=${SHOP}`, {
    data: {
      shopName: '🦌🦌',
      intro: '这段简介不会被保存',
      noticeEnabled: true,
      noticeText: NOTICE,
      followUrl: '',
    },
  });
  expect(await answer.json()).toMatchObject({
    code: 49602,
    message: '店铺名称不能只含表情或特殊符号',
    success: false,
  });
  const bad = await page.request.post(`${shop.url}/api/shop/setting?shopBizCode=${SHOP}`, {
    data: {
      shopName: '新名字',
      intro: '',
      noticeEnabled: false,
      noticeText: '',
      followUrl: 'http://mp.weixin.qq.com/x',
    },
  });
  expect((await bad.json()).code).toBe(49607);
  expect(await shopRow()).toEqual(before);
});

test('the logo: a wrong type is refused with a message, a picture becomes the shop’s on 保存', async ({
  pageAs,
}) => {
  const page = await pageAs('owner1001');
  await page.goto(at('/store-setting'));
  const form = await settingsForm(page);
  const upload = form.getByLabel('更换店铺LOGO');
  const before = (await shopRow()).logoUrl;

  await upload.setInputFiles({
    name: 'logo.gif',
    mimeType: 'image/gif',
    buffer: await picture('gif'),
  });
  await expect(form.getByRole('alert')).toHaveText('店铺LOGO仅支持 JPG、PNG、WEBP 格式的图片');
  // The server reads the bytes, not the name: a GIF sent as PNG is refused too.
  const lying = await page.request.post(`${shop.url}/api/shop/setting/logo?shopBizCode=${SHOP}`, {
    headers: { 'content-type': 'image/png' },
    data: await picture('gif'),
  });
  expect(await lying.json()).toMatchObject({
    code: 49609,
    message: '店铺LOGO仅支持 JPG、PNG、WEBP 格式的图片',
  });

  await upload.setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: await picture('png', 900),
  });
  const preview = form.getByRole('img', { name: '店铺LOGO预览' });
  await expect(preview).not.toHaveAttribute('src', before ?? '');
  const uploaded = await preview.getAttribute('src');
  expect(uploaded).toMatch(/^\/media\/\d+$/);
  // Not the shop's until saved.
  expect((await shopRow()).logoUrl).toBe(before);
  await form.getByRole('button', { name: '保存' }).click();
  await expect(page.locator('#shell-toast')).toHaveText('保存成功');
  expect((await shopRow()).logoUrl).toBe(uploaded);
  const logo = await page.request.get(`${shop.url}${uploaded}`);
  expect(logo.headers()['content-type']).toBe('image/jpeg');
  expect(await sharp(await logo.body()).metadata()).toMatchObject({ width: 400, height: 400 });
  const seller = await page.request.get(`${shop.url}/api/member/xdwxh5/seller/info/${SHOP}`);
  expect((await seller.json()).data.shopLogoUrl).toBe(uploaded);
  await page.screenshot({ path: screen('logo'), fullPage: true });
  await shop.admin.db.update(t.shops).set({ logoUrl: before }).where(eq(t.shops.id, SHOP));
});

test('咨询二维码设置: the owner replaces and deletes the QR code shoppers see on 联系店主', async ({
  pageAs,
  browser,
}) => {
  const page = await pageAs('owner1001');
  const response = await page.goto(at('/im-setting'));
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: '咨询二维码设置', level: 1 })).toBeVisible();
  const seeded = (await shopRow()).consultQrUrl;
  await expect(page.getByRole('img', { name: '当前的咨询二维码' })).toHaveAttribute('src', seeded!);
  await page.screenshot({ path: screen('im-setting'), fullPage: true });
  const api = await page.request.get(
    `${shop.url}/api/member/xdwxh5/seller/querySellerQrUrl?shopBizCode=${SHOP}`,
  );
  expect((await api.json()).data).toEqual({ qrUrl: seeded });

  const upload = page.getByLabel('更换二维码');
  await expect(upload).toBeEnabled();
  await upload.setInputFiles({
    name: 'qr.gif',
    mimeType: 'image/gif',
    buffer: await picture('gif'),
  });
  await expect(page.getByRole('alert')).toHaveText('二维码仅支持 JPG、PNG、WEBP 格式的图片');
  await upload.setInputFiles({
    name: 'qr.png',
    mimeType: 'image/png',
    buffer: await picture('png'),
  });
  await expect(page.locator('#shell-toast')).toHaveText('二维码已更新');
  const replaced = (await shopRow()).consultQrUrl;
  expect(replaced).not.toBe(seeded);
  await expect(page.getByRole('img', { name: '当前的咨询二维码' })).toHaveAttribute(
    'src',
    replaced!,
  );

  // A shopper finds it from 我的 → 联系店主.
  const shopper = await browser.newContext({ viewport: { width: 375, height: 667 } });
  try {
    await shop.signIn(shopper, demoPhones.consumer);
    const shopperPage = await shopper.newPage();
    await shopperPage.goto(at('/my'));
    await shopperPage.getByRole('link', { name: '联系店主' }).click();
    await expect(shopperPage).toHaveURL(/\/im-qr\?/);
    await expect(shopperPage.getByRole('img', { name: '小鹿优选的咨询二维码' })).toHaveAttribute(
      'src',
      replaced!,
    );
    await expect(shopperPage.locator('[data-shop-intro]')).toContainText('小鹿优选');
    await shopperPage.screenshot({ path: screen('im-qr'), fullPage: true });

    await page.getByRole('button', { name: '删除' }).click();
    await page.getByRole('button', { name: '确定删除' }).click();
    await expect(page.locator('#shell-toast')).toHaveText('二维码已删除');
    await expect(page.locator('[data-consult-qr-empty]')).toBeVisible();
    expect((await shopRow()).consultQrUrl).toBeNull();
    await shopperPage.goto(at('/im-qr'));
    await expect(shopperPage.getByText('店主暂未设置咨询二维码')).toBeVisible();
    await shopperPage.goto(at('/my'));
    await expect(shopperPage.getByRole('link', { name: '联系店主' })).toHaveCount(0);
  } finally {
    await shopper.close();
    await shop.admin.db.update(t.shops).set({ consultQrUrl: seeded }).where(eq(t.shops.id, SHOP));
  }
});

test.describe('others are refused store-setting and im-setting of shop 1001', () => {
  const calls = async (page: Page) => {
    const q = `shopBizCode=${SHOP}`;
    const png = await picture('png');
    return [
      await page.request.get(`${shop.url}/api/shop/setting?${q}`),
      await page.request.post(`${shop.url}/api/shop/setting?${q}`, {
        data: {
          shopName: '抢来的店',
          intro: '',
          noticeEnabled: false,
          noticeText: '',
          followUrl: '',
        },
      }),
      await page.request.post(`${shop.url}/api/shop/setting/logo?${q}`, {
        headers: { 'content-type': 'image/png' },
        data: png,
      }),
      await page.request.get(`${shop.url}/api/member/xdwxh5/seller/querySellerQrUrl?${q}`),
      await page.request.post(`${shop.url}/api/member/xdwxh5/seller/uploadSellerQrUrl?${q}`, {
        headers: { 'content-type': 'image/png' },
        data: png,
      }),
      await page.request.post(`${shop.url}/api/member/xdwxh5/seller/deleteSellerQrUrl?${q}`, {
        data: {},
      }),
    ];
  };

  for (const [who, phone] of [
    ['the consumer', demoPhones.consumer],
    ['the owner of shop 1002', demoPhones.owner1002],
  ] as const) {
    test(`${who}: both pages and every call`, async ({ pageAs }) => {
      const before = await shopRow();
      const page = await pageAs(phone);
      for (const path of ['/store-setting', '/im-setting']) {
        const response = await page.goto(at(path));
        expect(response?.status(), path).toBe(403);
        await expect(page.getByRole('heading', { name: '没有权限访问' })).toBeVisible();
        await expect(page.getByRole('form', { name: '店铺设置' })).toHaveCount(0);
      }
      for (const answer of await calls(page)) {
        const body = (await answer.json()) as { code: number; data?: unknown };
        expect([answer.url(), body.code]).toEqual([answer.url(), 40301]);
        expect(body.data ?? null).toBeNull();
      }
      expect(await shopRow()).toEqual(before);
    });
  }

  test('a keeper of the shop who is not its owner: a whole page saying so, every call refused', async ({
    pageAs,
  }) => {
    const keeper = await givenMember(shop.admin.db, SHOP, { role: 3 });
    const before = await shopRow();
    const page = await pageAs(keeper.phone);
    for (const path of ['/store-setting', '/im-setting']) {
      const response = await page.goto(at(path));
      expect(response?.status(), path).toBe(403);
      await expect(page.getByRole('heading', { name: '没有权限访问' })).toBeVisible();
      await expect(page.getByText('只有店主可以修改店铺设置')).toBeVisible();
    }
    await page.screenshot({ path: screen('keeper-refused'), fullPage: true });
    for (const answer of await calls(page)) {
      expect(await answer.json()).toMatchObject({
        code: 40301,
        message: '只有店主可以修改店铺设置',
      });
    }
    expect(await shopRow()).toEqual(before);
    // Nor the owner's desk on 我的, nor the whole shop's orders.
    await page.goto(at('/my'));
    await expect(page.locator('[data-entries="owner"]')).toHaveCount(0);
    const wide = await page.request.get(
      `${shop.url}/api/order/distributor/listByPage?shopBizCode=${SHOP}&scope=shop`,
    );
    expect((await wide.json()).code).toBe(41010);
  });
});

test('the owner reaches the review screens from 我的 and ships an order nobody shared', async ({
  pageAs,
}) => {
  const db = shop.admin.db;
  // The demo's unpaid order has no sharer: paid, it waits for the owner alone.
  const [direct] = await db
    .update(t.orders)
    .set({ status: OrderStatus.Paid, paidAt: new Date() })
    .where(and(eq(t.orders.shopId, SHOP), eq(t.orders.status, OrderStatus.AwaitingPayment)))
    .returning({ orderNo: t.orders.orderNo, distributorId: t.orders.distributorId });
  expect(direct?.distributorId).toBeNull();
  const count = async (table: 'orders' | 'afterSales' | 'withdrawals') => {
    if (table === 'orders')
      return (
        await db
          .select()
          .from(t.orders)
          .where(and(eq(t.orders.shopId, SHOP), eq(t.orders.status, OrderStatus.Paid)))
      ).length;
    if (table === 'afterSales')
      return (
        await db
          .select()
          .from(t.afterSales)
          .where(
            and(eq(t.afterSales.shopId, SHOP), eq(t.afterSales.status, RefundStatus.UnderReview)),
          )
      ).length;
    // The owner's own withdrawals wait for the shop's managers, not on the owner's desk.
    const [shop] = await db.select().from(t.shops).where(eq(t.shops.id, SHOP));
    return (
      await db
        .select()
        .from(t.withdrawals)
        .where(
          and(
            eq(t.withdrawals.shopId, SHOP),
            ne(t.withdrawals.userId, shop!.ownerUserId!),
            eq(t.withdrawals.status, WithdrawalStatus.Applied),
          ),
        )
    ).length;
  };
  const [toShip, afterSales, withdrawals] = [
    await count('orders'),
    await count('afterSales'),
    await count('withdrawals'),
  ];
  expect(toShip).toBeGreaterThan(1);

  const page = await pageAs('owner1001');
  await page.goto(at('/my'));
  const desk = page.locator('[data-entries="owner"]');
  await expect(desk.getByRole('heading', { name: '店铺管理' })).toBeVisible();
  await expect(desk.locator('[data-entry] .label')).toHaveText([
    '店铺设置',
    '咨询二维码',
    '营业执照',
    '待发货订单',
    '售后审核',
    '提现审核',
    '开票管理',
  ]);
  const note = (route: string) => desk.locator(`[data-entry="${route}"] .note`);
  await expect(note('distributorOrder')).toHaveText(`${toShip} 个待发货`);
  if (afterSales > 0) await expect(note('shopAfterSales')).toHaveText(`${afterSales} 个待审核`);
  if (withdrawals > 0) await expect(note('withdrawalReview')).toHaveText(`${withdrawals} 笔待审核`);
  await page.screenshot({ path: screen('my-owner'), fullPage: true });

  for (const [label, heading] of [
    ['店铺设置', '店铺设置'],
    ['咨询二维码', '咨询二维码设置'],
    ['营业执照', '营业执照信息'],
    ['售后审核', '售后审核'],
    ['提现审核', '提现审核'],
    ['开票管理', '开票管理'],
  ] as const) {
    await page.goto(at('/my'));
    await desk.getByRole('link', { name: label }).click();
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
  }

  await page.goto(at('/my'));
  await desk.getByRole('link', { name: '待发货订单' }).click();
  await expect(page).toHaveURL(/\/distributorOrder\?.*scope=shop/);
  await expect(page.getByRole('link', { name: '全店订单' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByRole('link', { name: '待发货', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.locator('[data-distributor-order]')).toHaveCount(toShip);
  const card = page.locator(`[data-distributor-order="${direct!.orderNo}"]`);
  await expect(card).toBeVisible();
  await page.screenshot({ path: screen('to-ship'), fullPage: true });
  // Not among the owner's own promotion orders: nobody shared it.
  await page.getByRole('link', { name: '我的推广' }).click();
  await expect(page.locator('[data-distributor-order]').first()).toBeVisible();
  await expect(page.locator(`[data-distributor-order="${direct!.orderNo}"]`)).toHaveCount(0);

  await page.goto(at(`/distributorOrderDetail?orderNo=${direct!.orderNo}`));
  const form = page.getByRole('form', { name: '发货' });
  // Hydrated first: a choice made before would be reset by the island.
  await expect(form.getByRole('button', { name: '确认发货' })).toBeEnabled();
  await form.getByRole('combobox', { name: '快递公司' }).selectOption('SF');
  await form.getByRole('textbox', { name: '快递单号' }).fill('SF1234567890123');
  await form.getByRole('button', { name: '确认发货' }).click();
  await expect(page.getByRole('heading', { name: '已发货' })).toBeVisible();
  await page.goto(at('/my'));
  await expect(note('distributorOrder')).toHaveText(`${toShip - 1} 个待发货`);
});

test('the review calls of shop 1001 refuse the consumer and the owner of shop 1002', async ({
  pageAs,
}) => {
  const db = shop.admin.db;
  const [paid] = await db
    .select({ orderNo: t.orders.orderNo })
    .from(t.orders)
    .where(and(eq(t.orders.shopId, SHOP), eq(t.orders.status, OrderStatus.Paid)))
    .limit(1);
  const [afterSale] = await db
    .select({ afterSaleNo: t.afterSales.afterSaleNo })
    .from(t.afterSales)
    .where(eq(t.afterSales.shopId, SHOP))
    .limit(1);
  const [withdrawal] = await db
    .select({ withdrawalNo: t.withdrawals.withdrawalNo })
    .from(t.withdrawals)
    .where(eq(t.withdrawals.shopId, SHOP))
    .limit(1);
  const snapshot = async () => ({
    order: await db.select().from(t.orders).where(eq(t.orders.orderNo, paid!.orderNo)),
    afterSale: await db
      .select()
      .from(t.afterSales)
      .where(eq(t.afterSales.afterSaleNo, afterSale!.afterSaleNo)),
    withdrawal: await db
      .select()
      .from(t.withdrawals)
      .where(eq(t.withdrawals.withdrawalNo, withdrawal!.withdrawalNo)),
  });
  const before = await snapshot();

  const transitions = (shopBizCode: string) =>
    [
      [
        '/api/order/shop/ship',
        { orderNo: paid!.orderNo, carrier: 'SF', trackingNo: 'SF1234567890123' },
      ],
      ['/api/order/afterSale/shop/review', { afterSaleNo: afterSale!.afterSaleNo, approve: true }],
      ['/api/order/afterSale/shop/receiveReturn', { afterSaleNo: afterSale!.afterSaleNo }],
      [
        '/api/member/xdwxh5/wallet/review',
        { withdrawalNo: withdrawal!.withdrawalNo, approve: true },
      ],
    ].map(([path, data]) => ({ path: `${path}?shopBizCode=${shopBizCode}`, data }));

  for (const phone of [demoPhones.consumer, demoPhones.owner1002]) {
    const page = await pageAs(phone);
    for (const { path, data } of transitions(SHOP)) {
      const answer = await page.request.post(`${shop.url}${path}`, { data });
      expect([phone, path, (await answer.json()).code]).toEqual([phone, path, 40301]);
    }
    for (const path of ['/shopAfterSales', '/withdrawalReview', '/distributorOrderDetail']) {
      const response = await page.goto(at(`${path}?orderNo=${paid!.orderNo}`));
      expect([phone, path, response?.status()]).toEqual([phone, path, 403]);
    }
  }
  // The owner of 1002 naming his own shop reaches nothing of 1001 either.
  const page = await pageAs('owner1002');
  for (const { path, data } of transitions('1002')) {
    const answer = await page.request.post(`${shop.url}${path}`, { data });
    const body = (await answer.json()) as { code: number; success: boolean };
    expect([path, body.success]).toEqual([path, false]);
  }
  expect(await snapshot()).toEqual(before);
});
