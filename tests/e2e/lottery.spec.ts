/**
 * The lottery as a shopper lives it on a phone (375×667), on the spec's own PostgreSQL database:
 * 拆红包 shows the prizes around the 抽奖 button with the chances left; a draw runs the highlight,
 * stops on the prize and says it in a dialog; the chances go down; the draw is in 中奖记录 and a
 * won coupon in 我的优惠券. 谢谢参与 and used-up chances; a refusal shows the server's message;
 * a visitor is asked to log in; a shop without a lottery shows an empty page; the demo lottery.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test, type PgShop } from './fixtures.ts';
import { LOTTERIES } from '#demo/lottery.ts';
import { freshPhone, userIdFor } from '../fixtures/accounts.ts';
import { givenCoupon, givenLottery, givenShop } from '../fixtures/given.ts';

let shop: PgShop;

test.describe.configure({ mode: 'serial' });
test.use({ shopDatabase: 'shop_e2e_lottery' });
test.beforeAll(({ pgShop }) => {
  shop = pgShop;
});

const screen = (name: string) => `test-results/screens/lottery-${name}-375x667.png`;
const at = (shopId: string, path: string) =>
  `${shop.url}${path}${path.includes('?') ? '&' : '?'}shopId=${shopId}`;
const islandsReady = (page: Page) =>
  page
    .locator('astro-island:not([ssr]), astro-island[client=reach]')
    .first()
    .waitFor({ state: 'attached' });

async function newShopper(context: BrowserContext) {
  const phone = freshPhone();
  const id = await userIdFor(shop.admin, phone, '抽奖顾客');
  await shop.signIn(context, phone);
  return { id, phone };
}

/** Nothing of the page sticks out of the 375 px screen. */
async function expectNoSideScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
}

test('a shopper draws on 拆红包: the prize dialog, chances down, the record in 中奖记录, the coupon in 我的优惠券', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  const owned = await givenShop(shop.admin.db);
  const coupon = await givenCoupon(shop.admin.db, owned.shopId, {
    name: '抽奖满99减10',
    amountCents: 1000,
    thresholdCents: 9900,
    perUserLimit: 5,
  });
  // The coupon carries all the weight: every draw wins it while it lasts.
  await givenLottery(
    shop.admin.db,
    owned.shopId,
    [
      { name: '满99减10元券', weight: 1, couponId: coupon.id, stock: 10 },
      { name: '谢谢参与', weight: 0, consolation: true },
    ],
    { name: '好运抽奖', chancesPerUser: 2 },
  );
  await newShopper(context);

  await page.goto(at(owned.shopId, '/open-envelopes'));
  await expect(page.getByRole('heading', { name: '好运抽奖' })).toBeVisible();
  await expect(page.locator('[data-lottery-cell]')).toHaveCount(8);
  await expect(page.locator('[data-chances-left]')).toHaveText('您还有 2 次抽奖机会');
  await expect(page.getByRole('heading', { name: '活动规则' })).toBeVisible();
  await expectNoSideScroll(page);
  await page.screenshot({ path: screen('grid') });

  await islandsReady(page);
  const go = page.locator('.lottery-go');
  await go.click();
  // The highlight runs around while the answer comes and stops on the prize.
  await expect(page.locator('[data-lottery-cell][data-active]')).toHaveCount(1);
  const dialog = page.getByRole('dialog', { name: '恭喜您抽中' });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await expect(dialog).toContainText('满99减10元券');
  await expect(dialog).toContainText('¥10.00');
  await expect(page.locator('[data-lottery-cell][data-active]')).toHaveAttribute(
    'data-prize-id',
    String((await page.locator('[data-lottery-cell]').first().getAttribute('data-prize-id'))!),
  );
  await expect(page.locator('[data-chances-left]')).toHaveAttribute('data-chances-left', '1');
  await page.screenshot({ path: screen('won') });

  // 去使用: the coupon is in 我的优惠券.
  await dialog.getByRole('link', { name: '去使用' }).click();
  await expect(page).toHaveURL(/\/coupon\?/);
  await expect(page.locator('[data-my-coupon]')).toHaveCount(1);
  await expect(page.locator('[data-my-coupon]')).toContainText('抽奖满99减10');

  // Back on 拆红包 the page says one chance is left; 中奖记录 lists the draw.
  await page.goto(at(owned.shopId, '/open-envelopes'));
  await expect(page.locator('[data-chances-left]')).toHaveText('您还有 1 次抽奖机会');
  await page.getByRole('link', { name: '中奖记录 ›' }).click();
  await expect(page).toHaveURL(/\/lotteryRecords\?/);
  await expect(page.getByRole('heading', { name: '中奖记录' })).toBeVisible();
  const records = page.locator('[data-lottery-record]');
  await expect(records).toHaveCount(1);
  await expect(records.first()).toContainText('满99减10元券');
  await expect(records.first()).toContainText('好运抽奖');
  await expectNoSideScroll(page);
  await page.screenshot({ path: screen('records') });
  await records
    .first()
    .getByRole('link', { name: /查看：满99减10元券/ })
    .click();
  await expect(page).toHaveURL(/\/coupon\?/);
});

test('谢谢参与 and used-up chances; a refusal shows the server’s message', async ({
  page,
  context,
}) => {
  const owned = await givenShop(shop.admin.db);
  const lottery = await givenLottery(
    shop.admin.db,
    owned.shopId,
    [
      { name: '一等奖', weight: 0, stock: 1 },
      { name: '谢谢参与', weight: 1, consolation: true },
    ],
    { chancesPerUser: 2 },
  );
  await newShopper(context);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(at(owned.shopId, '/open-envelopes'));
  await islandsReady(page);
  await expect(page.locator('[data-chances-left]')).toHaveAttribute('data-chances-left', '2');

  await page.locator('.lottery-go').click();
  const dialog = page.getByRole('dialog', { name: '谢谢参与' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('很遗憾，这次没有抽中');
  await page.screenshot({ path: screen('missed') });
  await expect(dialog.getByRole('button', { name: '再抽一次' })).toBeVisible();
  await dialog.getByRole('button', { name: '关闭' }).click();
  await expect(dialog).toBeHidden();

  // The last chance is spent elsewhere (another tab): the page still offers one, the server refuses.
  const answer = await page.request.post(
    `${shop.url}/api/spweb/lottery/lottery?shopBizCode=${owned.shopId}`,
    { data: { lotteryNo: lottery.lotteryNo } },
  );
  expect((await answer.json()).code).toBe(0);
  await page.locator('.lottery-go').click();
  await expect(page.locator('#shell-toast')).toHaveText('抽奖次数已用完');
  await expect(page.locator('[data-chances-left]')).toHaveText('抽奖次数已用完，感谢参与');
  await expect(page.locator('.lottery-go')).toBeDisabled();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Unknown keys are refused by the contract.
  const odd = await page.request.post(
    `${shop.url}/api/spweb/lottery/lottery?shopBizCode=${owned.shopId}`,
    { data: { lotteryNo: lottery.lotteryNo, prizeId: 1 } },
  );
  expect((await odd.json()).success).toBe(false);
  // Two 谢谢参与 records.
  await page.goto(at(owned.shopId, '/lotteryRecords'));
  await expect(page.locator('[data-lottery-record][data-kind="none"]')).toHaveCount(2);
  await expect(page.locator('[data-lottery-record]').first()).toContainText('未中奖');
});

test('a visitor is asked to log in; a shop without a lottery has an empty 拆红包 and 中奖记录', async ({
  page,
  context,
}) => {
  const empty = await givenShop(shop.admin.db);
  await page.goto(at(empty.shopId, '/lotteryRecords'));
  await expect(page.getByRole('heading', { name: '登录后查看中奖记录' })).toBeVisible();
  await expect(page.getByRole('link', { name: '去登录' })).toHaveAttribute('href', /\/login_web\?/);
  await page.screenshot({ path: screen('records-visitor') });
  // 拆红包 needs a login.
  await page.goto(at(empty.shopId, '/open-envelopes'));
  await expect(page).toHaveURL(/\/login_web\?/);

  await newShopper(context);
  await page.goto(at(empty.shopId, '/open-envelopes'));
  await expect(page.getByRole('heading', { name: '暂无进行中的抽奖活动' })).toBeVisible();
  await page.screenshot({ path: screen('none') });
  await page.getByRole('link', { name: '查看中奖记录' }).click();
  await expect(page.getByText('还没有抽奖记录，去拆个红包试试手气吧')).toBeVisible();
  // The API says the same: no lottery open, no records.
  const config = await page.request.post(
    `${shop.url}/api/spweb/lottery/searchConfig?shopBizCode=${empty.shopId}`,
    { data: {} },
  );
  expect(await config.json()).toMatchObject({ code: 0, data: null });
  const records = await page.request.get(
    `${shop.url}/api/spweb/lottery/lotteryRecords?shopBizCode=${empty.shopId}`,
  );
  expect((await records.json()).data).toEqual({ list: [], total: 0, pageNum: 1, pageSize: 20 });
});

test('the demo shop’s 幸运抽奖: eight cells, three chances, the rules, and its config for a visitor', async ({
  page,
  context,
}) => {
  const config = await page.request.post(
    `${shop.url}/api/spweb/lottery/searchConfig?shopBizCode=1001`,
    {
      data: {},
    },
  );
  const body = await config.json();
  expect(body.data).toMatchObject({
    lotteryNo: LOTTERIES['1001'].lucky,
    name: '幸运抽奖',
    chances: { left: 3, used: 0 },
    signedIn: false,
  });
  expect(JSON.stringify(body.data)).not.toMatch(/weight|stock|won/);

  await newShopper(context);
  await page.goto(at('1001', '/open-envelopes'));
  await expect(page.getByRole('heading', { name: '幸运抽奖' })).toBeVisible();
  await expect(page.locator('[data-lottery-cell]')).toHaveCount(8);
  await expect(page.locator('[data-lottery-cell]').filter({ hasText: '谢谢参与' })).toHaveCount(4);
  await expect(page.locator('[data-chances-left]')).toHaveText('您还有 3 次抽奖机会');
  await expect(page.getByText('活动期间每位用户可抽奖 3 次')).toBeVisible();
  await expectNoSideScroll(page);
  await page.screenshot({ path: screen('demo'), fullPage: true });
  // A draw of the demo lottery wins one of its prizes, whichever the dice say.
  await islandsReady(page);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.locator('.lottery-go').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.locator('[data-chances-left]')).toHaveAttribute('data-chances-left', '2');
});
