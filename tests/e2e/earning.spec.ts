/**
 * Sharing and earning end to end (issue #14, "Must show"): a new shop keeper opens a product and
 * shares it (the share sheet's poster, whose QR code decodes to the product link with their
 * distributorId); a new shopper opens that link inside the messaging app, signs in through member auth
 * and phone binding, buys and pays; the keeper's wallet and income show the pending commission;
 * after the order completes and its after-sale window passes (the server's timer run with a later
 * clock) it is withdrawable; the keeper binds a card and withdraws; the shop's owner approves;
 * the payout sandbox pays; the wallet shows it. The ledger is sound after every step.
 */
import { eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { expect, test, type PgShop } from './fixtures.ts';
import * as t from '#lib/platform/db/schema.ts';
import { demoPhones, seedHandles } from '#demo/handles.ts';
import { auditLedger, keeperBalances } from '#lib/commission/ledger.server.ts';
import { settleDueCommission } from '#lib/commission/commission.server.ts';
import { completeOrder } from '#lib/orders/commands.server.ts';
import { OrderStatus } from '#lib/orders/status.ts';
import { formatYuan } from '#lib/platform/money.ts';
import { IN_APP_UA, freshPhone } from '../fixtures/accounts.ts';
import { givenMember } from '../fixtures/given.ts';
import { givenCertifiedKeeper } from '../fixtures/certified.ts';

const SHOP = '1001';
const PRODUCT = seedHandles.shop1001.sales.liziRunning.products[1]!;
const DAY = 86_400_000;

let shop: PgShop;
test.describe.configure({ mode: 'serial' });
test.use({ shopDatabase: 'shop_e2e_earning' });
test.beforeAll(async ({ pgShop }) => {
  shop = pgShop;
  await shop.admin.db.update(t.skus).set({ stock: 50 }).where(eq(t.skus.skuNo, PRODUCT.skuNos[0]!));
});

const islandsReady = (page: Page) =>
  page
    .locator('astro-island:not([ssr]), astro-island[client=reach]')
    .first()
    .waitFor({ state: 'attached' });

/** The app's pay bridge, played by the test: it forwards the request to the sandbox. */
async function withPayBridge(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const bridge = {
      invoke(name: string, params: unknown, callback: (answer: unknown) => void) {
        if (name !== 'getBrandWCPayRequest') return;
        fetch('/sandbox/wechatpay/bridge/pay', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(params),
        })
          .then((response) => response.json())
          .then((answer: { err_msg?: string; data?: unknown }) =>
            callback(answer.err_msg ? answer : (answer.data ?? answer)),
          )
          .catch(() => callback({ err_msg: 'get_brand_wcpay_request:fail' }));
      },
    };
    Object.defineProperty(window, 'WeixinJSBridge', { value: bridge, configurable: true });
  });
}

async function decodeQr(png: Buffer): Promise<string | null> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
}

async function ledgerSound(): Promise<void> {
  expect(await auditLedger(shop.admin.db)).toEqual([]);
}

test('a keeper shares, a new shopper buys in the app, the commission settles, the keeper withdraws and is paid', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const admin = shop.admin.db;

  // A new shop keeper of 1001, certified as a person with the payout agreements signed (the
  // certification itself is walked through in certification.spec.ts).
  const keeperPhone = freshPhone();
  const keeper = await givenMember(admin, SHOP, { role: 3, phone: keeperPhone });
  await givenCertifiedKeeper(admin, SHOP, keeper.id, { name: '欧阳娜娜' });
  // They signed the shop keeper's agreement when they joined.
  await admin
    .update(t.shopMembers)
    .set({ signAgreement: true })
    .where(eq(t.shopMembers.userId, keeper.id));
  const keeperContext = await browser.newContext();
  await shop.signIn(keeperContext, keeperPhone);
  const keeperPage = await keeperContext.newPage();

  // The keeper opens the product and taps 分享赚 (the commission of one piece at the shown
  // price): the share sheet's poster carries a QR code of the product link naming them.
  await keeperPage.goto(`${shop.url}/productDetail?productNo=${PRODUCT.productNo}&shopId=${SHOP}`);
  const shareButton = keeperPage.getByRole('button', { name: /^分享赚 ¥\d+\.\d{2}/ });
  await expect(keeperPage.locator('[data-share-button]').first()).toBeEnabled();
  const shownProfit = (await shareButton.innerText()).match(/¥(\d+\.\d\d)/)![1]!;
  await shareButton.click();
  const sheet = keeperPage.getByRole('dialog', { name: '分享给好友' });
  await expect(sheet.getByRole('button', { name: '复制链接' })).toBeEnabled();
  await sheet.getByRole('button', { name: '保存海报' }).click();
  const poster = sheet.getByRole('img', { name: '分享海报' });
  await expect(sheet.getByText('长按保存')).toBeVisible();
  const posterPng = await (
    await keeperPage.request.get((await poster.getAttribute('src'))!)
  ).body();
  const link = (await decodeQr(posterPng))!;
  const shared = new URL(link);
  expect(shared.pathname).toBe('/productDetail');
  expect(shared.searchParams.get('productNo')).toBe(PRODUCT.productNo);
  expect(shared.searchParams.get('distributorId')).toBe(String(keeper.id));

  // A new shopper opens the shared link inside the messaging app and signs in there.
  const shopperContext = await browser.newContext({ userAgent: IN_APP_UA });
  const shopperPage = await shopperContext.newPage();
  await withPayBridge(shopperPage);
  await shopperPage.goto(link.replace(shared.origin, shop.url));
  await expect(shopperPage.getByRole('heading', { level: 1 })).toBeVisible();
  const arrival = (await shopperContext.cookies(shop.url)).find(
    (c) => c.name === `arrival_${SHOP}`,
  );
  expect(arrival?.httpOnly).toBe(true);

  // 立即购买 of the first SKU: the confirmation needs a login, which goes through member auth.
  await shopperPage.goto(
    `${shop.url}/confirmationOrder?shopId=${SHOP}&skuNo=${PRODUCT.skuNos[0]}&quantity=1`,
  );
  await expect(shopperPage).toHaveURL(/\/sandbox\/weixin\/connect\/oauth2\/authorize\?/);
  await shopperPage.getByRole('button', { name: '允许' }).click();
  await expect(shopperPage.locator('body')).toHaveAttribute('data-logged-in', 'true');
  const openId = (await shopperContext.cookies(shop.url)).find((c) => c.name === 'open_id')!.value;
  const [shopper] = await admin.select().from(t.users).where(eq(t.users.openId, openId));
  // Bound to the keeper by the link, before and across the sign-in redirects.
  const [binding] = await admin
    .select()
    .from(t.attributions)
    .where(eq(t.attributions.userId, shopper!.id));
  expect(binding).toMatchObject({ shopId: SHOP, distributorId: keeper.id });

  // Phone binding: the phone the app reported, one tap.
  const bindPopup = shopperPage.getByRole('dialog', { name: '绑定手机号' });
  await bindPopup.getByRole('button', { name: '确认绑定' }).click();
  await expect(shopperPage.getByRole('status')).toHaveText('绑定成功');
  await admin.insert(t.addresses).values({
    userId: shopper!.id,
    name: '李四',
    phone: '13700137001',
    province: '浙江省',
    city: '杭州市',
    district: '西湖区',
    regionCode: '330106',
    detail: '文三路2号',
    isDefault: true,
  });
  await shopperPage.goto(
    `${shop.url}/confirmationOrder?shopId=${SHOP}&skuNo=${PRODUCT.skuNos[0]}&quantity=1`,
  );
  await islandsReady(shopperPage);
  await shopperPage.getByRole('button', { name: '提交订单' }).click();
  await expect(shopperPage).toHaveURL(/\/checkout\?/);
  await islandsReady(shopperPage);
  await shopperPage.getByRole('button', { name: /^确认支付 ¥/ }).click();
  await expect(shopperPage.getByRole('heading', { name: '支付成功' })).toBeVisible({
    timeout: 35_000,
  });

  // The order is the keeper's; its commission equals the product page's 分享赚.
  const [order] = await admin.select().from(t.orders).where(eq(t.orders.userId, shopper!.id));
  expect(order).toMatchObject({ distributorId: keeper.id, status: OrderStatus.Paid });
  const [line] = await admin.select().from(t.orderLines).where(eq(t.orderLines.orderId, order!.id));
  expect(formatYuan(line!.profitCents)).toBe(shownProfit);
  await expect
    .poll(async () => (await keeperBalances(admin, SHOP, keeper.id)).pendingCents)
    .toBe(line!.profitCents);
  await ledgerSound();

  // The keeper's wallet: 待结算 holds it, nothing withdrawable yet.
  await keeperPage.goto(`${shop.url}/wallet?shopId=${SHOP}`);
  await expect(keeperPage.locator('[data-pending]')).toHaveText(shownProfit);
  await expect(keeperPage.locator('[data-available]')).toHaveText('0.00');
  await expect(keeperPage.locator('[data-movements]')).toContainText('推广佣金（待结算）');

  // Shipped, received; the after-sale window passes (the timer, run with a clock 8 days on).
  await admin
    .update(t.orders)
    .set({ status: OrderStatus.Shipped, shippedAt: new Date() })
    .where(eq(t.orders.id, order!.id));
  expect(
    await completeOrder(admin, { orderId: order!.id, actor: 'shopper', now: new Date() }),
  ).toBe(true);
  // Six days on, still inside the window; eight days on, settled.
  await settleDueCommission(admin, new Date(Date.now() + 6 * DAY));
  expect((await keeperBalances(admin, SHOP, keeper.id)).pendingCents).toBe(line!.profitCents);
  await settleDueCommission(admin, new Date(Date.now() + 8 * DAY));
  expect(await keeperBalances(admin, SHOP, keeper.id)).toMatchObject({
    availableCents: line!.profitCents,
    pendingCents: 0,
  });
  await ledgerSound();
  await keeperPage.reload();
  await expect(keeperPage.locator('[data-available]')).toHaveText(shownProfit);
  await expect(keeperPage.locator('[data-pending]')).toHaveText('0.00');
  await expect(keeperPage.locator('[data-movements]')).toContainText('佣金结算');

  // 提现 without a card: bind one first (the holder is the verified real name).
  await keeperPage.getByRole('link', { name: '提现', exact: true }).click();
  await expect(keeperPage.getByRole('heading', { name: '请先绑定银行卡' })).toBeVisible();
  await keeperPage.getByRole('link', { name: '去绑定银行卡' }).click();
  await islandsReady(keeperPage);
  await expect(keeperPage.getByLabel('持卡人')).toHaveText('欧**娜');
  await keeperPage.getByLabel('卡号').fill('6212 2612 0201 1584 340');
  await expect(keeperPage.locator('[data-recognised-bank]')).toHaveText('中国工商银行');
  const bankPhone = freshPhone();
  await keeperPage.getByLabel('预留手机号').fill(bankPhone);
  await keeperPage.getByRole('button', { name: '获取验证码' }).click();
  await expect(keeperPage.getByRole('button', { name: /^\d+s$/ })).toBeVisible();
  await keeperPage.getByLabel('验证码').fill(await shop.smsCode(bankPhone));
  await keeperPage.getByRole('button', { name: '确认绑定' }).click();

  // Back on 申请提现: 全部提现, the confirm step shows fee and arrival, then the withdrawal.
  await expect(keeperPage).toHaveURL(/\/cash\?/);
  await islandsReady(keeperPage);
  await expect(keeperPage.locator('[data-cash-available]')).toHaveText(shownProfit);
  await keeperPage.getByRole('button', { name: '全部提现' }).click();
  await keeperPage.getByRole('button', { name: '提现', exact: true }).click();
  const confirm = keeperPage.getByRole('dialog', { name: '确认提现' });
  await expect(confirm).toContainText('手续费¥0.00');
  await expect(confirm.locator('[data-cash-arrives]')).toHaveText(`¥${shownProfit}`);
  await confirm.getByRole('button', { name: '确认提现' }).click();
  await expect(keeperPage).toHaveURL(/\/cash\/WD\d+\?/);
  await expect(keeperPage.locator('[data-status]')).toHaveText('审核中');
  const withdrawalNo = (await keeperPage
    .locator('[data-withdrawal]')
    .getAttribute('data-withdrawal'))!;
  expect(await keeperBalances(admin, SHOP, keeper.id)).toMatchObject({
    availableCents: 0,
    withdrawingCents: line!.profitCents,
  });
  await ledgerSound();

  // The shop's owner reviews it and approves; the sandbox pays at once.
  const ownerContext = await browser.newContext();
  await shop.signIn(ownerContext, demoPhones.owner1001);
  const ownerPage = await ownerContext.newPage();
  await ownerPage.goto(`${shop.url}/withdrawalReview?shopId=${SHOP}`);
  const card = ownerPage.locator(`[data-review="${withdrawalNo}"]`);
  await expect(card).toContainText(`¥${shownProfit}`);
  await islandsReady(ownerPage);
  await card.getByRole('button', { name: /^同意打款/ }).click();
  await ownerPage
    .getByRole('dialog', { name: '同意提现' })
    .getByRole('button', { name: '确认打款' })
    .click();
  // Decided: it leaves 待审核 when the screen reloads.
  await expect(card).toHaveCount(0);
  await ownerPage.goto(`${shop.url}/withdrawalReview?shopId=${SHOP}&status=all`);
  await expect(ownerPage.locator(`[data-review="${withdrawalNo}"] [data-status]`)).toHaveText(
    '已到账',
  );

  // The keeper's wallet shows it paid out; the timeline says so.
  await keeperPage.goto(`${shop.url}/wallet?shopId=${SHOP}&tab=cash`);
  await expect(keeperPage.locator(`[data-withdrawal="${withdrawalNo}"] [data-status]`)).toHaveText(
    '已到账',
  );
  await keeperPage.locator(`[data-withdrawal="${withdrawalNo}"]`).click();
  await expect(keeperPage.locator('[data-timeline]')).toContainText('打款成功，已到账');
  expect(await keeperBalances(admin, SHOP, keeper.id)).toMatchObject({
    availableCents: 0,
    pendingCents: 0,
    withdrawingCents: 0,
  });
  await ledgerSound();
  await Promise.all([keeperContext.close(), shopperContext.close(), ownerContext.close()]);
});
