/**
 * Phone + SMS-code login through the API of the running shop: send a code, read it from the dev
 * outbox, log in, use the session, log out. Each test sends from its own client address
 * (X-Forwarded-For), so the per-address hourly cap of other specs' sends never meets these.
 */
import type { APIRequestContext, APIResponse } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { demoPhones } from '#demo/handles.ts';

const CART_TOTAL = '/api/spweb/cart/queryBuyerCartSkuTotal?shopBizCode=1001';
let addressSeq = 0;
const newAddress = () => `198.18.${process.pid % 250}.${++addressSeq}`;

function sendCode(request: APIRequestContext, phone: string, address: string) {
  return request.post('/api/member/phone/sendCode', {
    data: { phone, type: 2 },
    headers: { 'x-forwarded-for': address },
  });
}

function login(
  request: APIRequestContext,
  phone: string,
  verifyCode: string,
  cookie?: string,
  address?: string,
) {
  const headers = {
    ...(cookie ? { cookie } : {}),
    ...(address ? { 'x-forwarded-for': address } : {}),
  };
  return request.post('/api/member/phone/login', { data: { phone, verifyCode }, headers });
}

/** The Set-Cookie lines of a response, by cookie name. */
function setCookies(response: APIResponse): Map<string, string> {
  const found = new Map<string, string>();
  for (const { name, value } of response.headersArray()) {
    if (name.toLowerCase() !== 'set-cookie') continue;
    const cookieName = value.split('=')[0]!;
    found.set(cookieName, value);
  }
  return found;
}

const cookieValue = (line: string | undefined) =>
  line?.split(';')[0]?.split('=').slice(1).join('=');

test('a shopper logs in with an SMS code, uses the session, and logs out', async ({
  request,
  playwright,
  baseURL,
}) => {
  const phone = demoPhones.owner1001;
  const sent = await sendCode(request, phone, newAddress());
  expect(sent.status()).toBe(200);
  expect(await sent.json()).toEqual({
    code: 0,
    message: '验证码已发送，请查收',
    success: true,
    data: null,
  });

  const outbox = await (await request.get(`/api/dev/sms-outbox?phone=${phone}`)).json();
  expect(outbox.data).toHaveLength(1);
  expect(outbox.data[0]).toMatchObject({ phone, code: expect.stringMatching(/^\d{6}$/) });
  expect(outbox.data[0].text).toContain(outbox.data[0].code);
  expect(Date.parse(outbox.data[0].createdAt)).not.toBeNaN();

  // Logged out, the cart total answers 100006.
  const anonymous = await request.get(CART_TOTAL);
  expect((await anonymous.json()).code).toBe(100006);

  const loggedIn = await login(request, phone, outbox.data[0].code);
  expect(loggedIn.status()).toBe(200);
  const body = await loggedIn.json();
  expect(body).toMatchObject({ code: 0, success: true, data: { returnTo: null } });
  expect(body.data.userId).toEqual(expect.any(Number));

  const cookies = setCookies(loggedIn);
  const sid = cookies.get('sid');
  expect(sid).toMatch(/HttpOnly/i);
  expect(sid).toMatch(/SameSite=Lax/i);
  expect(sid).toMatch(/Path=\//);
  expect(sid).not.toMatch(/Secure/i);
  const token = cookieValue(sid)!;
  expect(token.length).toBeGreaterThanOrEqual(43);
  const loginId = cookies.get('login_id');
  expect(loginId).toBeDefined();
  expect(loginId).not.toMatch(/HttpOnly/i);
  expect(loginId).toMatch(/SameSite=Lax/i);
  expect(cookieValue(loginId)).toBe(String(body.data.userId));
  expect(loginId).not.toContain(token);
  // The browser now proves it logged in with this phone (decision 014), naming no phone.
  const known = cookies.get('sms_known');
  expect(known).toMatch(/HttpOnly/i);
  expect(known).toMatch(/Path=\/api\/member\//);
  expect(cookieValue(known)).toMatch(/^[0-9a-f]{32}$/);

  // The session works: the context now carries the cookie.
  const cart = await (await request.get(CART_TOTAL)).json();
  expect(cart).toMatchObject({ code: 0, data: { cartSkuNum: expect.any(Number) } });

  const out = await request.post('/api/member/logout');
  expect(out.status()).toBe(200);
  expect((await out.json()).code).toBe(0);
  const cleared = setCookies(out);
  expect(cleared.get('sid')).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/i);
  expect(cleared.get('login_id')).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/i);

  // The old token is dead on the server, not only forgotten by this browser.
  const replay = await playwright.request.newContext({ baseURL: baseURL! });
  try {
    const again = await replay.get(CART_TOTAL, { headers: { cookie: `sid=${token}` } });
    expect(await again.json()).toMatchObject({ code: 100006, message: '用户未登录' });
  } finally {
    await replay.dispose();
  }
  // A code is single use.
  const reused = await login(request, phone, outbox.data[0].code);
  expect(await reused.json()).toMatchObject({ code: 40010, message: '验证码错误或已失效' });

  // Logging out without a session still answers code 0.
  expect((await (await request.post('/api/member/logout')).json()).code).toBe(0);
});

test('the send answer is the same whether or not the phone has an account; a second send within 30 s from the same client is 429', async ({
  request,
}) => {
  const address = newAddress();
  const known = await sendCode(request, demoPhones.consumer, address);
  const unknown = await sendCode(request, '13955550001', address);
  expect(known.status()).toBe(unknown.status());
  expect(await known.text()).toBe(await unknown.text());
  expect((await known.json()).code).toBe(0);

  const again = await sendCode(request, demoPhones.consumer, address);
  expect(again.status()).toBe(429);
  expect(await again.json()).toEqual({
    code: 429,
    message: '操作太频繁，请稍后再试',
    success: false,
    data: null,
  });
  const outbox = () =>
    request.get(`/api/dev/sms-outbox?phone=${demoPhones.consumer}`).then((r) => r.json());
  // Still only the first message went out ...
  expect((await outbox()).data).toHaveLength(1);
  // ... but another client is not held up by it (decision 014): a stranger cannot block the owner.
  const other = await sendCode(request, demoPhones.consumer, newAddress());
  expect((await other.json()).code).toBe(0);
  expect((await outbox()).data).toHaveLength(2);
});

test('a stranger’s six wrong codes leave the owner’s code working (decision 014)', async ({
  request,
}) => {
  const phone = '13955550014';
  const owner = newAddress();
  expect((await (await sendCode(request, phone, owner)).json()).code).toBe(0);
  const outbox = await (await request.get(`/api/dev/sms-outbox?phone=${phone}`)).json();
  const code: string = outbox.data[0].code;
  const stranger = newAddress();
  for (let i = 1; i <= 6; i++) {
    const wrong = String((Number(code) + i) % 1_000_000).padStart(6, '0');
    const refused = await login(request, phone, wrong, undefined, stranger);
    expect(await refused.json()).toMatchObject({ code: 40010, message: '验证码错误或已失效' });
  }
  // Locked out of the code, the stranger fails even with the right one; the owner does not.
  const strangerRight = await login(request, phone, code, undefined, stranger);
  expect((await strangerRight.json()).code).toBe(40010);
  const ownerLogin = await login(request, phone, code, undefined, owner);
  expect(await ownerLogin.json()).toMatchObject({ code: 0, success: true });
});

test('a new phone becomes a user; logging in again renews the session and returns where the shopper came from', async ({
  request,
  playwright,
  baseURL,
  smsCode,
}) => {
  const first = '13955550002';
  expect((await sendCode(request, first, newAddress())).status()).toBe(200);
  const one = await login(request, first, await smsCode(first));
  const oneBody = await one.json();
  expect(oneBody.code).toBe(0);
  const oldToken = cookieValue(setCookies(one).get('sid'))!;

  // A login-required page sends a logged-out shopper to login and remembers the page.
  const anonymous = await playwright.request.newContext({ baseURL: baseURL! });
  try {
    const guarded = await anonymous.get('/cart?shopId=1001', { maxRedirects: 0 });
    expect(guarded.status()).toBe(302);
    const remembered = setCookies(guarded).get('shop_return');
    expect(remembered).toBeDefined();

    const second = '13955550003';
    expect((await sendCode(anonymous, second, newAddress())).status()).toBe(200);
    const two = await login(
      anonymous,
      second,
      await smsCode(second),
      `sid=${oldToken}; ${remembered!.split(';')[0]}`,
    );
    const twoBody = await two.json();
    expect(twoBody.code).toBe(0);
    expect(twoBody.data.userId).not.toBe(oneBody.data.userId);
    expect(twoBody.data.returnTo).toBe('/cart?shopId=1001');
    expect(setCookies(two).get('shop_return')).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/i);
    const newToken = cookieValue(setCookies(two).get('sid'))!;
    expect(newToken).not.toBe(oldToken);
  } finally {
    await anonymous.dispose();
  }
  // The session the request carried was destroyed at login.
  const stale = await playwright.request.newContext({ baseURL: baseURL! });
  try {
    const answer = await stale.get(CART_TOTAL, { headers: { cookie: `sid=${oldToken}` } });
    expect((await answer.json()).code).toBe(100006);
  } finally {
    await stale.dispose();
  }
});

test('bad input is refused with the form’s words', async ({ request }) => {
  const badSend = await sendCode(request, '12345678901', newAddress());
  expect(badSend.status()).toBe(400);
  expect(await badSend.json()).toMatchObject({ code: 400, message: '请输入有效的手机号码' });

  const badType = await request.post('/api/member/phone/sendCode', {
    data: { phone: '13955550004', type: 3 },
  });
  expect(badType.status()).toBe(400);

  const badPhone = await login(request, '2380000000', '123456');
  expect(badPhone.status()).toBe(400);
  expect(await badPhone.json()).toMatchObject({ code: 400, message: '请输入正确的手机号' });

  const badCode = await login(request, demoPhones.consumer, '12345');
  expect(badCode.status()).toBe(400);
  expect((await badCode.json()).code).toBe(400);

  const noCode = await login(request, '13955559999', '123456');
  expect(noCode.status()).toBe(200);
  expect(await noCode.json()).toEqual({
    code: 40010,
    message: '验证码错误或已失效',
    success: false,
    data: null,
  });

  const extra = await request.post('/api/member/phone/login', {
    data: { phone: demoPhones.consumer, verifyCode: '123456', admin: true },
  });
  expect(extra.status()).toBe(400);

  const badOutbox = await request.get('/api/dev/sms-outbox?phone=abc');
  expect(badOutbox.status()).toBe(400);
});
