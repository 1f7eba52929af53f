/**
 * Finish, as a shopper would notice it (issue #28): 立即领取 in the product page's 领券 sheet
 * answers at once (a toast above the sheet, the button turned to 去使用); order detail shows no
 * 优惠 -¥0.00; the manager's 我的 has its tab lit; the desktop cashier keeps a phone's column;
 * and no paragraph leaves a lone character on its last line (有/效, 打/开) on narrow phones.
 */
import { and, eq, gt } from 'drizzle-orm';
import type { Page } from '@playwright/test';
import { expect, test, type PgShop } from './fixtures.ts';
import * as t from '#lib/platform/db/schema.ts';
import { seedHandles } from '#demo/handles.ts';
import { freshPhone, switchAccount, userIdFor } from '../fixtures/accounts.ts';

let shop: PgShop;

test.describe.configure({ mode: 'serial' });
test.use({ shopDatabase: 'shop_e2e_finish' });
test.beforeAll(({ pgShop }) => {
  shop = pgShop;
});

const SHOP = seedHandles.shop1001;
const screen = (name: string) => `test-results/screens/finish-${name}.png`;
const at = (path: string) => `${shop.url}${path}${path.includes('?') ? '&' : '?'}shopId=1001`;

test('立即领取 in the 领券 sheet shows 领取成功 above the sheet and turns to 去使用, even for a coupon one may draw twice', async ({
  page,
  context,
}) => {
  const phone = freshPhone();
  await userIdFor(shop.admin, phone, '领券顾客');
  await shop.signIn(context, phone);
  const product = SHOP.sales.senyeRunning.products[0]!;
  await page.goto(at(`/productDetail?productNo=${product.productNo}`));
  await page.locator('[data-coupons-row]').click();
  const sheet = page.getByRole('dialog', { name: '领券' });
  // 森野品牌券 allows two per shopper: the server would still say 立即领取 after one.
  const draw = sheet.getByRole('button', { name: '立即领取：森野品牌券' });
  await draw.click();

  const toast = page.getByRole('status').filter({ hasText: '领取成功' });
  await expect(toast).toBeVisible();
  // Seen, not only present: the toast is what the screen shows at its centre, over the sheet.
  const onTop = await toast.evaluate((node) => {
    const box = node.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && node.contains(hit);
  });
  expect(onTop).toBe(true);
  await expect(sheet.getByRole('link', { name: '去使用：森野品牌券' })).toBeVisible();
  await expect(draw).toHaveCount(0);
  await page.screenshot({ path: screen('coupon-sheet-drawn-375x667') });
});

test('order detail shows 优惠 only when there was a discount', async ({ page, context }) => {
  const { id: consumerId } = await shop.signIn(context, 'consumer');
  const [plain] = await shop.admin.db
    .select({ orderNo: t.orders.orderNo })
    .from(t.orders)
    .where(and(eq(t.orders.userId, consumerId), eq(t.orders.discountCents, 0)))
    .limit(1);
  await page.goto(at(`/orderDetail?orderNo=${plain!.orderNo}`));
  const amounts = page.locator('dl.amounts');
  await expect(amounts).toContainText('商品金额');
  await expect(amounts).not.toContainText('优惠');
  await expect(amounts).not.toContainText('-¥0.00');

  const [discounted] = await shop.admin.db
    .select({ orderNo: t.orders.orderNo, shopId: t.orders.shopId })
    .from(t.orders)
    .where(gt(t.orders.discountCents, 0))
    .limit(1);
  if (discounted) {
    const [owner] = await shop.admin.db
      .select({ userId: t.orders.userId })
      .from(t.orders)
      .where(eq(t.orders.orderNo, discounted.orderNo));
    const [user] = await shop.admin.db
      .select({ phone: t.users.phone })
      .from(t.users)
      .where(eq(t.users.id, owner!.userId));
    await switchAccount(shop.admin, shop.url, context, user!.phone!);
    await page.goto(
      `${shop.url}/orderDetail?orderNo=${discounted.orderNo}&shopId=${discounted.shopId}`,
    );
    await expect(page.locator('dl.amounts')).toContainText(/优惠\s*-¥\d+\.\d\d/);
  }
});

test('the manager’s 我的 lights the 设置 tab, which stands in for it', async ({
  page,
  context,
}) => {
  await shop.signIn(context, 'manager1001');
  await page.goto(at('/my'));
  const tabs = page.getByRole('navigation', { name: '主导航' });
  await expect(tabs.getByRole('link', { name: '设置' })).toHaveAttribute('aria-current', 'page');
  await expect(tabs.locator('[aria-current]')).toHaveCount(1);
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1366, height: 768 }, isMobile: false, hasTouch: false });

  test('the cashier keeps a phone’s column, its pay bar too', async ({ page, context }) => {
    await shop.signIn(context, 'consumer');
    await page.goto(at('/order?status=10'));
    await page.getByRole('link', { name: '去支付' }).first().click();
    await expect(page).toHaveURL(/\/checkout\?/);
    const cashier = page.locator('.cashier');
    await expect(cashier).toBeVisible();
    for (const part of [cashier, page.locator('[data-bottom-bar]')]) {
      const box = (await part.boundingBox())!;
      expect(box.width).toBeLessThanOrEqual(750);
      // Centred: as much room on either side.
      expect(Math.abs(box.x - (1366 - box.x - box.width))).toBeLessThan(2);
    }
    await page.screenshot({ path: screen('cashier-1366x768') });
  });
});

/**
 * Texts whose last line is one lone Chinese character (a vertical ribbon, one character a line,
 * is no paragraph): what each holds, line by line.
 */
function orphans(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const holders = [...document.body.querySelectorAll<HTMLElement>('*')].filter((el) =>
      [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim()),
    );
    for (const el of holders) {
      const lines: { top: number; chars: string }[] = [];
      for (const node of el.childNodes) {
        if (node.nodeType !== Node.TEXT_NODE) continue;
        const text = node as Text;
        for (let i = 0; i < text.length; i += 1) {
          if (!text.data[i]!.trim()) continue;
          const range = document.createRange();
          range.setStart(text, i);
          range.setEnd(text, i + 1);
          const rect = range.getClientRects()[0];
          if (!rect || rect.width === 0) continue;
          const last = lines.at(-1);
          if (last && Math.abs(last.top - rect.top) < 4) last.chars += text.data[i];
          else lines.push({ top: rect.top, chars: text.data[i]! });
        }
      }
      const end = lines.at(-1);
      if (
        end &&
        lines.length > 1 &&
        lines.some((line) => [...line.chars].length > 1) &&
        [...end.chars].length === 1 &&
        /\p{Script=Han}/u.test(end.chars)
      )
        found.push(lines.map((line) => line.chars).join(' / '));
    }
    return found;
  });
}

for (const width of [320, 360, 375]) {
  test.describe(`${width} px wide`, () => {
    test.use({ viewport: { width, height: 667 } });

    test('no text leaves a lone character on its last line', async ({ page, context }) => {
      test.setTimeout(120_000);
      await shop.signIn(context, 'consumer');
      const pages = [
        '/index',
        '/cart',
        '/order',
        '/coupon',
        '/coupon-center',
        '/my',
        `/productDetail?productNo=${SHOP.sales.senyeRunning.products[0]!.productNo}`,
        '/insuranceExplain',
        '/orderPosterEnv',
        '/addressList',
      ];
      const found: string[] = [];
      for (const path of pages) {
        await page.goto(at(path));
        await page.waitForLoadState('networkidle');
        for (const orphan of await orphans(page)) found.push(`${path}: ${orphan}`);
      }
      expect(found).toEqual([]);
    });
  });
}
