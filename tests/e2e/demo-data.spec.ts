/**
 * The demo as the README promises it (issue #26 item 9, decision 037): the owner of 1001 finds
 * the seeded 仅退款 on 售后审核 and approves it; the owner of 1002 has customers bound by link, a
 * wallet with money in every balance and withdrawals, and a room live now.
 */
import { and, eq } from 'drizzle-orm';
import { expect, test, type PgShop } from './fixtures.ts';
import * as t from '#lib/platform/db/schema.ts';
import { demoPhones } from '#demo/handles.ts';
import { formatYuan } from '#lib/platform/money.ts';
import { auditLedger } from '#lib/commission/ledger.server.ts';
import { readWallet } from '#lib/distribution/withdrawals.server.ts';
import { RefundStatus } from '#lib/orders/status.ts';
import { userIdFor } from '../fixtures/accounts.ts';

let shop: PgShop;

test.describe.configure({ mode: 'serial' });
test.use({ shopDatabase: 'shop_e2e_demo_data' });
test.beforeAll(({ pgShop }) => {
  shop = pgShop;
});

test.afterEach(async () => {
  expect(await auditLedger(shop.admin.db)).toEqual([]);
});

test('the owner of 1001 approves the seeded 仅退款 on 售后审核', async ({ pageAs }) => {
  const waiting = await shop.admin.db
    .select({ no: t.afterSales.afterSaleNo, product: t.orderLines.productName })
    .from(t.afterSales)
    .innerJoin(t.orderLines, eq(t.orderLines.id, t.afterSales.orderLineId))
    .where(and(eq(t.afterSales.shopId, '1001'), eq(t.afterSales.status, RefundStatus.UnderReview)));
  expect(waiting).toHaveLength(1);
  const page = await pageAs('owner1001');
  await page.goto(`${shop.url}/shopAfterSales?shopId=1001`);
  await expect(page.getByRole('heading', { name: '售后审核' })).toBeVisible();
  await expect(page.locator('[data-waiting-count]')).toHaveText('1');
  const card = page.locator(`[data-after-sale="${waiting[0]!.no}"]`);
  await expect(card.locator('[data-kind]')).toHaveText('仅退款');
  await card.getByRole('button', { name: `同意：${waiting[0]!.product}` }).click();
  const dialog = page.getByRole('dialog', { name: '同意售后申请' });
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(card).toHaveCount(0);
  await expect(page.locator('[data-waiting-count]')).toHaveText('0');
  const [decided] = await shop.admin.db
    .select({ status: t.afterSales.status })
    .from(t.afterSales)
    .where(eq(t.afterSales.afterSaleNo, waiting[0]!.no));
  expect(decided!.status).toBe(RefundStatus.Approved);
});

test('the owner of 1002 has customers, a wallet, withdrawals and a room live now', async ({
  pageAs,
}) => {
  const page = await pageAs('owner1002');
  await page.goto(`${shop.url}/customer?shopId=1002`);
  await expect(page.locator('[data-customer-count]')).toHaveText('共 3 位客户');
  await expect(page.locator('[data-customers] [data-customer]')).toHaveCount(3);

  const ownerId = await userIdFor(shop.admin, demoPhones.owner1002);
  const { balances } = await readWallet(shop.admin.db, {
    shopId: '1002',
    userId: ownerId,
    pageNum: 1,
    pageSize: 20,
  });
  expect(balances.availableCents).toBeGreaterThan(0);
  expect(balances.pendingCents).toBeGreaterThan(0);
  expect(balances.withdrawingCents).toBeGreaterThan(0);
  await page.goto(`${shop.url}/wallet?shopId=1002`);
  await expect(page.locator('[data-available]')).toHaveText(formatYuan(balances.availableCents));
  await expect(page.locator('[data-pending]')).toHaveText(formatYuan(balances.pendingCents));
  await expect(page.locator('[data-withdrawing]')).toHaveText(
    formatYuan(balances.withdrawingCents),
  );
  await page.getByRole('link', { name: '提现记录' }).click();
  await expect(page.locator('[data-withdrawal] [data-status]')).toHaveText(['审核中', '已到账']);

  await page.goto(`${shop.url}/live-channel?shopId=1002`);
  await expect(page.locator('[data-live-section="living"] [data-live-card]')).toHaveCount(1);
  await expect(page.locator('[data-live-card="L1002001"]')).toContainText('橙子好物 冬日家居直播');
});
