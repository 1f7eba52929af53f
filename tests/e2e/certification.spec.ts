/**
 * A new keeper is certified and paid lawfully (issue #30, "Must show"): with commission to
 * withdraw, 申请提现 asks them to certify first; on 店铺认证 they choose 个人认证, give the separate
 * consent before anything is collected, verify their real name, upload the ID card's two sides and
 * submit (verified at once); they sign the two agreements a person's payout needs, each on its own
 * page, coming back each time; they bind a card and withdraw ¥8,000 — the confirm step shows the
 * tax the server then withholds (¥42.00 by the cumulative method); taxGrcDetail shows the
 * calculation, the owner approves, and 交易详情 shows the e-receipt; a second withdrawal the same
 * month shows the cumulative calculation (¥48.00 more). No page shows the ID number whole.
 */
import { mkdirSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { expect, test, type PgShop } from './fixtures.ts';
import { demoPhones } from '#demo/handles.ts';
import * as t from '#lib/platform/db/schema.ts';
import {
  keeperAccount,
  resolvePending,
  shopAccount,
  transfer,
  auditLedger,
} from '#lib/commission/ledger.server.ts';
import {
  KeeperAccount,
  ShopAccount,
  TransferKind,
  TransferReason,
} from '#lib/commission/ledger.ts';
import { freshPhone } from '../fixtures/accounts.ts';
import { givenMember } from '../fixtures/given.ts';

const SHOP = '1001';
const ID_NUMBER = '110101199003071671';
const CARD = '6212 2612 0201 1584 340';

const SHOTS = process.env['SCREENSHOT_DIR'] ?? '/tmp/certification-shots';
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

let shop: PgShop;
test.describe.configure({ mode: 'serial' });
test.use({ shopDatabase: 'shop_e2e_certification' });
test.beforeAll(({ pgShop }) => {
  shop = pgShop;
});

const islandsReady = (page: Page) =>
  page
    .locator('astro-island:not([ssr]), astro-island[client=reach]')
    .first()
    .waitFor({ state: 'attached' });

const photo = (background: string) =>
  sharp({ create: { width: 856, height: 540, channels: 3, background } })
    .png()
    .toBuffer();

/** The page's HTML never carries the ID number whole (only masked). */
async function noWholeId(page: Page): Promise<void> {
  expect(await page.content()).not.toContain(ID_NUMBER);
}

test('a new keeper certifies as a person, signs, withdraws twice and sees the tax withheld by the cumulative method', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const admin = shop.admin.db;
  const url = (path: string) => `${shop.url}${path}${path.includes('?') ? '&' : '?'}shopId=${SHOP}`;

  // A keeper of 1001 who joined and signed the keeper agreement, with ¥10,000 settled commission.
  const phone = freshPhone();
  const keeper = await givenMember(admin, SHOP, { role: 3, phone });
  await admin
    .update(t.shopMembers)
    .set({ signAgreement: true })
    .where(eq(t.shopMembers.userId, keeper.id));
  await admin.transaction(async (tx) => {
    const id = `e2e:grant:${keeper.id}`;
    await transfer(tx, {
      id,
      kind: TransferKind.Pending,
      debitAccountId: await shopAccount(tx, SHOP, ShopAccount.Commission),
      creditAccountId: await keeperAccount(tx, SHOP, keeper.id, KeeperAccount.Available),
      amountCents: 1_000_000,
      reason: TransferReason.Commission,
      now: new Date(),
    });
    await resolvePending(tx, {
      id: `settle:${id}`,
      pendingId: id,
      kind: TransferKind.Post,
      reason: TransferReason.Settle,
      now: new Date(),
    });
  });
  const context = await browser.newContext({ viewport: { width: 375, height: 667 } });
  await shop.signIn(context, phone);
  const page = await context.newPage();

  // 申请提现 first: certification is asked for before anything else.
  await page.goto(url('/cash'));
  await expect(page.getByRole('heading', { name: '请先完成店主认证' })).toBeVisible();
  await page.getByRole('link', { name: '去认证' }).click();
  await expect(page).toHaveURL(/\/shop\/certification\?/);
  await expect(page.getByRole('heading', { name: '选择认证方式' })).toBeVisible();
  await page.locator('[data-kind="individual"]').click();

  // 个人认证: nothing can be filled in before the separate consent.
  await expect(page).toHaveURL(/\/personal\?/);
  await islandsReady(page);
  const consent = page.getByRole('region', { name: '个人信息单独同意' });
  await expect(consent.getByRole('link', { name: '《个人信息单独同意书》' })).toBeVisible();
  await expect(page.getByLabel('上传身份证人像面照片')).toBeDisabled();
  await shot(page, 'personal-consent');
  await consent.getByRole('button', { name: '同意并继续' }).click();
  await expect(consent).toHaveCount(0);
  await expect(page.getByLabel('上传身份证人像面照片')).toBeEnabled();

  // 实名认证, and back to the form.
  await page.getByRole('link', { name: '去实名认证' }).click();
  await expect(page).toHaveURL(/\/authname\?/);
  await islandsReady(page);
  await page.getByLabel('真实姓名').fill('欧阳娜娜');
  await page.getByLabel('身份证号').fill(ID_NUMBER);
  await page.getByRole('button', { name: '提交认证' }).click();
  await expect(page).toHaveURL(/\/personal\?/);
  await islandsReady(page);
  await expect(page.locator('[data-real-name]')).toContainText('欧**娜');
  await expect(page.locator('[data-real-name]')).toContainText('110101********1671');
  await noWholeId(page);

  // The ID card's two sides, uploaded and shown back; long-term; 提交认证.
  await page.getByLabel('上传身份证人像面照片').setInputFiles({
    name: 'front.png',
    mimeType: 'image/png',
    buffer: await photo('#dfe6ee'),
  });
  await expect(page.getByRole('img', { name: '身份证人像面照片' })).toBeVisible();
  await page.getByLabel('上传身份证国徽面照片').setInputFiles({
    name: 'back.png',
    mimeType: 'image/png',
    buffer: await photo('#eee6df'),
  });
  await expect(page.getByRole('img', { name: '身份证国徽面照片' })).toBeVisible();
  await page.getByLabel('长期有效').check();
  await shot(page, 'personal-filled');
  await page.getByRole('button', { name: '提交认证' }).click();
  await expect(page).toHaveURL(/\/personal\/view\?/);
  await expect(page.locator('[data-status-text]')).toHaveText('已认证');
  await expect(page.getByText('110101********1671')).toBeVisible();
  await noWholeId(page);

  // The two agreements, each signed on its own page and back to 店铺认证.
  await page.getByRole('link', { name: '返回店铺认证' }).click();
  for (const title of ['个人店主认证协议', '个人税务代办协议']) {
    const row = page.locator('[data-agreement]', { hasText: title });
    await expect(row.locator('.signed')).toHaveText('去签署');
    await row.getByRole('link').click();
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await page.getByRole('button', { name: '同意并签署' }).click();
    await expect(page).toHaveURL(/\/shop\/certification\?/);
    await expect(
      page.locator('[data-agreement]', { hasText: title }).locator('.signed'),
    ).toHaveText('已签署');
  }
  await page.getByRole('link', { name: '已可提现，去提现' }).click();

  // A card in the verified name, then ¥8,000: the confirm step shows the tax to be withheld.
  await expect(page.getByRole('heading', { name: '请先绑定银行卡' })).toBeVisible();
  await page.getByRole('link', { name: '去绑定银行卡' }).click();
  await islandsReady(page);
  await page.getByLabel('卡号').fill(CARD);
  // The bank's phone for the card gets a code, which binds it.
  const bankPhone = freshPhone();
  await page.getByLabel('预留手机号').fill(bankPhone);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByText('验证码已发送，请查收')).toBeVisible();
  await page.getByLabel('验证码').fill(await shop.smsCode(bankPhone));
  await shot(page, 'bind-card');
  await page.getByRole('button', { name: '确认绑定' }).click();
  await expect(page).toHaveURL(/\/cash\?/);
  await islandsReady(page);
  await page.getByLabel('提现金额').fill('8000');
  await page.getByRole('button', { name: '提现', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: '确认提现' });
  // ¥8,000 − ¥1,600 expenses − ¥5,000 for the month = ¥1,400 at 3 % = ¥42.
  await expect(confirm.locator('[data-cash-tax]')).toHaveText('¥42.00');
  await expect(confirm.locator('[data-cash-arrives]')).toHaveText('¥7958.00');
  await shot(page, 'cash-confirm');
  await confirm.getByRole('button', { name: '确认提现' }).click();
  await expect(page).toHaveURL(/\/cash\/WD\d+\?/);
  const first = (await page.locator('[data-withdrawal]').getAttribute('data-withdrawal'))!;
  await expect(page.locator('[data-tax]')).toContainText('¥42.00');
  await expect(page.locator('[data-paid]')).toHaveText('¥7958.00');

  // 计算明细: the cumulative calculation of this payout.
  await page.locator('[data-tax]').getByRole('link', { name: '计算明细' }).click();
  await expect(page).toHaveURL(/\/taxGrcDetail\?/);
  const row = (name: string) => page.locator(`[data-row="${name}"] dd`);
  await expect(page.locator('[data-this-tax]')).toHaveText('¥42.00');
  await expect(row('income')).toHaveText('¥8000.00');
  await expect(row('expenses')).toHaveText('¥1600.00');
  await expect(row('deductions')).toHaveText('¥5000.00');
  await expect(row('taxable')).toHaveText('¥1400.00');
  await expect(row('rate')).toHaveText('3% / ¥0.00');
  await expect(row('before')).toHaveText('¥0.00');
  await expect(page.getByText('国家税务总局公告2025年第16号', { exact: false })).toBeVisible();

  // The owner approves; the sandbox pays ¥7,958 and 交易详情 shows the e-receipt.
  const ownerContext = await browser.newContext();
  await shop.signIn(ownerContext, demoPhones.owner1001);
  const ownerPage = await ownerContext.newPage();
  await ownerPage.goto(url('/withdrawalReview'));
  const review = ownerPage.locator(`[data-review="${first}"]`);
  await islandsReady(ownerPage);
  await review.getByRole('button', { name: /^同意打款/ }).click();
  await ownerPage
    .getByRole('dialog', { name: '同意提现' })
    .getByRole('button', { name: '确认打款' })
    .click();
  await expect(review).toHaveCount(0);

  // The owner's quarterly income report names the keeper masked, with the tax; not for keepers.
  await ownerPage.goto(url('/shop/certification'));
  const quarter = (await ownerPage.locator('[data-report]').first().getAttribute('data-report'))!;
  const report = await ownerPage.request.get(
    `${shop.url}/api/member/xdwxh5/wallet/report?shopBizCode=${SHOP}&quarter=${quarter}`,
  );
  expect(report.headers()['content-type']).toBe('text/csv; charset=utf-8');
  const keeperRow = (await report.text()).split('\r\n').find((line) => line.includes('欧**娜'));
  expect(keeperRow).toContain('个人认证,欧**娜,110101********1671,1,8000.00,42.00,7958.00');
  const refused = await page.request.get(
    `${shop.url}/api/member/xdwxh5/wallet/report?shopBizCode=${SHOP}&quarter=${quarter}`,
  );
  expect((await refused.json()).code).toBe(40301);
  await page.goto(url(`/cash/${first}`));
  const receipt = page.getByRole('region', { name: '电子回单' });
  // The payout platform's order (云账户's ref) is the receipt's; the amount is what reached the keeper.
  await expect(receipt).toContainText(/回单编号\s*YZH[0-9a-f]{20}/);
  await expect(receipt).toContainText('¥7958.00');
  // The platform's own receipt, kept by the shop: a picture for the keeper, nobody else.
  const original = receipt.getByRole('link', { name: '查看回单原件' });
  await expect(async () => {
    await page.reload();
    await expect(original).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 40_000 });
  const receiptHref = (await original.getAttribute('href'))!;
  const file = await page.request.get(`${shop.url}${receiptHref}`);
  expect(file.headers()['content-type']).toBe('image/png');
  expect((await file.body()).subarray(1, 4).toString()).toBe('PNG');
  const notTheirs = await ownerPage.request.get(`${shop.url}${receiptHref}`);
  expect(await notTheirs.json()).toMatchObject({ code: 40417, message: '提现记录不存在' });
  await shot(page, 'e-receipt');

  // A second withdrawal the same month: ¥10,000 to date, ¥3,000 taxable, ¥90 less ¥42 = ¥48.
  await page.goto(url('/cash'));
  await islandsReady(page);
  await page.getByLabel('提现金额').fill('2000');
  await page.getByRole('button', { name: '提现', exact: true }).click();
  await expect(confirm.locator('[data-cash-tax]')).toHaveText('¥48.00');
  await confirm.getByRole('button', { name: '确认提现' }).click();
  await expect(page).toHaveURL(/\/cash\/WD\d+\?/);
  await page.locator('[data-tax]').getByRole('link', { name: '计算明细' }).click();
  await expect(row('income')).toHaveText('¥10000.00');
  await expect(row('taxable')).toHaveText('¥3000.00');
  await expect(row('to-date')).toHaveText('¥90.00');
  await expect(row('before')).toHaveText('¥42.00');
  await expect(page.locator('[data-this-tax]')).toHaveText('¥48.00');
  await noWholeId(page);
  await shot(page, 'tax-second');

  // The year's list names both; no answer of the certification call carries the number whole.
  await page.goto(url('/taxGrcDetail'));
  await expect(page.locator('.rows li')).toHaveCount(2);
  const answer = await page.request.get(
    `${shop.url}/api/member/xdwxh5/certification/info?shopBizCode=${SHOP}`,
  );
  const text = await answer.text();
  expect(text).toContain('110101********1671');
  expect(text).not.toContain(ID_NUMBER);
  expect(await auditLedger(admin)).toEqual([]);
  await Promise.all([context.close(), ownerContext.close()]);
});
