/**
 * Inside the messaging app (identity issue, item 4): a login page goes through member auth and
 * the sandbox WeChat authorize page and comes back logged in; the phone-binding popup (default phone, another
 * phone with a code, a phone taken by another app account, merging into a phone account) and its
 * once-per-24-hours intercept; the JS-SDK signature. On PostgreSQL, so the test can look at and
 * set up accounts in the shop's own database.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Page } from '@playwright/test';
import { expect, test, type PgShop } from './fixtures.ts';
import { demoPhones } from '#demo/handles.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import * as t from '#lib/platform/db/schema.ts';

const IN_APP_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36 MicroMessenger/8.0.49.2600(0x28003133) NetType/WIFI Language/zh_CN';
const HOUR = 3_600_000;

let admin: Database;
let shop: PgShop;

test.describe.configure({ mode: 'serial' });
test.use({ userAgent: IN_APP_UA });

test.use({ shopDatabase: 'shop_e2e_in_app' });
test.beforeAll(({ pgShop }) => {
  shop = pgShop;
  admin = pgShop.admin;
});

/** Opens a login page in the app and allows the sandbox consent: back there, logged in. */
async function signInInApp(page: Page, path = '/order?shopId=1001'): Promise<void> {
  await page.goto(`${shop.url}${path}`);
  await expect(page).toHaveURL(
    /\/sandbox\/weixin\/connect\/oauth2\/authorize\?.*scope=snsapi_userinfo/,
  );
  await page.getByRole('button', { name: '允许' }).click();
  await expect(page.locator('body')).toHaveAttribute('data-logged-in', 'true');
}

async function cookie(page: Page, name: string): Promise<string | undefined> {
  return (await page.context().cookies(shop.url)).find((c) => c.name === name)?.value;
}

async function signedInUser(page: Page) {
  const openId = await cookie(page, 'open_id');
  const [user] = await admin.db.select().from(t.users).where(eq(t.users.openId, openId!));
  return user!;
}

const popup = (page: Page) => page.getByRole('dialog', { name: '绑定手机号' });

test('a login page goes through member auth and the sandbox consent, and comes back logged in', async ({
  page,
}) => {
  await page.goto(`${shop.url}/order?shopId=1001`);
  // Silent first (snsapi_base); a new face is asked for consent (snsapi_userinfo).
  await expect(page).toHaveURL(
    /\/sandbox\/weixin\/connect\/oauth2\/authorize\?appid=wxsandbox0000000&.*&scope=snsapi_userinfo&/,
  );
  await expect(page.getByRole('heading', { name: '授权登录' })).toBeVisible();
  await expect(page.getByText('小鹿优选')).toBeVisible();
  const consentPhone = await page.locator('li span').nth(1).textContent();
  await page.getByRole('button', { name: '允许' }).click();

  await expect(page).toHaveURL(`${shop.url}/order?shopId=1001&rdt=1`);
  await expect(page.locator('body')).toHaveAttribute('data-logged-in', 'true');
  const user = await signedInUser(page);
  expect(user.openId).toMatch(/^sbx_/);
  expect(user.phone).toBeNull();
  // The phone the consent screen showed is the one the bind-phone popup will offer.
  expect(consentPhone).toBe(`${user.defaultPhone!.slice(0, 3)}****${user.defaultPhone!.slice(7)}`);
  expect(await cookie(page, 'login_id')).toBe(String(user.id));
  const [member] = await admin.db
    .select()
    .from(t.shopMembers)
    .where(eq(t.shopMembers.userId, user.id));
  expect(member).toMatchObject({ shopId: '1001', role: 1 });

  // The next login page needs no detour; the same browser signs in as the same account.
  const response = await page.goto(`${shop.url}/my?shopId=1001`);
  expect(response?.url()).toBe(`${shop.url}/my?shopId=1001`);
  // Signed out, the same browser signs in silently (snsapi_base, no consent screen) as the same account.
  await page.context().clearCookies({ name: 'sid' });
  await page.goto(`${shop.url}/order?shopId=1001`);
  await expect(page).toHaveURL(`${shop.url}/order?shopId=1001&rdt=1`);
  await expect(page.locator('body')).toHaveAttribute('data-logged-in', 'true');
  expect((await signedInUser(page)).id).toBe(user.id);
});

test('refusing the consent lands on the login page instead of going round again', async ({
  page,
}) => {
  await page.goto(`${shop.url}/order?shopId=1001`);
  await page.getByRole('button', { name: '拒绝' }).click();
  await expect(page).toHaveURL(/\/login_web\?/);
  const url = new URL(page.url());
  expect(JSON.parse(url.searchParams.get('referrer')!)).toMatchObject({ name: 'order' });
  expect(await cookie(page, 'sid')).toBeUndefined();
});

test('the phone-binding popup opens at most once in 24 hours; 跳过 closes it', async ({ page }) => {
  await signInInApp(page);
  await expect(popup(page)).toBeVisible();
  await expect(popup(page).getByText('微信绑定的手机号')).toBeVisible();
  await expect(popup(page).getByText(/^139\*{4}\d{4}$/)).toBeVisible();
  await popup(page).getByRole('button', { name: '跳过' }).click();
  await expect(popup(page)).toBeHidden();

  // Within 24 hours: the check still says "needed", but the popup stays closed.
  const checked = page.waitForResponse((r) => r.url().includes('/bindPhone/check'));
  await page.reload();
  expect(
    ((await (await checked).json()) as { data: { needIntercept: boolean } }).data,
  ).toMatchObject({ needIntercept: true, isBindPhone: false });
  await page.waitForTimeout(300);
  await expect(popup(page)).toBeHidden();

  // 24 hours later it opens by itself again.
  await page.clock.setFixedTime(new Date(Date.now() + 24 * HOUR + 60_000));
  await page.reload();
  await expect(popup(page)).toBeVisible();
});

test('tapping 我的 while the phone is not bound opens the popup instead of switching tab', async ({
  page,
}) => {
  await signInInApp(page, '/order?shopId=1001');
  await popup(page).getByRole('button', { name: '跳过' }).click();
  await expect(popup(page)).toBeHidden();
  await page.locator('nav[aria-label="主导航"] a[data-tab="my"]').click();
  await expect(popup(page)).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/order');
  await popup(page).getByRole('button', { name: '跳过' }).click();
  await expect(popup(page)).toBeHidden();
  expect(new URL(page.url()).pathname).toBe('/order');
});

test('binding the phone the app reported takes one tap', async ({ page }) => {
  await signInInApp(page);
  const user = await signedInUser(page);
  await popup(page).getByRole('button', { name: '确认绑定' }).click();
  await expect(page.getByRole('status')).toHaveText('绑定成功');
  await page.waitForLoadState('load');
  await expect.poll(async () => (await signedInUser(page)).phone).toBe(user.defaultPhone);
  await page.reload();
  await page.waitForTimeout(300);
  await expect(popup(page)).toBeHidden();
});

test('binding another phone takes the code sent to it', async ({ page }) => {
  await signInInApp(page);
  const phone = '13912340001';
  await popup(page).getByRole('button', { name: '绑定其他手机号' }).click();
  const bind = popup(page).getByRole('button', { name: '确认绑定' });
  await popup(page).getByLabel('手机号').fill('139-1234-0001x');
  await expect(popup(page).getByLabel('手机号')).toHaveValue(phone);
  await popup(page).getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByRole('status')).toHaveText('验证码已发送，请查收');
  await expect(popup(page).getByRole('button', { name: /^\d+s$/ })).toBeDisabled();
  await expect(bind).toBeDisabled();
  await popup(page)
    .getByLabel('验证码')
    .fill(await shop.smsCode(phone));
  await bind.click();
  await expect(page.getByRole('status')).toHaveText('绑定成功');
  await expect.poll(async () => (await signedInUser(page)).phone).toBe(phone);
});

test('a phone bound to another app account is refused: 该手机号已绑定账户，请绑定其他手机号', async ({
  page,
}) => {
  await signInInApp(page);
  const me = await signedInUser(page);
  // Someone else signed in with the app has the phone this app reports for me.
  await admin.db
    .insert(t.users)
    .values({ openId: 'sbx_someone_else', phone: me.defaultPhone, nickname: '别人' });
  await popup(page).getByRole('button', { name: '确认绑定' }).click();
  await expect(page.getByRole('status')).toHaveText('该手机号已绑定账户，请绑定其他手机号');
  await expect(popup(page).getByRole('alert')).toHaveText('该手机号已绑定账户，请绑定其他手机号');
  // The choice is another number, or skipping.
  await expect(popup(page).getByLabel('手机号')).toBeVisible();
  await popup(page).getByRole('button', { name: '跳过' }).click();
  await expect(popup(page)).toBeHidden();
  expect((await signedInUser(page)).phone).toBeNull();
});

test("binding a phone account's phone makes one account of the two, keeping both sides' data", async ({
  page,
}) => {
  await signInInApp(page);
  const me = await signedInUser(page);
  const consumerPhone = demoPhones.consumer;
  const [consumer] = await admin.db.select().from(t.users).where(eq(t.users.phone, consumerPhone));
  const [sku] = await admin.db.select({ id: t.skus.id }).from(t.skus).limit(1);
  await admin.db
    .insert(t.cartItems)
    .values({ shopId: '1001', userId: me.id, skuId: sku!.id, quantity: 2 });

  await popup(page).getByRole('button', { name: '绑定其他手机号' }).click();
  await popup(page).getByLabel('手机号').fill(consumerPhone);
  await popup(page).getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByRole('status')).toHaveText('验证码已发送，请查收');
  await popup(page)
    .getByLabel('验证码')
    .fill(await shop.smsCode(consumerPhone));
  await popup(page).getByRole('button', { name: '确认绑定' }).click();
  await expect(page.getByRole('status')).toHaveText('绑定成功');

  // The browser is now signed in as the phone's account, which took the app identity and cart.
  await expect.poll(() => cookie(page, 'login_id')).toBe(String(consumer!.id));
  const [merged] = await admin.db.select().from(t.users).where(eq(t.users.id, consumer!.id));
  expect(merged!.openId).toBe(me.openId);
  expect(await admin.db.select().from(t.users).where(eq(t.users.id, me.id))).toEqual([]);
  const cart = await admin.db
    .select()
    .from(t.cartItems)
    .where(eq(t.cartItems.userId, consumer!.id));
  expect(cart.some((line) => line.skuId === sku!.id && line.quantity >= 2)).toBe(true);
  await page.reload();
  await expect(page.locator('body')).toHaveAttribute('data-logged-in', 'true');
});

test('a shopper signed in by phone who goes through member auth keeps the account and gains the open id', async ({
  page,
}) => {
  const phone = '13955550326';
  const headers = { 'x-forwarded-for': '198.18.32.6' };
  await page.request.post(`${shop.url}/api/member/phone/sendCode`, {
    data: { phone, type: 2 },
    headers,
  });
  const login = await page.request.post(`${shop.url}/api/member/phone/login`, {
    data: { phone, verifyCode: await shop.smsCode(phone) },
    headers,
  });
  expect((await login.json()).code).toBe(0);
  const [me] = await admin.db.select().from(t.users).where(eq(t.users.phone, phone));
  expect(me!.openId).toBeNull();

  // The cashier asks for the payer's open id: member auth, silently (snsapi_base), and back.
  await page.goto(`${shop.url}/api/member/auth?backUrl=${encodeURIComponent('/my?shopId=1001')}`);
  await expect(page).toHaveURL(`${shop.url}/my?shopId=1001`);
  expect(await cookie(page, 'login_id')).toBe(String(me!.id));
  const [after] = await admin.db.select().from(t.users).where(eq(t.users.id, me!.id));
  expect(after!.openId).toMatch(/^sbx_/);
  expect(await cookie(page, 'open_id')).toBe(after!.openId);
});

test('the JS-SDK signature is the SHA-1 of ticket, nonce, time and page URL, for this site only', async ({
  page,
}) => {
  const pageUrl = `${shop.url}/index?shopId=1001#share`;
  const answer = await page.request.get(
    `${shop.url}/api/member/signature?url=${encodeURIComponent(pageUrl)}`,
  );
  const { data } = (await answer.json()) as {
    data: { appId: string; timestamp: number; nonceStr: string; signature: string };
  };
  expect(data.appId).toBe('wxsandbox0000000');
  expect(Math.abs(data.timestamp - Date.now() / 1000)).toBeLessThan(120);
  // The ticket the server fetched from the sandbox gateway (cgi-bin/ticket/getticket) and keeps.
  const [stored] = await admin.db
    .select()
    .from(t.wechatCredentials)
    .where(eq(t.wechatCredentials.kind, 'jsapi_ticket'));
  const ticket = stored!.value;
  expect(stored!.expiresAt.getTime()).toBeGreaterThan(Date.now());
  const expected = createHash('sha1')
    .update(
      `jsapi_ticket=${ticket}&noncestr=${data.nonceStr}&timestamp=${data.timestamp}&url=${shop.url}/index?shopId=1001`,
    )
    .digest('hex');
  expect(data.signature).toBe(expected);

  const foreign = await page.request.get(
    `${shop.url}/api/member/signature?url=${encodeURIComponent('https://evil.example/')}`,
  );
  expect(foreign.status()).toBe(400);
  expect(await foreign.json()).toMatchObject({ success: false, message: '仅支持为本站页面签名' });
});
