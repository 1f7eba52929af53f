/**
 * Logging in as a new shopper would (shell §4, §5, §8): the login_web and phoneLogin pages and the
 * login popup, on the shared shop with the embedded database; the SMS code comes from the dev
 * outbox. Every test uses its own phone (the server allows one code per phone per 60 s) and its
 * own client address (X-Forwarded-For), so the hourly per-address cap never meets other specs.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

let addressSeq = 0;
let phoneSeq = 0;
/** A phone nobody else uses: 1371234 + pid + sequence. */
const newPhone = () =>
  `1371234${String(process.pid % 100).padStart(2, '0')}${String(++phoneSeq).padStart(2, '0')}`;

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({
    'x-forwarded-for': `198.19.${process.pid % 250}.${++addressSeq}`,
  });
});

const toast = (page: Page) => page.locator('#shell-toast');
const phoneInput = (page: Page) => page.getByLabel('手机号', { exact: true });
const codeInput = (page: Page) => page.getByLabel('验证码', { exact: true });
const sendButton = (page: Page) => page.locator('.login-send');
const loginButton = (page: Page) => page.getByRole('button', { name: '登录', exact: true });
const agreement = (page: Page) => page.getByRole('checkbox', { name: '我已阅读并同意' });

/** The fixture's outbox reader. */
type SmsCode = (phone: string) => Promise<string>;

/** Types the phone, asks for a code, checks the sent message and returns the code. */
async function requestCode(page: Page, smsCode: SmsCode, phone: string): Promise<string> {
  await phoneInput(page).fill(phone);
  await sendButton(page).click();
  await expect(toast(page)).toHaveText('验证码已发送，请查收');
  return smsCode(phone);
}

async function logIn(page: Page, smsCode: SmsCode, phone: string): Promise<void> {
  const code = await requestCode(page, smsCode, phone);
  await codeInput(page).fill(code);
  await agreement(page).check();
  await loginButton(page).click();
}

/** Waits until the login form has hydrated and read the stored form. */
async function formReady(page: Page): Promise<void> {
  await page.locator('form.login-form[data-ready]').waitFor();
}

test('a new shopper logs in on login_web with the code from the outbox and lands on the shop', async ({
  page,
  context,
  smsCode,
}) => {
  const phone = newPhone();
  await page.goto('/login_web?shopId=1001');
  await expect(page).toHaveTitle('登录 | 小鹿优选');
  await expect(page.getByRole('heading', { name: '手机号登录' })).toBeVisible();
  await formReady(page);
  await expect(loginButton(page)).toBeDisabled();
  await expect(sendButton(page)).toHaveText('获取验证码');

  await logIn(page, smsCode, phone);
  await page.waitForURL((url) => url.pathname === '/index');
  expect(new URL(page.url()).searchParams.get('shopId')).toBe('1001');
  const sid = (await context.cookies()).find((cookie) => cookie.name === 'sid');
  expect(sid?.httpOnly).toBe(true);
  // The stored form keeps the phone for next time, never the used code.
  const stored = await page.evaluate(() => localStorage.getItem('shop:1001:loginForm'));
  expect(JSON.parse(stored!)).toMatchObject({ phone, verifyCode: '' });

  // Logged in, login_web sends the shopper on instead of showing the form again.
  await page.goto('/login_web?shopId=1001');
  await expect(page).toHaveURL(/\/index\?shopId=1001/);
});

test('the code’s SMS is signed with the name of the shop it was asked on', async ({
  page,
  request,
  smsCode,
}) => {
  for (const [shopId, name] of [
    ['1002', '橙子好物'],
    ['1001', '小鹿优选'],
  ]) {
    const phone = newPhone();
    await page.goto(`/login_web?shopId=${shopId}`);
    await formReady(page);
    const code = await requestCode(page, smsCode, phone);
    const outbox = await (await request.get(`/api/dev/sms-outbox?phone=${phone}`)).json();
    expect(outbox.data[0].text).toMatch(new RegExp(`^【${name}】.*${code}`));
  }
});

test('phone and code take digits only, 11 and 6 at most; 登录 is enabled only at 11 + 6 digits', async ({
  page,
}) => {
  await page.goto('/login_web?shopId=1001');
  await formReady(page);
  await phoneInput(page).pressSequentially('1a3 8-0000b000');
  await expect(phoneInput(page)).toHaveValue('1380000000');
  await codeInput(page).pressSequentially('12x3456');
  await expect(codeInput(page)).toHaveValue('123456');
  await expect(loginButton(page)).toBeDisabled();

  // Typing on at the end: the 11th digit goes in, nothing after it.
  await phoneInput(page).press('End');
  await page.keyboard.type('1999');
  await expect(phoneInput(page)).toHaveValue('13800000001');
  await expect(loginButton(page)).toBeEnabled();

  await codeInput(page).press('End');
  await codeInput(page).press('Backspace');
  await expect(codeInput(page)).toHaveValue('12345');
  await expect(loginButton(page)).toBeDisabled();
  await page.keyboard.type('67');
  await expect(codeInput(page)).toHaveValue('123456');
  await expect(loginButton(page)).toBeEnabled();

  // Pasted text is cleaned the same way, and a formatted number is not cut short on the way in.
  await phoneInput(page).fill('138 0000 0002');
  await expect(phoneInput(page)).toHaveValue('13800000002');
  await codeInput(page).fill('code: 987 654 3');
  await expect(codeInput(page)).toHaveValue('987654');
  await expect(phoneInput(page)).toHaveAttribute('inputmode', 'numeric');
  await expect(codeInput(page)).toHaveAttribute('autocomplete', 'one-time-code');
});

test('sending checks the mainland mobile pattern, logging in checks 1 + 10 digits', async ({
  page,
}) => {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/member/phone/')) calls.push(new URL(request.url()).pathname);
  });
  await page.goto('/login_web?shopId=1001');
  await formReady(page);

  await sendButton(page).click();
  await expect(toast(page)).toHaveText('请输入有效的手机号码');
  for (const phone of ['1380000000', '12000000000', '23800000001']) {
    await phoneInput(page).fill(phone);
    await sendButton(page).click();
    await expect(toast(page)).toHaveText('请输入有效的手机号码');
  }

  await phoneInput(page).fill('23800000001');
  await codeInput(page).fill('123456');
  await agreement(page).check();
  await loginButton(page).click();
  await expect(toast(page)).toHaveText('请输入正确的手机号');
  // None of these reached the server.
  expect(calls).toEqual([]);
});

test('the send button counts down 30 s, then reads 重新发送; the server’s refusal is shown', async ({
  page,
  smsCode,
}) => {
  const start = Date.now();
  await page.clock.install({ time: start });
  const phone = newPhone();
  await page.goto('/login_web?shopId=1001');
  await formReady(page);
  // Time stands still in the page unless the test moves it.
  await page.clock.pauseAt(start + 60_000);
  await requestCode(page, smsCode, phone);
  await expect(sendButton(page)).toHaveText('30s');
  await expect(sendButton(page)).toBeDisabled();
  await page.clock.fastForward(1000);
  await expect(sendButton(page)).toHaveText('29s');
  await page.clock.fastForward(10_000);
  await expect(sendButton(page)).toHaveText('19s');
  await page.clock.fastForward(18_000);
  await expect(sendButton(page)).toHaveText('1s');
  await page.clock.fastForward(1000);
  await expect(sendButton(page)).toHaveText('重新发送');
  await expect(sendButton(page)).toBeEnabled();

  // Only the page's clock moved: the server, 30 s per code and phone by its own clock, still
  // refuses, and its message is what the shopper reads.
  await sendButton(page).click();
  await expect(toast(page)).toHaveText('操作太频繁，请稍后再试');
  await expect(sendButton(page)).toHaveText('重新发送');
});

test('login waits for the agreement; a wrong code shows the server’s message, none shows 登录失败', async ({
  page,
  smsCode,
}) => {
  const phone = newPhone();
  const logins: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/member/phone/login')) logins.push(request.url());
  });
  await page.goto('/login_web?shopId=1001');
  await formReady(page);
  const code = await requestCode(page, smsCode, phone);
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  await codeInput(page).fill(wrong);

  // Not accepted yet: a clear prompt, and nothing is sent.
  await expect(agreement(page)).not.toBeChecked();
  await loginButton(page).click();
  await expect(toast(page)).toHaveText('请先阅读并同意《用户注册协议》和《隐私政策》');
  await expect(agreement(page)).toBeFocused();
  expect(logins).toEqual([]);

  await agreement(page).check();
  await loginButton(page).click();
  await expect(toast(page)).toHaveText('验证码错误或已失效');
  expect(logins).toHaveLength(1);
  await expect(page).toHaveURL(/\/login_web\?/);

  await page.route('**/api/member/phone/login**', (route) =>
    route.fulfill({ json: { code: 400, message: '', success: false, data: null } }),
  );
  await loginButton(page).click();
  await expect(toast(page)).toHaveText('登录失败');
});

test('the agreement and the privacy policy are linked from the form and read as whole documents', async ({
  page,
}) => {
  await page.goto('/login_web?shopId=1001&distributorId=77');
  await page.getByRole('link', { name: '《用户注册协议》' }).click();
  await expect(page).toHaveURL(/\/registrationProtocol\?shopId=1001&distributorId=77/);
  await expect(page.getByRole('heading', { level: 1, name: '用户注册协议' })).toBeVisible();
  for (const heading of ['一、服务内容', '二、账户注册与使用', '三、短信验证码', '十一、联系我们'])
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  await page.getByRole('link', { name: '《隐私政策》' }).click();
  await expect(page).toHaveURL(/\/userPrivacyPolicy\?shopId=1001&distributorId=77/);
  await expect(page.getByRole('heading', { level: 1, name: '隐私政策' })).toBeVisible();
  for (const heading of [
    '一、我们收集的个人信息',
    '三、Cookie 与本地存储',
    '五、共享、转让与公开披露',
    '七、你的权利',
    '十、联系我们',
  ])
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(/\/login_web\?/);
});

test('a stored form is autofilled while under 30 minutes old, and not after', async ({ page }) => {
  const phone = newPhone();
  await page.goto('/login_web?shopId=1001');
  await formReady(page);
  await phoneInput(page).fill(phone);
  await codeInput(page).fill('654321');

  // Off to read the agreement and back: the form is as it was.
  await page.getByRole('link', { name: '《用户注册协议》' }).click();
  await page.goto('/login_web?shopId=1001');
  await formReady(page);
  await expect(phoneInput(page)).toHaveValue(phone);
  await expect(codeInput(page)).toHaveValue('654321');

  const age = async (minutes: number) => {
    await page.evaluate((ms) => {
      const key = 'shop:1001:loginForm';
      const form = JSON.parse(localStorage.getItem(key)!);
      localStorage.setItem(key, JSON.stringify({ ...form, savedAt: Date.now() - ms }));
    }, minutes * 60_000);
    await page.reload();
    await formReady(page);
  };
  await age(29);
  await expect(phoneInput(page)).toHaveValue(phone);
  await expect(codeInput(page)).toHaveValue('654321');

  await age(31);
  await expect(phoneInput(page)).toHaveValue('');
  await expect(codeInput(page)).toHaveValue('');
  expect(await page.evaluate(() => localStorage.getItem('shop:1001:loginForm'))).toBeNull();

  // The history is per shop.
  await phoneInput(page).fill(phone);
  await page.goto('/login_web?shopId=1002');
  await formReady(page);
  await expect(phoneInput(page)).toHaveValue('');
});

test('a visitor sent to login from a login-only page goes back to that page', async ({
  page,
  smsCode,
}) => {
  await page.goto('/order?shopId=1001&distributorId=77');
  await expect(page).toHaveURL(/\/login_web\?referrer=/);
  await formReady(page);
  await logIn(page, smsCode, newPhone());
  await page.waitForURL((url) => url.pathname === '/order');
  const url = new URL(page.url());
  expect(url.searchParams.get('shopId')).toBe('1001');
  expect(url.searchParams.get('distributorId')).toBe('77');
});

test('without a stored return path, the referrer route is where login returns to', async ({
  page,
  smsCode,
}) => {
  const referrer = JSON.stringify({ name: 'search', query: { shopId: '1001', keyword: '冲锋衣' } });
  await page.goto(`/login_web?shopId=1001&referrer=${encodeURIComponent(referrer)}`);
  await formReady(page);
  await logIn(page, smsCode, newPhone());
  await page.waitForURL((url) => url.pathname === '/search');
  expect(new URL(page.url()).searchParams.get('keyword')).toBe('冲锋衣');
});

test('logging out ends the session: the old cookie no longer works', async ({
  page,
  context,
  playwright,
  baseURL,
  smsCode,
}) => {
  const phone = newPhone();
  await page.goto('/phoneLogin?shopId=1001');
  await expect(page).toHaveTitle('手机号登录 | 小鹿优选');
  await formReady(page);
  await logIn(page, smsCode, phone);
  await page.waitForURL((url) => url.pathname === '/index');
  const sid = (await context.cookies()).find((cookie) => cookie.name === 'sid')!.value;

  const cartTotal = '/api/spweb/cart/queryBuyerCartSkuTotal?shopBizCode=1001';
  const other = await playwright.request.newContext({
    baseURL: baseURL!,
    extraHTTPHeaders: { cookie: `sid=${sid}` },
  });
  try {
    expect((await (await other.get(cartTotal)).json()).code).toBe(0);

    await page.goto('/phoneLogin?shopId=1001');
    await expect(
      page.getByText(`当前已登录：${phone.slice(0, 3)}****${phone.slice(7)}`),
    ).toBeVisible();
    await page.getByRole('button', { name: '退出登录' }).click();
    await page
      .getByRole('dialog', { name: '确定退出登录吗？' })
      .getByRole('button', { name: '退出登录' })
      .click();
    await page.waitForURL((url) => url.pathname === '/index');
    expect((await context.cookies()).some((cookie) => cookie.name === 'sid')).toBe(false);

    const answer = await (await other.get(cartTotal)).json();
    expect(answer.code).toBe(100006);
    const my = await other.get('/my?shopId=1001', { maxRedirects: 0 });
    expect(my.status()).toBe(302);
    expect(my.headers().location).toMatch(/^\/login_web\?/);
  } finally {
    await other.dispose();
  }
});

test('the login popup opens from a [data-open-login] link and logs in on the spot', async ({
  page,
  smsCode,
}) => {
  await page.goto('/registrationProtocol?shopId=1001');
  // Astro drops the island's `ssr` marker once its module has loaded and hydrated.
  await page
    .locator('astro-island[component-url*="LoginPopup"]:not([ssr])')
    .waitFor({ state: 'attached' });
  const opener = page.getByRole('link', { name: '登录 / 注册' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: '手机号登录' });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/registrationProtocol\?/);
  await expect(phoneInput(page)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await opener.click();
  await expect(dialog).toBeVisible();
  await formReady(page);
  await logIn(page, smsCode, newPhone());
  // The page reloads logged in: the way to log in is gone, the shopper is still here.
  await expect(opener).toBeHidden();
  await expect(page).toHaveURL(/\/registrationProtocol\?shopId=1001/);
  await expect(dialog).toBeHidden();
});
