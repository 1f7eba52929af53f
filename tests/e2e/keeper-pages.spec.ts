/**
 * A shop keeper's own pages: owner1001 opens 店主中心, names their shop, finds their invitation
 * link, makes a 搭配 that anyone can open with today's prices; a fresh keeper leaves the shop with
 * the SMS code sent to their phone, while the owner is told they cannot.
 */
import { and, desc, eq } from 'drizzle-orm';
import { expect, test, type PgShop } from './fixtures.ts';
import { demoPhones } from '#demo/handles.ts';
import * as t from '#lib/platform/db/schema.ts';
import { givenMember } from '#tests/fixtures/given.ts';
import { freshPhone, userIdFor } from '../fixtures/accounts.ts';

let shop: PgShop;

test.describe.configure({ mode: 'serial' });
test.use({ shopDatabase: 'shop_e2e_keeper_pages' });
test.beforeAll(({ pgShop }) => {
  shop = pgShop;
});

test('the owner names their shop, invites, and shares a 搭配 anyone can open', async ({
  pageAs,
  browser,
}) => {
  const page = await pageAs('owner1001');
  const ownerId = await userIdFor(shop.admin, demoPhones.owner1001);

  await page.goto(`${shop.url}/agent?shopId=1001`);
  await expect(page.locator('[data-keeper-shop-name]')).toHaveText('林店主的小店');
  // The shop's introduction the owner saved in 店铺设置 (store-setting), not 还没有店铺简介.
  const [own] = await shop.admin.db
    .select({ intro: t.shops.intro })
    .from(t.shops)
    .where(eq(t.shops.id, '1001'));
  expect(own!.intro).not.toBe('');
  await expect(page.locator('[data-keeper-intro]')).toHaveText(own!.intro);
  await expect(page.locator('[data-invite-code]')).toHaveText(String(ownerId));
  await expect(page.locator('[data-keeper-money] small')).toHaveText([
    '可提现',
    '待结算',
    '提现中',
  ]);

  await page.getByText('编辑店铺信息').click();
  // The form hydrates once shown: typing before that would be reset.
  await expect(page.getByRole('button', { name: '保存' })).toBeEnabled();
  await page.getByLabel('店铺名称').fill('林家好物🎉铺');
  await page.getByLabel('店铺简介').fill('每天精选，放心买✨');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.locator('[data-keeper-shop-name]')).toHaveText('林家好物铺');
  await expect(page.locator('[data-keeper-intro]')).toHaveText('每天精选，放心买');

  await page.locator('[data-entry="invitation"]').click();
  await expect(page).toHaveURL(/\/invitation\?/);
  await expect(page.locator('[data-invite-code]')).toHaveText(String(ownerId));
  const link = new URL(await page.getByLabel('分享链接').inputValue());
  expect(link.pathname).toBe('/register');
  expect(link.searchParams.get('distributorId')).toBe(String(ownerId));
  expect(link.searchParams.get('shopId')).toBe('1001');

  await page.goto(`${shop.url}/distributorCompose?shopId=1001`);
  const form = page.locator('[data-compose-form]');
  await expect(form.getByRole('button', { name: '保存搭配' })).toBeEnabled();
  await form.getByLabel('搭配名称').fill('周末出游');
  await form.getByLabel('搭配说明').fill('轻便好搭');
  const picks = page.locator('[data-pick]');
  await picks.nth(0).click();
  await picks.nth(1).click();
  await expect(page.locator('[data-compose-picked]')).toContainText('已选 2 件');
  await form.getByRole('button', { name: '保存搭配' }).click();
  const set = page.locator('[data-compose-set]');
  await expect(set).toHaveCount(1);
  await expect(set.locator('strong')).toHaveText('周末出游');
  const shared = new URL(await set.getByLabel('分享链接').inputValue());
  expect(shared.pathname).toBe('/compose');
  expect(shared.searchParams.get('distributorId')).toBe(String(ownerId));

  // A stranger opens the shared 搭配: the keeper's shop name, the products, their total.
  const stranger = await browser.newPage();
  await stranger.goto(shared.href);
  await expect(stranger.locator('[data-compose-title]')).toHaveText('周末出游');
  await expect(stranger.getByText('林家好物铺 的搭配')).toBeVisible();
  await expect(stranger.locator('[data-compose-products] li')).toHaveCount(2);
  await expect(stranger.locator('[data-compose-total]')).toContainText('共 2 件 · 合计 ¥');
  await stranger.close();
});

test('the owner may not unbind from their own shop', async ({ pageAs }) => {
  const page = await pageAs('owner1001');
  await page.goto(`${shop.url}/distributor/unbinding?shopId=1001`);
  await expect(page.locator('[data-unbind-state]')).toHaveText('店长不能解除与本店的绑定');
  await expect(page.locator('[data-unbind-form]')).toHaveCount(0);
});

test('a keeper leaves the shop with the code sent to their phone', async ({ page, context }) => {
  const phone = freshPhone();
  const keeper = await givenMember(shop.admin.db, '1001', { role: 3, phone });
  await shop.admin.db
    .update(t.shopMembers)
    .set({ level: 1, signAgreement: true })
    .where(and(eq(t.shopMembers.shopId, '1001'), eq(t.shopMembers.userId, keeper.id)));
  await shop.signIn(context, phone);

  await page.goto(`${shop.url}/distributor/unbinding?shopId=1001`);
  await expect(page.locator('[data-manager-phone]')).toHaveText('138****0003');
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByText('验证码已发送，请查收')).toBeVisible();
  const sms = await shop.latestSms(phone);
  // A code for leaving this shop, not for logging in (the vendor's template carries the digits).
  const [issued] = await shop.admin.db
    .select({ purpose: t.smsCodes.purpose })
    .from(t.smsCodes)
    .where(eq(t.smsCodes.phone, phone))
    .orderBy(desc(t.smsCodes.id))
    .limit(1);
  expect(issued!.purpose).toBe('unbind:1001');
  await page.getByLabel('验证码').fill(sms.code);
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: '确认解除' }).click();
  await expect(page.getByText('已解除店主绑定')).toBeVisible();
  await expect(page).toHaveURL(/\/my\?/);

  const [member] = await shop.admin.db
    .select({ role: t.shopMembers.role, level: t.shopMembers.level })
    .from(t.shopMembers)
    .where(and(eq(t.shopMembers.shopId, '1001'), eq(t.shopMembers.userId, keeper.id)));
  expect(member).toEqual({ role: 1, level: null });
  expect((await page.goto(`${shop.url}/agent?shopId=1001`))?.status()).toBe(403);
  await page.goto(`${shop.url}/distributor/unbinding?shopId=1001`);
  await expect(page.locator('[data-unbind-state]')).toHaveText(
    '你当前不是本店店主，无需解除绑定。',
  );
});
