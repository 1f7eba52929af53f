/**
 * The administrator application by QR code (bind/qrCode): the applicant's page shows a QR code
 * and a check code, the shop owner opens the link on their own phone, sees the same code and
 * approves, and the applicant's page notices by polling. On a shop served from PostgreSQL so the
 * test can set up users and sessions.
 */
import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, test, type PgShop } from './fixtures.ts';
import { demoPhones } from '#demo/handles.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import * as t from '#lib/platform/db/schema.ts';
import { IN_APP_UA, freshPhone, userIdFor } from '../fixtures/accounts.ts';

let admin: Database;
let shop: PgShop;

test.describe.configure({ mode: 'serial' });

test.use({ shopDatabase: 'shop_e2e_admin_qr' });
test.beforeAll(({ pgShop }) => {
  shop = pgShop;
  admin = pgShop.admin;
});

const OWNER = demoPhones.owner1001; // owner of shop 1001
const INVALID = '授权链接已失效，请让申请人重新生成二维码';

test.use({ userAgent: IN_APP_UA });

const userId = (phone: string) => userIdFor(admin, phone, '扫码申请人');

/** Inside the messaging app its JS bridge is there (else the shell reloads the page once). */
async function withBridge(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    Object.assign(window, { WeixinJSBridge: {} });
  });
}

async function signIn(context: BrowserContext, phone: string): Promise<number> {
  await withBridge(context);
  await userId(phone);
  return (await shop.signIn(context, phone)).id;
}

/** Another phone: its own in-app browser context at the suite's phone size. */
async function phoneContext(browser: Browser, phone: string): Promise<BrowserContext> {
  const context = await browser.newContext({
    userAgent: IN_APP_UA,
    viewport: { width: 375, height: 667 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  await signIn(context, phone);
  return context;
}

/** The applicant asks for a QR code: answers the owner's link and the check code shown. */
async function generateQr(page: Page): Promise<{ url: string; code: string }> {
  await page.goto(`${shop.url}/applyForAdmin?shopId=1001`);
  const answer = page.waitForResponse((r) => r.url().includes('/admin/bind/qrCode'));
  await page.getByRole('button', { name: '让店主扫码授权' }).click();
  const body = (await (await answer).json()) as { code: number; data: { url: string } };
  expect(body.code).toBe(0);
  await expect(page.getByRole('figure', { name: '授权二维码' }).locator('svg')).toBeVisible();
  const shown = page.locator('[data-qr-code]');
  await expect(shown).toHaveText(/^\d{6}$/);
  return { url: body.data.url, code: (await shown.textContent())!.trim() };
}

test('the owner scans, sees the same check code and approves; the applicant becomes administrator', async ({
  page,
  context,
  browser,
}) => {
  const phone = freshPhone();
  await signIn(context, phone);
  const { url, code } = await generateQr(page);
  expect(url).toMatch(new RegExp(`^${shop.url}/applyForAdmin\\?shopId=1001&grant=[\\w-]{43}$`));
  await expect(page.getByText('等待店主授权')).toBeVisible();
  // Reloaded meanwhile (the app may do that): the same QR code and check code, still waiting.
  await page.reload();
  await expect(page.locator('[data-qr-code]')).toHaveText(code);
  await expect(page.getByRole('figure', { name: '授权二维码' }).locator('svg')).toBeVisible();

  const ownerContext = await phoneContext(browser, OWNER);
  try {
    const owner = await ownerContext.newPage();
    await owner.goto(url);
    await expect(owner.getByRole('heading', { name: '授权管理员' })).toBeVisible();
    await expect(
      owner.getByText(`扫码申请人（${phone.slice(0, 3)}****${phone.slice(7)}）`),
    ).toBeVisible();
    await expect(owner.locator('[data-user-verify-code]')).toHaveText(code);
    await owner.getByRole('button', { name: '同意授权' }).click();
    await expect(owner.locator('#shell-toast')).toHaveText('授权成功');
    await expect(owner.getByText('授权成功，对方已成为本店管理员。')).toBeVisible();

    // The applicant's page was polling: it says so and reloads as administrator.
    await expect(page.getByText('你已经是本店管理员。')).toBeVisible({ timeout: 15_000 });
    const [member] = await admin.db
      .select()
      .from(t.shopMembers)
      .where(eq(t.shopMembers.userId, await userId(phone)));
    expect(member).toMatchObject({ shopId: '1001', role: 4, administrator: true });

    // The same grant a second time: refused on the page and by the endpoint.
    const again = await owner.goto(url);
    expect(again?.status()).toBe(410);
    await expect(owner.getByText(INVALID)).toBeVisible();
    const grant = new URL(url).searchParams.get('grant');
    const second = await owner.request.post(`${shop.url}/api/member/xdwxh5/admin/bind/grant`, {
      data: { grant },
    });
    expect(await second.json()).toMatchObject({ code: 409, message: INVALID, success: false });
  } finally {
    await ownerContext.close();
  }
});

test('someone who is not the shop owner is refused; the owner may still reject', async ({
  page,
  context,
  browser,
}) => {
  const phone = freshPhone();
  await signIn(context, phone);
  const { url } = await generateQr(page);
  const grant = new URL(url).searchParams.get('grant');

  // The owner of another shop and the shop's own manager are not this shop's owner.
  for (const outsider of [demoPhones.owner1002, demoPhones.manager1001]) {
    const other = await phoneContext(browser, outsider);
    try {
      const tab = await other.newPage();
      expect((await tab.goto(url))?.status()).toBe(403);
      await expect(tab.getByRole('heading', { name: '无法授权' })).toBeVisible();
      await expect(tab.getByText('当前账号不是该店铺的店主')).toBeVisible();
      await expect(tab.getByText(phone.slice(7))).toHaveCount(0);
      await expect(tab.getByRole('button', { name: '同意授权' })).toHaveCount(0);
      const refused = await tab.request.post(`${shop.url}/api/member/xdwxh5/admin/bind/grant`, {
        data: { grant },
      });
      expect(await refused.json()).toMatchObject({
        code: 40301,
        message: '当前账号不是该店铺的店主',
      });
    } finally {
      await other.close();
    }
  }
  const [before] = await admin.db
    .select()
    .from(t.shopMembers)
    .where(eq(t.shopMembers.userId, await userId(phone)));
  expect(before?.administrator ?? false).toBe(false);

  const ownerContext = await phoneContext(browser, OWNER);
  try {
    const owner = await ownerContext.newPage();
    await owner.goto(url);
    await owner.getByRole('button', { name: '拒绝' }).click();
    await expect(owner.locator('#shell-toast')).toHaveText('已拒绝授权');
    await expect(owner.getByText('已拒绝该申请。')).toBeVisible();
    await owner.reload();
    await expect(owner.getByText(INVALID)).toBeVisible();
  } finally {
    await ownerContext.close();
  }
});

test('a visitor who is not logged in signs in with the app and comes back to the grant link', async ({
  page,
  context,
  browser,
}) => {
  await signIn(context, freshPhone());
  const { url } = await generateQr(page);
  const stranger = await browser.newContext({ userAgent: IN_APP_UA });
  await withBridge(stranger);
  try {
    const tab = await stranger.newPage();
    await tab.goto(url);
    await tab.getByRole('button', { name: '允许' }).click();
    // Back on the link, grant included, as the app's (new) user: not the shop owner.
    await tab.waitForURL((u) => u.pathname === '/applyForAdmin');
    expect(new URL(tab.url()).searchParams.get('grant')).toBe(
      new URL(url).searchParams.get('grant'),
    );
    await expect(tab.getByRole('heading', { name: '无法授权' })).toBeVisible();
  } finally {
    await stranger.close();
  }
});
