/**
 * The shop keeper's wallet and bank cards as the demo keeper 13800000003 of shop 1001 uses them:
 * 我的钱包 shows 可提现, 待结算 and 提现中 from the demo ledger, 资金明细 and 提现记录 (the three
 * seeded withdrawals: 已到账, 已驳回, 审核中), a withdrawal's 交易详情 with its timeline; 银行卡
 * lists the demo card; a shopper is refused the wallet page and its API. The enterprise card
 * pages: a keeper adds an account, the validate page shows the sandbox amount, entering it binds
 * the card; a wrong amount three times opens 验证失败. The ledger stays sound.
 */
import type { Page } from '@playwright/test';
import { and, eq } from 'drizzle-orm';
import { expect, test, type PgShop } from './fixtures.ts';
import * as t from '#lib/platform/db/schema.ts';
import { demoPhones } from '#demo/handles.ts';
import { formatYuan } from '#lib/platform/money.ts';
import { auditLedger } from '#lib/commission/ledger.server.ts';
import { readWallet } from '#lib/distribution/withdrawals.server.ts';
import { userIdFor } from '../fixtures/accounts.ts';

let shop: PgShop;
let ownerId: number;
const SHOP = '1001';
const screen = (name: string) => `test-results/screens/wallet-${name}-375x667.png`;

test.describe.configure({ mode: 'serial' });
test.use({ shopDatabase: 'shop_e2e_wallet' });

test.beforeAll(async ({ pgShop }) => {
  shop = pgShop;
  ownerId = await userIdFor(shop.admin, demoPhones.owner1001);
});

test.afterEach(async () => {
  expect(await auditLedger(shop.admin.db)).toEqual([]);
});

const islandsReady = (page: Page) =>
  page
    .locator('astro-island:not([ssr]), astro-island[client=reach]')
    .first()
    .waitFor({ state: 'attached' });

test('我的钱包 shows the demo keeper’s balances, movements and withdrawals', async ({ pageAs }) => {
  const page = await pageAs('owner1001');
  const wallet = await readWallet(shop.admin.db, {
    shopId: SHOP,
    userId: ownerId,
    pageNum: 1,
    pageSize: 20,
  });
  const { balances } = wallet;
  // The demo data: money in every balance.
  expect(balances.availableCents).toBeGreaterThan(0);
  expect(balances.pendingCents).toBeGreaterThan(0);
  expect(balances.withdrawingCents).toBeGreaterThan(0);

  await page.goto(`${shop.url}/wallet?shopId=${SHOP}`);
  await expect(page).toHaveTitle(/^我的钱包/);
  await expect(page.getByText('可提现（元）')).toBeVisible();
  await expect(page.locator('[data-available]')).toHaveText(formatYuan(balances.availableCents));
  await expect(page.getByText('待结算（元）')).toBeVisible();
  await expect(page.locator('[data-pending]')).toHaveText(formatYuan(balances.pendingCents));
  await expect(page.getByText('提现中（元）')).toBeVisible();
  await expect(page.locator('[data-withdrawing]')).toHaveText(
    formatYuan(balances.withdrawingCents),
  );
  await expect(page.locator('[data-owed]')).toHaveCount(0);
  await expect(page.getByRole('link', { name: '提现', exact: true })).toBeVisible();
  // The owner of 1001 reviews its withdrawals: one waits.
  await expect(page.locator('[data-withdrawal-review]')).toHaveText('提现审核1');

  // 资金明细: the ledger's movements, newest first, signed.
  await expect(page.getByRole('link', { name: '资金明细' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const rows = page.locator('[data-movement]');
  await expect(rows).toHaveCount(wallet.movements.length);
  for (const [i, m] of wallet.movements.slice(0, 5).entries()) {
    const row = rows.nth(i);
    await expect(row).toContainText(m.text);
    await expect(row.locator('.money')).toHaveText(
      `${m.amountCents < 0 ? '-' : '+'}${formatYuan(Math.abs(m.amountCents))}`,
    );
  }
  const texts = wallet.movements.map((m) => m.text);
  expect(texts).toContain('提现申请');
  expect(texts).toContain('提现退回');
  expect(texts).toContain('佣金结算');
  expect(texts).toContain('推广佣金（待结算）');
  await page.screenshot({ path: screen('flow'), fullPage: true });

  // 提现记录: the three seeded withdrawals, newest first.
  await page.getByRole('link', { name: '提现记录' }).click();
  await expect(page).toHaveURL(/[?&]tab=cash/);
  const withdrawals = page.locator('[data-withdrawal]');
  await expect(withdrawals).toHaveCount(3);
  await expect(withdrawals.locator('[data-status]')).toHaveText(['审核中', '已驳回', '已到账']);
  await expect(withdrawals.first()).toContainText('提现到 中国工商银行 6212 **** **** 4340');
  const seeded = await shop.admin.db
    .select()
    .from(t.withdrawals)
    .where(and(eq(t.withdrawals.shopId, SHOP), eq(t.withdrawals.userId, ownerId)))
    .orderBy(t.withdrawals.withdrawalNo);
  expect(seeded.map((w) => w.withdrawalNo)).toEqual([
    'WD20260000000001',
    'WD20260000000002',
    'WD20260000000003',
  ]);
  await expect(withdrawals.last()).toContainText(`¥${formatYuan(seeded[0]!.amountCents)}`);
  await page.screenshot({ path: screen('cash'), fullPage: true });

  // 交易详情 of the paid one: its timeline, newest first.
  await withdrawals.last().click();
  await expect(page).toHaveURL(/\/cash\/WD20260000000001\b/);
  await expect(page).toHaveTitle(/^交易详情/);
  await expect(page.locator('[data-status]')).toHaveText('已到账');
  await expect(page.locator('.amount')).toHaveText(`-${formatYuan(seeded[0]!.amountCents)}`);
  await expect(page.getByText('中国工商银行 6212 **** **** 4340').first()).toBeVisible();
  // Paid: the e-receipt carries the provider's bill number and what reached the card.
  await expect(page.getByRole('region', { name: '电子回单' })).toContainText('SBWD20260000000001');
  await expect(page.locator('[data-timeline] li > p:first-child')).toHaveText([
    '打款成功，已到账',
    '店主审核通过，打款中',
    '提交提现申请',
  ]);
  await page.screenshot({ path: screen('detail-paid'), fullPage: true });

  // The rejected one names the owner's reason.
  await page.goto(`${shop.url}/cash/WD20260000000002?shopId=${SHOP}`);
  await expect(page.locator('[data-status]')).toHaveText('已驳回');
  await expect(page.locator('[data-reject-reason]')).toHaveText(
    '银行卡信息需核对，请确认后重新申请',
  );
  await expect(page.locator('[data-timeline] li > p:first-child')).toHaveText([
    '审核未通过，金额已退回钱包',
    '提交提现申请',
  ]);
  await page.screenshot({ path: screen('detail-rejected'), fullPage: true });

  // A number that is not theirs answers like a missing one.
  const missing = await page.goto(`${shop.url}/cash/WD20269999999999?shopId=${SHOP}`);
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '提现记录不存在' })).toBeVisible();
});

/** 银行卡 as the keeper opens it from the wallet: the demo card, the enterprise way. */
async function openCards(page: Page): Promise<void> {
  await page.goto(`${shop.url}/wallet?shopId=${SHOP}`);
  await page.getByRole('link', { name: '银行卡' }).click();
  await expect(page).toHaveURL(/\/card\?/);
  await expect(page).toHaveTitle(/^银行卡/);
  await expect(page.getByRole('link', { name: '绑定企业银行卡' })).toBeVisible();
}

async function demoCardListed(page: Page, options: { timeout?: number } = {}): Promise<void> {
  const card = page.locator('[data-bank-card="6212 **** **** 4340"]');
  await expect(card).toBeVisible(options);
  await expect(card).toContainText('中国工商银行');
  // Held in the owner's verified real name (issue #27: it said 张店主 while the owner is 林店主).
  await expect(card).toContainText('林店主');
}

test('银行卡 lists the demo card in the owner’s verified real name, and adds cards in that name', async ({
  pageAs,
}) => {
  const page = await pageAs('owner1001');
  await openCards(page);
  await page.screenshot({ path: screen('cards-demo'), fullPage: true });
  await demoCardListed(page);
  // Verified: no 实名认证 first while a card is bound.
  await expect(page.locator('[data-need-real-name]')).toHaveCount(0);
  await expect(
    page.getByRole('button', { name: '解绑 中国工商银行 6212 **** **** 4340' }),
  ).toBeVisible();
  await islandsReady(page);
  await page.getByRole('button', { name: '+ 添加银行卡' }).click();
  // The holder is shown, not typed: the verified name, masked.
  await expect(page.getByLabel('持卡人')).toHaveText('林*主');
  await page.screenshot({ path: screen('cards'), fullPage: true });
});

test('nobody decides their own payout: the owner’s withdrawal waits for the shop’s manager', async ({
  pageAs,
}) => {
  const own = 'WD20260000000003';
  const owner = await pageAs('owner1001');
  // The owner's screen lists the other keepers' withdrawals and says where theirs go.
  await owner.goto(`${shop.url}/withdrawalReview?shopId=${SHOP}`);
  await expect(owner.getByRole('heading', { name: '提现审核', level: 1 })).toBeVisible();
  await expect(owner.locator('[data-own-note]')).toHaveText(
    '店主本人的提现由店铺管理员审核，不在此列',
  );
  await expect(owner.locator(`[data-review="${own}"]`)).toHaveCount(0);
  await expect(owner.locator('[data-review="WD20260000000004"]')).toContainText('许小店');
  // Asked directly, the call refuses in words, approve or reject, and nothing moves.
  for (const data of [
    { withdrawalNo: own, approve: true },
    { withdrawalNo: own, approve: false, reason: '自己驳回' },
  ]) {
    const answer = await owner.request.post(
      `${shop.url}/api/member/xdwxh5/wallet/review?shopBizCode=${SHOP}`,
      { data },
    );
    expect(await answer.json()).toMatchObject({
      success: false,
      code: 40301,
      message: '不能审核自己的提现，店主本人的提现由店铺管理员审核',
    });
  }
  const [row] = await shop.admin.db
    .select({ status: t.withdrawals.status, reviewedBy: t.withdrawals.reviewedBy })
    .from(t.withdrawals)
    .where(eq(t.withdrawals.withdrawalNo, own));
  expect(row).toEqual({ status: 10, reviewedBy: null });

  // The manager's screen holds it, with 同意打款 and 驳回, and the owner's history.
  const manager = await pageAs('manager1001');
  await manager.goto(`${shop.url}/withdrawalReview?shopId=${SHOP}&status=all`);
  const waiting = manager.locator(`[data-review="${own}"]`);
  await expect(waiting).toContainText('林店主');
  await expect(waiting.getByRole('button', { name: /^同意打款/ })).toBeVisible();
  await expect(waiting.getByRole('button', { name: /^驳回/ })).toBeVisible();
  await expect(manager.locator('[data-review]')).toHaveCount(3);
  await expect(manager.locator('[data-own-note]')).toHaveCount(0);
  await manager.screenshot({ path: screen('review-manager'), fullPage: true });
});

test('the shop chooses how its keepers are paid: 银行卡 off leaves 微信零钱 alone, and the last way stays on', async ({
  pageAs,
  browser,
}) => {
  const manager = await pageAs('manager1001');
  await manager.goto(`${shop.url}/feature-setting?shopId=${SHOP}`);
  const cards = manager.getByRole('switch', { name: '提现到银行卡' });
  const wallet = manager.getByRole('switch', { name: '提现到微信零钱' });
  await expect(cards).toBeChecked();
  await expect(wallet).toBeChecked();
  await cards.click();
  await expect(manager.getByText('保存成功')).toBeVisible();
  await expect(cards).not.toBeChecked();

  // 微信零钱 alone: outside WeChat the keeper is asked to open the page there; no card is offered.
  const keeperContext = await browser.newContext({ viewport: { width: 375, height: 667 } });
  await shop.signIn(keeperContext, 'owner1001');
  const keeper = await keeperContext.newPage();
  await keeper.goto(`${shop.url}/cash?shopId=${SHOP}`);
  await expect(keeper.getByRole('heading', { name: '请在微信内打开' })).toBeVisible();
  await expect(keeper.getByText('提现将转账到你的微信零钱，请在微信内打开本页。')).toBeVisible();
  await expect(keeper.getByRole('radio', { name: '银行卡' })).toHaveCount(0);
  await keeper.screenshot({ path: screen('cash-wallet-only') });
  // Asked directly for a card, the call refuses, and nothing moves.
  const before = await readWallet(shop.admin.db, {
    shopId: SHOP,
    userId: ownerId,
    pageNum: 1,
    pageSize: 1,
  });
  const [card] = await shop.admin.db
    .select({ id: t.bankCards.id })
    .from(t.bankCards)
    .where(and(eq(t.bankCards.userId, ownerId), eq(t.bankCards.status, 'bound')));
  const answer = await keeper.request.post(
    `${shop.url}/api/member/xdwxh5/wallet/cash?shopBizCode=${SHOP}`,
    {
      data: {
        amountCents: 100,
        destination: 'card',
        bankCardId: card!.id,
        idempotencyKey: `choice-${Date.now()}`,
      },
    },
  );
  expect(await answer.json()).toMatchObject({
    success: false,
    code: 47020,
    message: '暂不支持该提现方式',
  });
  const after = await readWallet(shop.admin.db, {
    shopId: SHOP,
    userId: ownerId,
    pageNum: 1,
    pageSize: 1,
  });
  expect(after.balances).toEqual(before.balances);

  // 微信零钱 is now the only way: it cannot be turned off too.
  await wallet.click();
  await expect(manager.getByText('请至少保留一种提现方式')).toBeVisible();
  await expect(wallet).toBeChecked();
  await manager.reload();
  await expect(wallet).toBeChecked();
  await expect(cards).not.toBeChecked();

  await cards.click();
  await expect(manager.getByText('保存成功')).toBeVisible();
  await keeper.reload();
  await islandsReady(keeper);
  await expect(keeper.getByRole('radio', { name: '银行卡' })).toBeVisible();
  await keeperContext.close();
});

test('a shopper is refused the wallet page and its API', async ({ pageAs }) => {
  const page = await pageAs('consumer');
  const response = await page.goto(`${shop.url}/wallet?shopId=${SHOP}`);
  expect(response?.status()).toBe(403);
  await expect(page.getByRole('heading', { name: '没有权限访问' })).toBeVisible();
  await expect(page.getByText('「我的钱包」仅对店主开放，请切换身份或联系店主。')).toBeVisible();
  await expect(page.locator('[data-available]')).toHaveCount(0);
  await page.screenshot({ path: screen('consumer-refused'), fullPage: true });

  for (const path of [
    '/api/member/xdwxh5/wallet/detail',
    '/api/member/xdwxh5/wallet/withdrawals',
    '/api/member/xdwxh5/wallet/cashInfo',
    '/api/member/xdwxh5/bankCard/list',
  ]) {
    const answer = await page.request.get(`${shop.url}${path}?shopBizCode=${SHOP}`);
    const body = (await answer.json()) as { code: number; data?: unknown };
    expect([path, body.code]).toEqual([path, 40301]);
    expect(body.data ?? null).toBeNull();
  }
});

/** The sandbox's amount on the validate page, in the form the keeper types it ("0.37"). */
async function shownAmount(page: Page): Promise<string> {
  const sandbox = page.locator('[data-sandbox-amount]');
  await expect(sandbox).toHaveText(/^测试环境：本次打款金额 0\.\d\d 元$/);
  return (await sandbox.innerText()).match(/0\.\d\d/)![0];
}

async function addEnterpriseAccount(page: Page, accountNo: string): Promise<number> {
  await page.goto(`${shop.url}/shop/enterprise-card?shopId=${SHOP}`);
  await expect(page.getByRole('heading', { name: '企业银行卡' })).toBeVisible();
  await page.getByRole('link', { name: '添加企业银行卡' }).click();
  await expect(page).toHaveURL(/\/shop\/enterprise-card-form\?/);
  await islandsReady(page);
  await page.getByLabel('企业名称').fill('杭州小满贸易有限公司');
  await page.getByLabel('对公账号').fill(accountNo);
  await page.getByLabel('开户银行').selectOption({ label: '中国建设银行' });
  await page.screenshot({ path: screen('enterprise-form'), fullPage: true });
  await page.getByRole('button', { name: '提交', exact: true }).click();
  await expect(page).toHaveURL(/\/shop\/enterprise-card-validate\?.*cardId=\d+/);
  await expect(page.getByRole('heading', { name: '验证企业银行卡' })).toBeVisible();
  await expect(
    page.getByText(`已向 中国建设银行 ${accountNo.slice(0, 4)} **** ****`),
  ).toBeVisible();
  return Number(new URL(page.url()).searchParams.get('cardId'));
}

test('a keeper adds an enterprise account and confirms it with the sandbox amount', async ({
  pageAs,
}) => {
  const page = await pageAs('owner1001');
  const cardId = await addEnterpriseAccount(page, '3301040160000123456');
  const amount = await shownAmount(page);
  // The page shows what the sandbox sent.
  const [bill] = await shop.admin.db
    .select()
    .from(t.sandboxPayoutBills)
    .where(eq(t.sandboxPayoutBills.outBillNo, `VF${cardId}`));
  expect(amount).toBe(formatYuan(bill!.amountCents));
  await page.screenshot({ path: screen('enterprise-validate'), fullPage: true });
  await islandsReady(page);
  await page.getByLabel('到账金额').fill(amount);
  await page.getByRole('button', { name: '提交验证' }).click();
  // 验证成功 is toasted as the page leaves for 银行卡, which lists the account.
  await expect(page).toHaveURL(/\/card\?/);
  const bound = page.locator('[data-bank-card="3301 **** **** 3456"]');
  await expect(bound).toContainText('中国建设银行企业');
  await expect(bound).toContainText('杭州小满贸易有限公司');
  await page.screenshot({ path: screen('cards-enterprise'), fullPage: true });
  const [card] = await shop.admin.db.select().from(t.bankCards).where(eq(t.bankCards.id, cardId));
  expect(card).toMatchObject({ status: 'bound', kind: 'enterprise', userId: ownerId });
  // The enterprise page lists it bound.
  await page.goto(`${shop.url}/shop/enterprise-card?shopId=${SHOP}`);
  const listed = page.locator('[data-enterprise-cards] li', { hasText: '3301 **** **** 3456' });
  await expect(listed).toContainText('杭州小满贸易有限公司');
  await expect(listed).toContainText('已绑定');
  await page.screenshot({ path: screen('enterprise-list'), fullPage: true });
});

test('a wrong amount three times opens 验证失败', async ({ pageAs }) => {
  const page = await pageAs('owner1001');
  const cardId = await addEnterpriseAccount(page, '3301040160000654321');
  const amount = await shownAmount(page);
  const wrong = amount === '0.01' ? '0.02' : '0.01';
  await islandsReady(page);
  const input = page.getByLabel('到账金额');
  for (let i = 0; i < 2; i += 1) {
    await input.fill(wrong);
    await page.getByRole('button', { name: '提交验证' }).click();
    await expect(page.getByRole('status')).toHaveText('验证金额不正确，请核对到账金额');
    await expect(page.getByRole('button', { name: '提交验证' })).toBeEnabled();
    await expect(page.getByRole('status')).toHaveCount(0, { timeout: 10_000 });
  }
  const [twice] = await shop.admin.db.select().from(t.bankCards).where(eq(t.bankCards.id, cardId));
  expect(twice).toMatchObject({ status: 'verifying', verifyTriesLeft: 1 });
  await input.fill(wrong);
  await page.getByRole('button', { name: '提交验证' }).click();
  await expect(page).toHaveURL(/\/shop\/enterprise-card-error\?/);
  await expect(page.getByRole('heading', { name: '验证失败' })).toBeVisible();
  await expect(page.getByText('验证次数已用完，请核对企业对公账户信息后重新绑定。')).toBeVisible();
  await expect(page.getByRole('link', { name: '重新绑定' })).toBeVisible();
  await page.screenshot({ path: screen('enterprise-error'), fullPage: true });
  const [failed] = await shop.admin.db.select().from(t.bankCards).where(eq(t.bankCards.id, cardId));
  expect(failed!.status).toBe('failed');
  // The validate page of the failed card says so.
  await page.goto(`${shop.url}/shop/enterprise-card-validate?shopId=${SHOP}&cardId=${cardId}`);
  await expect(page.getByRole('heading', { name: '验证失败' })).toBeVisible();
  await expect(page.locator('[data-sandbox-amount]')).toHaveCount(0);

  // 重新绑定 with the same account starts a new verification.
  await page.goto(`${shop.url}/shop/enterprise-card-error?shopId=${SHOP}`);
  await page.getByRole('link', { name: '重新绑定' }).click();
  await expect(page).toHaveURL(/\/shop\/enterprise-card-form\?/);
  await islandsReady(page);
  await page.getByLabel('企业名称').fill('杭州小满贸易有限公司');
  await page.getByLabel('对公账号').fill('3301040160000654321');
  await page.getByLabel('开户银行').selectOption({ label: '中国建设银行' });
  await page.getByRole('button', { name: '提交', exact: true }).click();
  await expect(page).toHaveURL(/\/shop\/enterprise-card-validate\?.*cardId=\d+/);
  expect(Number(new URL(page.url()).searchParams.get('cardId'))).not.toBe(cardId);
  await shownAmount(page);
});

test('the enterprise pages ask a shopper to become a keeper', async ({ pageAs }) => {
  const page = await pageAs('consumer');
  await page.goto(`${shop.url}/shop/enterprise-card-form?shopId=${SHOP}`);
  await expect(page.getByRole('heading', { name: '仅店主可使用' })).toBeVisible();
  await expect(page.getByLabel('对公账号')).toHaveCount(0);
});
