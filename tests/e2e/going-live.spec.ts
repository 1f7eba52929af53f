/**
 * Open for business (issue #26, "Must show"): the shop in production mode, with a second shop in
 * demo mode standing in for the outside world (every base URL pointed at its sandboxes). The
 * production shop mounts no sandbox, has no dev outbox and no 演示环境 ribbon, a shopper logs in
 * with the code the outside Aliyun SMS delivered, and pays through the outside gateway: its
 * cashier, its notification, back to 支付成功. Inside WeChat (the test plays the app's bridge):
 * the authorize redirect, a phone bound by SMS, JSAPI pay, a keeper's transfer to 微信零钱
 * confirmed, and a parcel whose traces the outside Kuaidi100 pushes.
 */
import { eq } from 'drizzle-orm';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import * as t from '#lib/platform/db/schema.ts';
import { demoPhones, seedHandles } from '#demo/handles.ts';
import { IN_APP_UA, freshPhone, signInAs, userIdFor } from '../fixtures/accounts.ts';
import { givenAddress } from '../fixtures/given.ts';
import { startOutsideWorld, type OutsideWorld } from '../fixtures/outside-world.ts';

const SHOP = '1001';
const PRODUCT = seedHandles.shop1001.sales.senyeRunning.products[0]!;
const SKU_NO = PRODUCT.skuNos[0]!;

let world: OutsideWorld;
test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(240_000);
  world = await startOutsideWorld({ outside: 'shop_e2e_outside', shop: 'shop_e2e_golive' });
  await world.shopAdmin.db.update(t.skus).set({ stock: 50 }).where(eq(t.skus.skuNo, SKU_NO));
});
test.afterAll(async () => {
  await world?.stop();
});

const islandsReady = (page: Page) =>
  page
    .locator('astro-island:not([ssr]), astro-island[client=reach]')
    .first()
    .waitFor({ state: 'attached' });

test('production mounts no sandbox, no dev outbox, and shows no 演示环境', async ({ page }) => {
  const { shop, outside } = world;
  for (const path of [
    '/sandbox/wechatpay/cashier',
    '/sandbox/weixin/connect/oauth2/authorize?appid=wx1&redirect_uri=x&response_type=code&scope=snsapi_base',
    '/sandbox/wechatpay/v3/pay/transactions/out-trade-no/X?mchid=1900000109',
  ]) {
    const response = await fetch(`${shop.url}${path}`);
    expect(response.status, path).toBe(404);
  }
  const outbox = await fetch(`${shop.url}/api/dev/sms-outbox?phone=13800000001`);
  expect(outbox.status).toBe(404);

  await page.goto(`${shop.url}/index?shopId=${SHOP}`);
  await expect(page.locator('.demo-ribbon')).toHaveCount(0);
  await page.goto(`${outside.url}/index?shopId=${SHOP}`);
  await expect(page.getByRole('note', { name: '演示环境' })).toBeVisible();
});

test('a shopper logs in with the code the outside Aliyun SMS delivered', async ({ request }) => {
  const { shop, outside } = world;
  const phone = freshPhone();
  const sent = await request.post(`${shop.url}/api/member/phone/sendCode`, {
    data: { phone, type: 2 },
  });
  expect(await sent.json()).toMatchObject({ code: 0, message: '验证码已发送，请查收' });
  // The production shop signed SendSms with its AccessKey; the outside sandbox checked it and
  // "delivered" the template with the code, which only its own (demo) outbox shows.
  const outbox = await (
    await request.get(`${outside.url}/api/dev/sms-outbox?phone=${phone}`)
  ).json();
  expect(outbox.data).toHaveLength(1);
  expect(outbox.data[0].text).toBe(
    `【小店】您的验证码为：${outbox.data[0].code}，该验证码5分钟内有效，请勿泄漏于他人！`,
  );
  const loggedIn = await request.post(`${shop.url}/api/member/phone/login`, {
    data: { phone, verifyCode: outbox.data[0].code },
  });
  expect(await loggedIn.json()).toMatchObject({ code: 0, success: true });
});

test('a shopper pays through the outside gateway and lands on 支付成功', async ({ page }) => {
  test.setTimeout(120_000);
  const { shop, shopAdmin } = world;
  const phone = freshPhone();
  const { id } = await signInAs(shopAdmin, shop.url, page.context(), phone);
  await givenAddress(shopAdmin.db, id, { isDefault: true });

  await page.goto(`${shop.url}/confirmationOrder?shopId=${SHOP}&skuNo=${SKU_NO}&quantity=1`);
  const pay = (await page.locator('[data-pay]').innerText()).replace(/\s/g, '');
  await islandsReady(page);
  await page.getByRole('button', { name: '提交订单' }).click();
  await expect(page).toHaveURL(/\/checkout\?.*groupNo=[A-Z0-9]+/);
  await page.getByRole('button', { name: `确认支付 ${pay}` }).click();
  // The gateway's own H5 page, on the outside world's host.
  await expect(page).toHaveURL(new RegExp(`^${world.outside.url}/sandbox/wechatpay/cashier`));
  await page.getByRole('button', { name: '确认支付' }).click();
  await expect(page).toHaveURL(new RegExp(`^${shop.url}/success\\?.*paymentNo=[A-Z0-9]+`));
  await expect(page.getByRole('heading', { name: '支付成功' })).toBeVisible({ timeout: 35_000 });
  await expect(page.locator('[data-paid-amount]')).toHaveText(`实付 ${pay}`);
});

test('实名认证 is checked by faceid at the outside host, each answer bought once', async ({
  context,
}) => {
  const { shop, shopAdmin } = world;
  const { id } = await signInAs(shopAdmin, shop.url, context, freshPhone());
  const save = async (name: string) => {
    const response = await context.request.post(`${shop.url}/api/member/xdwxh5/verified/save`, {
      data: { name, idNumber: '11010519491231002X' },
      headers: { origin: shop.url, 'sec-fetch-site': 'same-origin' },
    });
    return (await response.json()) as { code: number; message: string };
  };
  // The outside world's faceid (its Tencent Cloud sandbox) says a name ending in 某 is not the
  // number's holder.
  expect(await save('王某')).toMatchObject({
    code: 40036,
    message: '实名认证未通过，请核对姓名与身份证号码',
  });
  expect(await save('王小明')).toMatchObject({ code: 0, message: '实名认证成功' });
  expect(await save('王小明')).toMatchObject({ code: 0 });
  const calls = await shopAdmin.db
    .select({ calls: t.identityCheckCalls.calls })
    .from(t.identityCheckCalls)
    .where(eq(t.identityCheckCalls.userId, id));
  expect(calls).toEqual([{ calls: 2 }]);
});

/**
 * WeChat itself, played by the test: the in-app pay bridge and the merchant-transfer call hand
 * the page's request to the outside world's sandbox app (as the real app hands it to WeChat),
 * and answer the page as the app does. The production shop serves no bridge of its own.
 */
async function playWeChat(page: Page, outside: string): Promise<void> {
  await page.exposeFunction('__weChatApp', async (name: string, params: unknown) => {
    const path = name === 'getBrandWCPayRequest' ? 'pay' : 'transfer';
    const answer = await fetch(`${outside}/sandbox/wechatpay/bridge/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: outside },
      body: JSON.stringify(params),
    });
    return (await answer.json()) as unknown;
  });
  await page.addInitScript(() => {
    const app = (window as unknown as { __weChatApp: (n: string, p: unknown) => Promise<unknown> })
      .__weChatApp;
    const bridge = {
      invoke(name: string, params: unknown, callback: (answer: unknown) => void) {
        app(name, params)
          .then((answer) => {
            const a = answer as { err_msg?: string; data?: unknown };
            callback(a.err_msg ? a : (a.data ?? a));
          })
          .catch(() => callback({ err_msg: `${name}:fail` }));
      },
      on() {},
      call() {},
    };
    Object.defineProperty(window, 'WeixinJSBridge', { value: bridge, configurable: true });
  });
}

test.describe('inside WeChat', () => {
  test.use({ userAgent: IN_APP_UA });

  test('sign in through the authorize redirect, bind the phone by SMS, pay, withdraw and confirm the transfer, ship and see the pushed traces', async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const { shop, shopAdmin, outside, outsideAdmin } = world;
    await playWeChat(page, outside.url);
    const keeperId = await userIdFor(shopAdmin, demoPhones.owner1001);
    const order = `${shop.url}/confirmationOrder?shopId=${SHOP}&skuNo=${SKU_NO}&quantity=1&distributorId=${keeperId}`;

    // Sign in: the production shop sends the browser to WeChat's authorize page (the outside
    // world's), silently first, then for consent; WeChat sends it back with a code.
    await page.goto(order);
    await expect(page).toHaveURL(
      new RegExp(
        `^${outside.url}/sandbox/weixin/connect/oauth2/authorize\\?.*scope=snsapi_userinfo`,
      ),
    );
    await page.getByRole('button', { name: '允许' }).click();
    await expect(page).toHaveURL(new RegExp(`^${shop.url}/`));
    await expect(page.locator('body')).toHaveAttribute('data-logged-in', 'true');
    const openId = (await page.context().cookies(shop.url)).find(
      (c) => c.name === 'open_id',
    )!.value;
    const [me] = await shopAdmin.db.select().from(t.users).where(eq(t.users.openId, openId));
    expect(me!.phone).toBeNull();

    // Bind a phone: the code comes by SMS through the outside Aliyun.
    const phone = freshPhone();
    const bind = page.getByRole('dialog', { name: '绑定手机号' });
    await expect(bind).toBeVisible();
    const other = bind.getByRole('button', { name: '绑定其他手机号' });
    if (await other.isVisible()) await other.click();
    await bind.getByLabel('手机号').fill(phone);
    await bind.getByRole('button', { name: '获取验证码' }).click();
    await expect(page.getByRole('status')).toHaveText('验证码已发送，请查收');
    const outbox = await (await fetch(`${outside.url}/api/dev/sms-outbox?phone=${phone}`)).json();
    await bind.getByLabel('验证码').fill(outbox.data[0].code);
    await bind.getByRole('button', { name: '确认绑定' }).click();
    await expect(page.getByRole('status')).toHaveText('绑定成功');
    await expect
      .poll(async () => {
        const [row] = await shopAdmin.db.select().from(t.users).where(eq(t.users.id, me!.id));
        return row!.phone;
      })
      .toBe(phone);

    // Pay inside WeChat: the cashier asks the (outside) gateway for a JSAPI prepay, the app's
    // pay sheet pays it, the gateway's notification reaches the production shop.
    await givenAddress(shopAdmin.db, me!.id, { isDefault: true });
    await page.goto(order);
    const pay = (await page.locator('[data-pay]').innerText()).replace(/\s/g, '');
    await islandsReady(page);
    await page.getByRole('button', { name: '提交订单' }).click();
    await expect(page).toHaveURL(/\/checkout\?.*groupNo=[A-Z0-9]+/);
    await expect(page.locator('[data-channel="jsapi"]')).toContainText('微信内支付');
    await islandsReady(page);
    await page.getByRole('button', { name: `确认支付 ${pay}` }).click();
    await expect(page).toHaveURL(/\/success\?.*paymentNo=[A-Z0-9]+/);
    await expect(page.getByRole('heading', { name: '支付成功' })).toBeVisible({ timeout: 35_000 });
    const [paid] = await shopAdmin.db.select().from(t.orders).where(eq(t.orders.userId, me!.id));
    expect(paid!.status).toBe(20);
    expect(paid!.distributorId).toBe(keeperId);

    // The keeper withdraws to 微信零钱; the manager approves; the transfer bill waits for the
    // keeper's 确认收款, which the app confirms at the (outside) gateway.
    const keeper = await browser.newContext({
      userAgent: IN_APP_UA,
      viewport: { width: 375, height: 667 },
    });
    const desk = await keeper.newPage();
    await playWeChat(desk, outside.url);
    await shopAdmin.db
      .update(t.users)
      .set({ openId: `o_golive_${Date.now()}` })
      .where(eq(t.users.id, keeperId));
    await signInAs(shopAdmin, shop.url, keeper, demoPhones.owner1001);
    await desk.goto(`${shop.url}/cash?shopId=${SHOP}`);
    await islandsReady(desk);
    await expect(desk.getByRole('radio', { name: '微信零钱' })).toBeChecked();
    await desk.getByLabel('提现金额').fill('1.00');
    await desk.getByRole('button', { name: '提现', exact: true }).click();
    await desk
      .getByRole('dialog', { name: '确认提现' })
      .getByRole('button', { name: '确认提现' })
      .click();
    await expect(desk).toHaveURL(/\/cash\/WD\d+\?/);
    const withdrawalNo = (await desk.locator('[data-withdrawal]').getAttribute('data-withdrawal'))!;
    // The keeper is the shop's owner: the shop's manager decides their payout (issue #27).
    const managerContext = await browser.newContext();
    await signInAs(shopAdmin, shop.url, managerContext, demoPhones.manager1001);
    const manager = await managerContext.newPage();
    await manager.goto(`${shop.url}/withdrawalReview?shopId=${SHOP}`);
    await islandsReady(manager);
    const card = manager.locator(`[data-review="${withdrawalNo}"]`);
    await card.getByRole('button', { name: /^同意打款/ }).click();
    await manager
      .getByRole('dialog', { name: '同意提现' })
      .getByRole('button', { name: '确认打款' })
      .click();
    await expect(card).toHaveCount(0);
    await managerContext.close();
    await desk.goto(`${shop.url}/cash/${withdrawalNo}?shopId=${SHOP}`);
    await expect(desk.locator('[data-status]')).toHaveText('待确认收款');
    await islandsReady(desk);
    await desk.getByRole('button', { name: '确认收款' }).click();
    await expect(desk.locator('[data-status]')).toHaveText('已到账', { timeout: 20_000 });
    // The bill was made, and paid, at the outside gateway under the withdrawal's out_bill_no.
    const [withdrawal] = await shopAdmin.db
      .select({ outBillNo: t.withdrawals.outBillNo })
      .from(t.withdrawals)
      .where(eq(t.withdrawals.withdrawalNo, withdrawalNo));
    const [bill] = await outsideAdmin.db
      .select()
      .from(t.sandboxTransferBills)
      .where(eq(t.sandboxTransferBills.outBillNo, withdrawal!.outBillNo!));
    expect(bill).toMatchObject({ state: 'SUCCESS', amountCents: 100 });

    // The owner ships the paid order with a tracking number: subscribed at the (outside)
    // Kuaidi100, whose pushes reach the production shop.
    await desk.goto(`${shop.url}/distributorOrderDetail?shopId=${SHOP}&orderNo=${paid!.orderNo}`);
    const form = desk.getByRole('form', { name: '发货' });
    await islandsReady(desk);
    await form.getByRole('combobox', { name: '快递公司' }).selectOption({ label: '顺丰速运' });
    const trackingNo = `SF${Date.now()}`;
    await form.getByRole('textbox', { name: '快递单号' }).fill(trackingNo);
    await form.getByRole('button', { name: '确认发货' }).click();
    await expect(desk.getByRole('heading', { name: '已发货' })).toBeVisible();
    await keeper.close();
    const [watched] = await outsideAdmin.db
      .select()
      .from(t.sandboxKuaidi100Subscriptions)
      .where(eq(t.sandboxKuaidi100Subscriptions.number, trackingNo));
    expect(watched).toMatchObject({ company: 'shunfeng', status: 'polling' });
    expect(watched!.callbackUrl).toBe(`${shop.url}/api/order/logistics/kuaidi100/notify`);
    // Two days pass for the parcel at the carrier: it is signed for, and pushed.
    await outsideAdmin.db
      .update(t.sandboxKuaidi100Subscriptions)
      .set({ createdAt: new Date(Date.now() - 3 * 86_400_000), nextPushAt: new Date() })
      .where(eq(t.sandboxKuaidi100Subscriptions.id, watched!.id));
    const traces = page.locator('[data-traces] li');
    await expect(async () => {
      await page.goto(`${shop.url}/logisticsDetail?shopId=${SHOP}&orderNo=${paid!.orderNo}`);
      await expect(traces.first()).toContainText('已签收', { timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.locator('[data-tracking-no]')).toHaveText(trackingNo);
    await expect(traces.last()).toContainText('已揽收');
    await page.screenshot({ path: 'test-results/screens/going-live-traces-375x667.png' });
  });
});
