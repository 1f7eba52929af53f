/**
 * The host starts and ends the live (issue #16, decisions 027/028): the shop's owner opens the
 * preheat room L1001002, taps 开始直播, confirms the early start (the dialog says when the room was
 * announced for) and lands in the living room; a shopper who 预约'd it sees
 * 你预约的直播「…」开始啦 once on home and it opens the room; the owner taps 结束直播, confirms, and
 * the shopper's room moves to the replay by itself. A private shop database: L1001002 changes.
 */
import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { test, expect, type PgShop } from './fixtures.ts';
import type { DemoRole } from '#demo/handles.ts';
import * as t from '#lib/platform/db/schema.ts';
import { saleEndFormat } from '#lib/platform/time.ts';

test.describe.configure({ mode: 'serial' });
test.use({ shopDatabase: 'shop_e2e_live_host' });

const LIVE_NO = 'L1001002';
const contexts: BrowserContext[] = [];
test.afterAll(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

/** A phone of its own, signed in as `who`. */
async function phone(browser: Browser, pgShop: PgShop, who: DemoRole): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 375, height: 667 },
    isMobile: true,
    hasTouch: true,
  });
  contexts.push(context);
  await pgShop.signIn(context, who);
  return context.newPage();
}

const at = (pgShop: PgShop, path: string) =>
  `${pgShop.url}${path}${path.includes('?') ? '&' : '?'}shopId=1001`;
const reminder = (page: Page) => page.locator(`[data-live-reminder="${LIVE_NO}"]`);

let owner: Page;
let shopper: Page;
let title: string;

test('a shopper 预约s; the owner starts the live from the preheat page', async ({
  browser,
  pgShop,
}) => {
  const [room] = await pgShop.admin.db
    .select({
      title: t.liveRooms.title,
      status: t.liveRooms.liveStatus,
      startAt: t.liveRooms.startAt,
    })
    .from(t.liveRooms)
    .where(eq(t.liveRooms.liveNo, LIVE_NO));
  expect(room!.status).toBe(10);
  title = room!.title;

  shopper = await phone(browser, pgShop, 'consumer');
  await shopper.goto(at(pgShop, `/live-preheat?liveNo=${LIVE_NO}`));
  // Only the host starts a live.
  await expect(shopper.getByRole('button', { name: '开始直播' })).toHaveCount(0);
  const remind = shopper.locator('[data-remind]');
  if ((await remind.textContent())?.trim() !== '已预约') await remind.click();
  await expect(remind).toHaveText('已预约');
  // Not live yet: nothing to remind of.
  await shopper.goto(at(pgShop, '/index'));
  await expect(shopper.locator('[data-live-reminder]')).toHaveCount(0);

  owner = await phone(browser, pgShop, 'owner1001');
  await owner.goto(at(pgShop, `/live-preheat?liveNo=${LIVE_NO}`));
  // The room is announced for later: 开始直播 asks first and says when it was to start.
  expect(room!.startAt.getTime()).toBeGreaterThan(Date.now());
  const scheduled = saleEndFormat.format(room!.startAt);
  await owner.getByRole('button', { name: '开始直播' }).click();
  const confirm = owner.getByRole('dialog', { name: '现在开始直播？' });
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText(`本场直播预告于${scheduled}开播，现在开始将提前开播。`);
  // 取消 starts nothing.
  await confirm.getByRole('button', { name: '取消' }).click();
  await expect(confirm).toBeHidden();
  // (A start would disable the button until the page moved to the room.)
  await expect(owner.getByRole('button', { name: '开始直播' })).toBeEnabled();
  await expect(owner).toHaveURL(/\/live-preheat\?/);
  const [still] = await pgShop.admin.db
    .select({ status: t.liveRooms.liveStatus })
    .from(t.liveRooms)
    .where(eq(t.liveRooms.liveNo, LIVE_NO));
  expect(still!.status).toBe(10);
  await owner.getByRole('button', { name: '开始直播' }).click();
  await confirm.getByRole('button', { name: '确定开播' }).click();
  await expect(owner).toHaveURL(new RegExp(`/living\\?.*liveNo=${LIVE_NO}`));
  await expect(owner.locator('[data-live-room][data-connected]')).toBeAttached();
  await expect(owner.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(owner.getByRole('button', { name: '结束直播' })).toBeVisible();

  // This room has no coupon to hand out: 发券 says so, and nothing fails in the page.
  const errors: string[] = [];
  owner.on('pageerror', (error) => errors.push(error.message));
  await owner.getByRole('button', { name: '发券' }).click();
  await expect(owner.locator('#shell-toast')).toHaveText('本场直播没有可发放的优惠券');
  // A refusal left unhandled is reported at the end of the task it failed in: one more task
  // in the page comes after that report.
  await owner.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
  expect(errors).toEqual([]);
});

test('the shopper sees the reminder once on home, and it opens the room', async ({ pgShop }) => {
  await shopper.goto(at(pgShop, '/index'));
  await expect(reminder(shopper)).toBeVisible();
  await expect(reminder(shopper).getByRole('link')).toHaveText(
    `你预约的直播「${title}」开始啦 去看看 ›`,
  );
  await reminder(shopper).getByRole('link').click();
  await expect(shopper).toHaveURL(new RegExp(`/living\\?.*liveNo=${LIVE_NO}`));
  await expect(shopper.locator('[data-live-room][data-connected]')).toBeAttached();
  // Once: home again shows no reminder.
  await shopper.goto(at(pgShop, '/index'));
  await expect(shopper.locator('[data-live-window]')).toBeAttached();
  await expect(shopper.locator('[data-live-reminder]')).toHaveCount(0);
  // Only the host ends a live.
  await shopper.goto(at(pgShop, `/living?liveNo=${LIVE_NO}`));
  await expect(shopper.locator('[data-live-room][data-connected]')).toBeAttached();
  await expect(shopper.getByRole('button', { name: '结束直播' })).toHaveCount(0);
});

test("the owner ends the live and the shopper's room moves to the replay by itself", async () => {
  await owner.getByRole('button', { name: '结束直播' }).click();
  const confirm = owner.getByRole('dialog', { name: '结束直播？' });
  await expect(confirm).toBeVisible();
  // 取消 changes nothing.
  await confirm.getByRole('button', { name: '取消' }).click();
  await expect(confirm).toBeHidden();
  await expect(owner).toHaveURL(/\/living\?/);
  await owner.getByRole('button', { name: '结束直播' }).click();
  await confirm.getByRole('button', { name: '确定结束' }).click();

  await expect(shopper).toHaveURL(new RegExp(`/live-review\\?.*liveNo=${LIVE_NO}`));
  await expect(shopper.locator('[data-replay]')).toHaveAttribute('data-replay', /\/vod\.m3u8$/);
  await expect(owner).toHaveURL(new RegExp(`/live-review\\?.*liveNo=${LIVE_NO}`));
});
