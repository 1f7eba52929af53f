/**
 * Logistics as Kuaidi100 pushes it, on a phone (375×667), on the spec's own database: the owner
 * of shop 1001 ships a paid order with a tracking number (发货 subscribes it at the Kuaidi100
 * sandbox of this server); the parcel's days pass (its shipping time is moved back), the
 * sandbox pushes the traces to the shop's callback, and the shopper sees them on 物流详情.
 */
import { eq } from 'drizzle-orm';
import { expect, test, type PgShop } from './fixtures.ts';
import { demoPhones } from '#demo/handles.ts';
import * as t from '#lib/platform/db/schema.ts';
import { freshPhone, switchAccount, userIdFor } from '../fixtures/accounts.ts';
import { givenOrder } from '../fixtures/given.ts';

let shop: PgShop;
test.use({ shopDatabase: 'shop_e2e_logistics' });
test.beforeAll(({ pgShop }) => {
  shop = pgShop;
});

const SHOP = '1001';
const DAY = 86_400_000;

test('the owner ships with a tracking number; the shopper sees the pushed traces', async ({
  page,
  context,
}) => {
  const owner = await userIdFor(shop.admin, demoPhones.owner1001);
  const buyerPhone = freshPhone();
  const buyer = await userIdFor(shop.admin, buyerPhone, '物流顾客');
  const paid = await givenOrder(shop.admin.db, {
    shopId: SHOP,
    userId: buyer,
    status: 20,
    productName: '羊绒围巾',
    distributorId: owner,
  });

  await shop.signIn(context, demoPhones.owner1001);
  await page.goto(`${shop.url}/distributorOrderDetail?shopId=${SHOP}&orderNo=${paid.orderNo}`);
  const form = page.getByRole('form', { name: '发货' });
  await form.getByRole('combobox', { name: '快递公司' }).selectOption('ZTO');
  await form.getByRole('textbox', { name: '快递单号' }).fill('ZT7000000001');
  await form.getByRole('button', { name: '确认发货' }).click();
  await expect(page.getByRole('heading', { name: '已发货' })).toBeVisible();

  // 发货 subscribed the number at the sandbox, with this shop's callback.
  const [watched] = await shop.admin.db
    .select()
    .from(t.sandboxKuaidi100Subscriptions)
    .where(eq(t.sandboxKuaidi100Subscriptions.number, 'ZT7000000001'));
  expect(watched).toMatchObject({ company: 'zhongtong', status: 'polling' });
  expect(watched!.callbackUrl).toMatch(/\/api\/order\/logistics\/kuaidi100\/notify$/);

  // Three days pass for the parcel: the sandbox's push loop pushes everything up to 签收.
  await shop.admin.db
    .update(t.orders)
    .set({ shippedAt: new Date(Date.now() - 3 * DAY) })
    .where(eq(t.orders.id, paid.id));
  await shop.admin.db
    .update(t.sandboxKuaidi100Subscriptions)
    .set({ nextPushAt: new Date() })
    .where(eq(t.sandboxKuaidi100Subscriptions.id, watched!.id));

  await switchAccount(shop.admin, shop.url, context, buyerPhone);
  const traces = page.locator('[data-traces] li');
  await expect(async () => {
    await page.goto(`${shop.url}/logisticsDetail?shopId=${SHOP}&orderNo=${paid.orderNo}`);
    await expect(traces).toHaveCount(9, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.locator('[data-carrier]')).toHaveText('中通快递');
  await expect(page.locator('[data-tracking-no]')).toHaveText('ZT7000000001');
  await expect(traces.first()).toContainText('已签收');
  await expect(traces.first()).toContainText('感谢使用中通快递');
  await expect(traces.last()).toContainText('中通快递 已揽收');
  await page.screenshot({ path: 'test-results/screens/logistics-pushed-375x667.png' });

  // 签收 started the completion clock: the shop's autoCompleteDays from the signing.
  const [shopRow] = await shop.admin.db
    .select({ days: t.shops.autoCompleteDays })
    .from(t.shops)
    .where(eq(t.shops.id, SHOP));
  const [parcel] = await shop.admin.db
    .select({ signedAt: t.logistics.signedAt, state: t.logistics.state })
    .from(t.logistics)
    .where(eq(t.logistics.orderId, paid.id));
  expect(parcel!.state).toBe('3');
  const [row] = await shop.admin.db
    .select({ autoCompleteAt: t.orders.autoCompleteAt })
    .from(t.orders)
    .where(eq(t.orders.id, paid.id));
  expect(row!.autoCompleteAt).toEqual(new Date(parcel!.signedAt!.getTime() + shopRow!.days * DAY));
});
