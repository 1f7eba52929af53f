/**
 * After login: roles refused and switched on the server, the contract sign-off, the owner identity
 * prompt, the shop-keeper application and the administrator application — on a shop served from
 * PostgreSQL so the test can set up users and read the SMS outbox.
 */
import { desc, eq } from 'drizzle-orm';
import type { BrowserContext } from '@playwright/test';
import { expect, test, type PgShop } from './fixtures.ts';
import { demoPhones } from '#demo/handles.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import * as t from '#lib/platform/db/schema.ts';
import { createSession } from '#lib/identity/sessions.server.ts';
import { IN_APP_UA, freshPhone, userIdFor } from '../fixtures/accounts.ts';

let admin: Database;
let shop: PgShop;

test.describe.configure({ mode: 'serial' });

test.use({ shopDatabase: 'shop_e2e_members' });
test.beforeAll(({ pgShop }) => {
  shop = pgShop;
  admin = pgShop.admin;
});

const userId = (phone: string) => userIdFor(admin, phone);
const signIn = async (context: BrowserContext, phone: string) =>
  (await shop.signIn(context, phone)).id;

const tabs = (page: import('@playwright/test').Page) =>
  page.locator('nav[aria-label="主导航"] a').allInnerTexts();

test.describe('roles', () => {
  test('a consumer is refused distributor and manager pages, and cannot switch to manager', async ({
    page,
    context,
  }) => {
    await signIn(context, demoPhones.consumer);
    expect((await page.goto(`${shop.url}/income?shopId=1001`))?.status()).toBe(403);
    const refused = await page.goto(`${shop.url}/decoration?shopId=1001`);
    expect(refused?.status()).toBe(403);
    await expect(page.getByText('请切换为管理员身份操作')).toBeVisible();
    const answer = await page.request.get(
      `${shop.url}/api/member/xdwxh5/admin/switchRole?shopBizCode=1001&role=4`,
    );
    expect(await answer.json()).toMatchObject({ code: 40301, message: '请切换为管理员身份操作' });
  });

  test('a manager who switched to customer is switched back on opening decoration', async ({
    page,
    context,
  }) => {
    await signIn(context, demoPhones.manager1001);
    await page.goto(`${shop.url}/index?shopId=1001`);
    const switched = await page.evaluate(() =>
      fetch('/api/member/xdwxh5/admin/switchRole?shopBizCode=1001&role=1').then((r) => r.json()),
    );
    expect(switched).toMatchObject({ code: 0, data: { currentRole: 1 } });
    await page.reload();
    expect((await tabs(page)).map((s) => s.trim())).toEqual(['首页', '订单', '我的']);

    await page.goto(`${shop.url}/decoration?shopId=1001`);
    await expect(page.locator('#shell-toast')).toHaveText('已自动为您切换为管理员身份');
    expect((await tabs(page)).map((s) => s.trim())).toEqual(['首页', '订单', '设置']);
  });

  test('a link to decoration on another site does not switch the role', async ({
    page,
    context,
  }) => {
    await signIn(context, demoPhones.manager1001);
    await page.goto(`${shop.url}/index?shopId=1001`);
    const switched = await page.evaluate(() =>
      fetch('/api/member/xdwxh5/admin/switchRole?shopBizCode=1001&role=1').then((r) => r.json()),
    );
    expect(switched).toMatchObject({ code: 0, data: { currentRole: 1 } });

    // 127.0.0.1 and localhost are different sites: a page there links to the shop's decoration.
    const other = new URL(shop.url);
    other.hostname = '127.0.0.1';
    await page.goto(`${other.origin}/robots.txt`);
    await page.evaluate((href) => {
      const link = document.createElement('a');
      link.href = href;
      link.textContent = '装修';
      document.body.append(link);
    }, `${shop.url}/decoration?shopId=1001`);
    const [response] = await Promise.all([
      page.waitForNavigation(),
      page.getByRole('link', { name: '装修' }).click(),
    ]);
    expect(response?.status()).toBe(403);
    await expect(page.getByText('请切换为管理员身份操作')).toBeVisible();
    await page.goto(`${shop.url}/index?shopId=1001`);
    expect((await tabs(page)).map((s) => s.trim())).toEqual(['首页', '订单', '我的']);
    const back = await page.evaluate(() =>
      fetch('/api/member/xdwxh5/admin/switchRole?shopBizCode=1001&role=4').then((r) => r.json()),
    );
    expect(back).toMatchObject({ code: 0, data: { currentRole: 4 } });
  });

  test('distributor and manager endpoints answer only their roles', async () => {
    const ask = async (phone: string, path: string, method = 'GET') => {
      const token = await createSession(admin.db, await userId(phone));
      const response = await fetch(`${shop.url}${path}`, {
        method,
        headers: { cookie: `sid=${token}`, 'content-type': 'application/json' },
        ...(method === 'POST' ? { body: '{}' } : {}),
      });
      return ((await response.json()) as { code: number }).code;
    };
    const profit = '/api/member/xdwxh5/distributor/profit?shopBizCode=1001';
    const skins = '/api/shop/decoration/querySkinList?shopBizCode=1001';
    expect(await ask(demoPhones.consumer, profit)).toBe(40301);
    expect(await ask(demoPhones.disabledDistributor, profit)).toBe(40301); // a disabled distributor
    expect(await ask(demoPhones.manager1001, profit)).toBe(40301);
    expect(await ask(demoPhones.owner1001, profit)).toBe(0);
    expect(await ask(demoPhones.consumer, skins)).toBe(40301);
    expect(await ask(demoPhones.owner1001, skins)).toBe(40301);
    expect(await ask(demoPhones.manager1001, skins)).toBe(0);
    expect(
      await ask(
        demoPhones.consumer,
        '/api/shop/decoration/saveSelectedSkin/1?shopBizCode=1001',
        'POST',
      ),
    ).toBe(40301);
    const loggedOut = await fetch(`${shop.url}${skins}`);
    expect(((await loggedOut.json()) as { code: number }).code).toBe(100006);
  });

  test('switchRole refuses a request from another site', async () => {
    const answer = await fetch(
      `${shop.url}/api/member/xdwxh5/admin/switchRole?shopBizCode=1001&role=1`,
      { headers: { 'sec-fetch-site': 'cross-site' } },
    );
    expect(answer.status).toBe(403);
    expect(await answer.json()).toMatchObject({ code: 40302 });
  });
});

test.describe('in the messaging app (the only place the applications open)', () => {
  test.use({ userAgent: IN_APP_UA });

  test('a new shop keeper applies, then signs the contract once', async ({ page, context }) => {
    const phone = freshPhone();
    await signIn(context, phone);
    await page.goto(`${shop.url}/register?shopId=1001`);
    await page.getByRole('button', { name: '立即申请开店' }).click();
    await expect(page.locator('#shell-toast')).toHaveText('开店成功');
    // 注册成功 offers the certification at once; the contract is asked for on the way.
    await expect(page).toHaveURL(/\/registerSuccess\?/);
    await expect(page.getByRole('heading', { name: '你已成为店主' })).toBeVisible();
    await expect(page.getByRole('link', { name: '立即认证' })).toHaveAttribute(
      'href',
      /^\/shop\/certification\?/,
    );
    const contract = page.getByRole('dialog', { name: '签署店主服务协议' });
    await expect(contract).toBeVisible({ timeout: 10_000 });

    await contract.getByRole('button', { name: '同意并签署' }).click();
    await expect(contract).toBeHidden();
    await expect(page.locator('#shell-toast')).toHaveText('签署成功');
    // 注册进度: applied and signed; the certification is next, then the payout agreements.
    await page.goto(`${shop.url}/registerAgentProcess?shopId=1001`);
    const steps = page.locator('[data-step]');
    await expect(steps).toHaveCount(5);
    await expect(page.locator('[data-step][data-done="true"]')).toHaveText([
      /申请开店/,
      /签署店主服务协议/,
    ]);
    await expect(page.locator('[data-step="店主认证"]').getByRole('link')).toHaveText('去认证');
    // In another shop, 注册进度 tells where they applied and leads back there.
    await page.goto(`${shop.url}/registerAgentProcess?shopId=1002`);
    const elsewhere = page.locator('[data-last-apply="1001"]');
    await expect(elsewhere).toContainText('申请开店');
    await elsewhere.getByRole('link', { name: '查看进度' }).click();
    await expect(page).toHaveURL(/\/registerAgentProcess\?shopId=1001/);
    await expect(page.locator('[data-last-apply]')).toHaveCount(0);
    await page.goto(`${shop.url}/index?shopId=1001`);
    await expect(page.getByRole('dialog', { name: '签署店主服务协议' })).toHaveCount(0);
    // A shop keeper may now open the wallet (its page comes with the wallet issue).
    expect((await page.goto(`${shop.url}/wallet?shopId=1001`))?.status()).not.toBe(403);
  });

  test('a visitor who is not logged in signs in with the app before applying', async ({ page }) => {
    await page.goto(`${shop.url}/register?shopId=1001`);
    const login = page.getByRole('link', { name: '登录后申请开店' });
    expect(await login.getAttribute('href')).toBe(
      `/api/member/auth?backUrl=${encodeURIComponent('/register?shopId=1001')}`,
    );
  });

  test('a user becomes administrator with the code the owner received', async ({
    page,
    context,
  }) => {
    await signIn(context, freshPhone());
    await page.goto(`${shop.url}/applyForAdmin?shopId=1001`);
    await expect(page.getByText('店主 林店主（138****0003）')).toBeVisible();
    const bind = page.getByRole('button', { name: '确认成为管理员' });
    await expect(bind).toBeDisabled();
    await page.getByRole('button', { name: '发送验证码给店主' }).click();
    await expect(page.locator('#shell-toast')).toHaveText('验证码已发送，请查收');

    const latest = await shop.latestSms(demoPhones.owner1001);
    // The owner's code is one for granting this shop's administrator, not for logging in.
    const [issued] = await shop.admin.db
      .select({ purpose: t.smsCodes.purpose })
      .from(t.smsCodes)
      .where(eq(t.smsCodes.phone, demoPhones.owner1001))
      .orderBy(desc(t.smsCodes.id))
      .limit(1);
    expect(issued!.purpose).toMatch(/^admin:/);
    await page.getByLabel('验证码').fill(`a${latest.code}9`);
    await expect(page.getByLabel('验证码')).toHaveValue(latest.code);
    await bind.click();
    await expect(page.locator('#shell-toast')).toHaveText('已成为本店管理员');
    await expect(page.getByText('你已经是本店管理员。')).toBeVisible({ timeout: 10_000 });
    expect((await tabs(page)).length).toBe(0); // applyForAdmin has no tab bar
    await page.goto(`${shop.url}/index?shopId=1001`);
    expect((await tabs(page)).map((s) => s.trim())).toEqual(['首页', '订单', '设置']);
  });
});

test('a plain browser gets the shop-keeper poster with a QR code of the application', async ({
  page,
}) => {
  await page.goto(`${shop.url}/register?shopId=1001&distributorId=77`);
  await expect(page).toHaveURL(/\/orderPosterEnv\?shopId=1001&distributorId=77$/);
  await expect(page.getByRole('heading', { name: '小鹿优选' })).toBeVisible();
  await expect(page.getByText('扫码申请开店')).toBeVisible();
  await expect(page.locator('figure.qr svg')).toBeVisible();
  await expect(page.getByLabel('页面链接')).toHaveValue(
    `${shop.url}/register?shopId=1001&distributorId=77&refSpm=${'h5.orderPosterEnv'}`,
  );
  await page.goto(`${shop.url}/applyForAdmin?shopId=1001`);
  await expect(page.getByText('扫码申请成为管理员')).toBeVisible();
});

test.describe('owner identity', () => {
  /** Shop 1002 as if opened with a fresh phone no account owns yet; put back afterwards. */
  async function asShopOpener(run: (phone: string) => Promise<void>): Promise<void> {
    const phone = freshPhone();
    const [before] = await admin.db.select().from(t.shops).where(eq(t.shops.id, '1002'));
    await admin.db
      .update(t.shops)
      .set({ ownerUserId: null, ownerPhone: phone })
      .where(eq(t.shops.id, '1002'));
    try {
      await run(phone);
    } finally {
      await admin.db
        .update(t.shops)
        .set({ ownerUserId: before!.ownerUserId, ownerPhone: before!.ownerPhone })
        .where(eq(t.shops.id, '1002'));
    }
  }

  test('the phone the shop was opened with is prompted on home and binds the owner', async ({
    page,
    context,
  }) => {
    await asShopOpener(async (phone) => {
      await signIn(context, phone);
      await page.goto(`${shop.url}/index?shopId=1002`);
      const dialog = page.getByRole('dialog', { name: '店主身份确认' });
      await expect(dialog).toContainText(`${phone.slice(0, 3)}****${phone.slice(7)}`);
      await dialog.getByRole('button', { name: '绑定店主身份' }).click();
      await expect(page.locator('#shell-toast')).toHaveText('店主身份绑定成功，你可以管理该店铺。');
      await expect(dialog).toBeHidden();
      await page.waitForURL(/index/);
      await page.reload();
      await expect(page.getByRole('dialog', { name: '店主身份确认' })).toHaveCount(0);
      expect((await page.goto(`${shop.url}/wallet?shopId=1002`))?.status()).not.toBe(403);
    });
  });

  test('a bind answered with code 500 keeps the prompt open with the reason, and a retry binds', async ({
    page,
    context,
  }) => {
    await asShopOpener(async (phone) => {
      await signIn(context, phone);
      const bindPath = '**/api/member/xdwxh5/shopOwner/identity/bind**';
      await page.route(bindPath, (route) =>
        route.fulfill({
          status: 500,
          json: { code: 500, message: '系统繁忙，请稍后再试', success: false, data: null },
        }),
      );
      await page.goto(`${shop.url}/index?shopId=1002`);
      const dialog = page.getByRole('dialog', { name: '店主身份确认' });
      await dialog.getByRole('button', { name: '绑定店主身份' }).click();
      await expect(dialog.getByText('系统繁忙，请稍后再试')).toBeVisible();
      await expect(dialog).toBeVisible();

      await page.unroute(bindPath);
      await dialog.getByRole('button', { name: '绑定店主身份' }).click();
      await expect(page.locator('#shell-toast')).toHaveText('店主身份绑定成功，你可以管理该店铺。');
      await expect(dialog).toBeHidden();
    });
  });

  test('a refused bind shows the reason and closes the prompt', async ({ page, context }) => {
    await asShopOpener(async (phone) => {
      await signIn(context, phone);
      await page.goto(`${shop.url}/index?shopId=1002`);
      const dialog = page.getByRole('dialog', { name: '店主身份确认' });
      await expect(dialog).toBeVisible();
      // Meanwhile the shop's opening phone changed.
      await admin.db
        .update(t.shops)
        .set({ ownerPhone: '13700000000' })
        .where(eq(t.shops.id, '1002'));
      await dialog.getByRole('button', { name: '绑定店主身份' }).click();
      await expect(page.locator('#shell-toast')).toHaveText('当前账号不是该店铺的店主');
      await expect(dialog).toBeHidden();
    });
  });
});

test('the three application calls credit the inviter and refuse a second application', async () => {
  const call = async (path: string, phone: string) => {
    const id = await userId(phone);
    const token = await createSession(admin.db, id);
    const response = await fetch(`${shop.url}${path}`, {
      method: 'POST',
      headers: { cookie: `sid=${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    return { id, body: (await response.json()) as { code: number; message: string } };
  };
  const inviter = await userId(demoPhones.owner1001);
  const tw = await call(`/api/member/xdwxh5/register/tw/1001/${inviter}`, freshPhone());
  expect(tw.body).toMatchObject({ code: 0, message: '开店成功', data: { currentRole: 3 } });
  const school = await call('/api/member/xdwxh5/registerSchool/1001', freshPhone());
  expect(school.body).toMatchObject({ code: 0 });
  const [row] = await admin.db
    .select({ invitedBy: t.shopMembers.invitedBy, role: t.shopMembers.role })
    .from(t.shopMembers)
    .where(eq(t.shopMembers.userId, tw.id));
  expect(row).toEqual({ invitedBy: inviter, role: 3 });
  const again = await call('/api/member/xdwxh5/register/1001', demoPhones.owner1001);
  expect(again.body).toEqual({
    code: 409,
    message: '您已经是本店店主，无需重复申请',
    success: false,
    data: null,
  });
  const badCode = await call('/api/member/xdwxh5/register/tw/1001/abc', freshPhone());
  expect(badCode.body).toMatchObject({ code: 400 });
});
