/**
 * After-sale as the shopper and the shop owner live it, on a phone (375×667), each test in a
 * shop of its own (givenShop) with fresh shoppers, on the spec's own PostgreSQL database:
 *
 * - a paid order (paid through createPayment and the sandbox gateway): 申请售后 from the order,
 *   仅退款 with a reason, a description and a photo → 退款审核中; the owner's 售后审核 shows it,
 *   同意 → the shopper's after-sale reaches 退款成功 through the gateway's refund;
 * - refused with a reason → 退款失败 and the reason; the shopper applies again;
 * - 退货退款 on a shipped order: approved, the return parcel entered, the owner's 确认收货并退款;
 * - nobody else reads the photos (404) or the after-sale (40413).
 */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test, type PgShop, islandsHydrated } from './fixtures.ts';
import * as t from '#lib/platform/db/schema.ts';
import { freshPhone, switchAccount, userIdFor } from '../fixtures/accounts.ts';
import {
  givenMember,
  givenOrder,
  givenPaidOrder,
  givenProduct,
  givenSale,
  givenShop,
} from '../fixtures/given.ts';

let shop: PgShop;

test.describe.configure({ mode: 'serial' });
test.use({ shopDatabase: 'shop_e2e_after_sale' });
test.beforeAll(({ pgShop }) => {
  shop = pgShop;
});

const screen = (name: string) => `test-results/screens/after-sale-${name}-375x667.png`;

/** The screen as the shopper sees it at the top of the page and at its end. */
async function shoot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: screen(name) });
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.screenshot({ path: screen(`${name}-end`) });
}

/** A shop of the test's own with one product on sale, its owner and their phone. */
async function newShop(productName: string) {
  const given = await givenShop(shop.admin.db);
  const sale = await givenSale(shop.admin.db, given.shopId, { title: '售后测试特卖' });
  await givenProduct(shop.admin.db, sale, { name: productName, priceCents: 12_900 });
  return given;
}

/** A shopper of their own, signed into the context; answers the session token too. */
async function newShopper(context: BrowserContext) {
  const phone = freshPhone();
  await userIdFor(shop.admin, phone, '售后顾客');
  const { id, token } = await shop.signIn(context, phone);
  return { id, phone, token };
}

/** The context signed in as `phone` instead of whoever was. */
async function switchTo(context: BrowserContext, phone: string) {
  await switchAccount(shop.admin, shop.url, context, phone);
}

const at = (shopId: string, path: string) =>
  `${shop.url}${path}${path.includes('?') ? '&' : '?'}shopId=${shopId}`;

/** A small real picture, as a phone would hand it over. */
const photo = () =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: '#d9534f' } })
    .png()
    .toBuffer();

/** Chooses photos on the 申请售后 form and waits until each is stored. */
async function addPhotos(page: Page, photos: Buffer[], expected: number) {
  await page
    .getByLabel('上传凭证图片')
    .setInputFiles(
      photos.map((buffer, i) => ({ name: `photo-${i + 1}.png`, mimeType: 'image/png', buffer })),
    );
  await expect(page.locator('[data-photo]')).toHaveCount(expected);
  await expect(page.locator('[data-photo="uploading"]')).toHaveCount(0);
}

/** Fills the 申请售后 form (reason, description, photos) and submits it; answers its number. */
async function applyOnPage(
  page: Page,
  input: { reason: string; description?: string; photos?: Buffer[]; screenshot?: string },
): Promise<string> {
  // The form is an island: a choice made before it hydrates would be reset by it.
  await islandsHydrated(page);
  await page.getByRole('radio', { name: input.reason }).check();
  if (input.description) {
    await page.getByLabel('问题描述').fill(input.description);
    await expect(page.locator('[data-description-count]')).toHaveText(
      `${input.description.length}/200`,
    );
  }
  if (input.photos?.length) {
    await addPhotos(
      page,
      input.photos,
      (await page.locator('[data-photo]').count()) + input.photos.length,
    );
  }
  if (input.screenshot) await shoot(page, input.screenshot);
  await page.getByRole('button', { name: '提交申请' }).click();
  await page.waitForURL(/\/afterSaleDetail\?/);
  return new URL(page.url()).searchParams.get('afterSaleNo')!;
}

/**
 * Texts and controls of the page under something fixed at the bottom (the page's own bar, the
 * floating back icon and helpers, their band): none, once scrolled to the page's end.
 */
function coveredAtEnd(): string[] {
  const shown = (el: Element) => el.getClientRects().length > 0;
  const fixed = [
    ...document.querySelectorAll('[data-bottom-bar], .float-back, .float-btn, .float-dock'),
  ].filter(shown);
  const overlaps = (a: DOMRect, b: DOMRect) =>
    a.right > b.left && a.left < b.right && a.bottom > b.top + 1 && a.top < b.bottom - 1;
  const covered: string[] = [];
  const check = (node: Node, rect: DOMRect, what: string) => {
    if (rect.width === 0 || rect.height === 0) return;
    const over = fixed.find((f) => !f.contains(node) && overlaps(rect, f.getBoundingClientRect()));
    if (over) covered.push(`${what} under ${over.className}`);
  };
  const main = document.querySelector('main')!;
  const texts = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
  for (let node = texts.nextNode(); node; node = texts.nextNode()) {
    if (!node.textContent!.trim()) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const rect of range.getClientRects()) check(node, rect, node.textContent!.trim());
  }
  for (const control of main.querySelectorAll('a, button, input, select, textarea, img')) {
    if (shown(control))
      check(control, control.getBoundingClientRect(), control.outerHTML.slice(0, 80));
  }
  return covered;
}

async function expectNothingCovered(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  // The top button follows scrolling after the shell's 500 ms throttle.
  await page.waitForTimeout(600);
  expect(await page.evaluate(coveredAtEnd), page.url()).toEqual([]);
}

test('a paid order: 仅退款 with a photo, the owner agrees, the money comes back', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  const owned = await newShop('真丝围巾');
  const me = await newShopper(context);
  const paid = await givenPaidOrder(shop.admin.db, {
    shopUrl: shop.url,
    sessionToken: me.token,
    shopId: owned.shopId,
    userId: me.id,
    priceCents: 12_900,
    productName: '真丝围巾',
  });

  await page.goto(at(owned.shopId, `/orderDetail?orderNo=${paid.orderNo}`));
  await page.getByRole('link', { name: '申请退款：真丝围巾' }).click();
  await expect(page.getByRole('heading', { name: '申请售后' })).toBeVisible();
  await expect(page.locator('[data-kind]')).toHaveText('仅退款');
  await expect(page.locator('[data-amount]')).toHaveText('¥129.00');
  await expect(page.getByRole('radio')).toHaveCount(5);

  // Two chosen, one taken back: one is sent with the application.
  await addPhotos(page, [await photo(), await photo()], 2);
  await page.getByRole('button', { name: '删除凭证图片2' }).click();
  await expect(page.locator('[data-photo]')).toHaveCount(1);
  const afterSaleNo = await applyOnPage(page, {
    reason: '拍错/多拍',
    description: '颜色拍错了，想要藏青色',
    screenshot: 'apply-photo',
  });
  await expect(page.locator('[data-after-sale-status]')).toHaveText('退款审核中');
  await expect(page.locator('[data-reason]')).toHaveText('拍错/多拍');
  await expect(page.locator('[data-description]')).toHaveText('颜色拍错了，想要藏青色');
  const shown = page.getByRole('img', { name: '凭证图片1' });
  await expect(shown).toBeVisible();
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
  await shoot(page, 'detail-review');

  // The order shows where it stands and leads to it.
  await page.goto(at(owned.shopId, `/orderDetail?orderNo=${paid.orderNo}`));
  await expect(page.locator('[data-refund-status]')).toHaveText('退款审核中');
  await expect(page.getByRole('link', { name: '申请退款：真丝围巾' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: '查看售后：真丝围巾' })).toHaveAttribute(
    'href',
    new RegExp(`afterSaleNo=${afterSaleNo}`),
  );

  // The owner, from the promotion orders' header to 售后审核.
  await switchTo(context, owned.ownerPhone);
  await page.goto(at(owned.shopId, '/distributorOrder'));
  await page.locator('[data-after-sale-audit]').click();
  await expect(page.getByRole('heading', { name: '售后审核' })).toBeVisible();
  await expect(page.locator('[data-waiting-count]')).toHaveText('1');
  const card = page.locator(`[data-after-sale="${afterSaleNo}"]`);
  await expect(card).toContainText(paid.orderNo);
  await expect(card).toContainText('真丝围巾');
  await expect(card.locator('[data-kind]')).toHaveText('仅退款');
  await expect(card).toContainText('¥129.00');
  await expect(card.locator('[data-reason]')).toHaveText('拍错/多拍');
  await expect(card.locator('[data-description]')).toHaveText('颜色拍错了，想要藏青色');
  const ownerSees = card.getByRole('img', { name: '凭证图片1' });
  await expect
    .poll(() => ownerSees.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBe(320);
  await shoot(page, 'shop-review');

  await card.getByRole('button', { name: '同意：真丝围巾' }).click();
  const dialog = page.getByRole('dialog', { name: '同意售后申请' });
  await expect(dialog).toContainText('¥129.00');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(card).toHaveCount(0);
  await expect(page.locator('[data-waiting-count]')).toHaveText('0');

  // The refund goes through the gateway: 审核通过，退款中 until its REFUND.SUCCESS arrives.
  await switchTo(context, me.phone);
  await page.goto(at(owned.shopId, `/afterSaleDetail?afterSaleNo=${afterSaleNo}`));
  await expect(page.locator('[data-after-sale-status]')).toHaveText(
    /^(审核通过，退款中|退款成功)$/,
  );
  await expect
    .poll(
      async () => {
        await page.reload();
        return page.locator('[data-after-sale-status]').innerText();
      },
      { timeout: 100_000, intervals: [1_000] },
    )
    .toBe('退款成功');
  await expect(page.locator('[data-after-sale-steps]')).toContainText('退款成功，款项已原路退回');
  await shoot(page, 'detail-refunded');
});

test('refused with a reason: 退款失败 with it, and the shopper applies again', async ({
  page,
  context,
}) => {
  const owned = await newShop('纯棉睡衣');
  const me = await newShopper(context);
  // Refusing moves no money: an order as the gateway would have left it will do.
  const paid = await givenOrder(shop.admin.db, {
    shopId: owned.shopId,
    userId: me.id,
    status: 20,
    priceCents: 8_800,
    productName: '纯棉睡衣',
  });

  await page.goto(at(owned.shopId, `/orderDetail?orderNo=${paid.orderNo}`));
  await page.screenshot({ path: screen('order-entry') });
  await page.getByRole('link', { name: '申请退款：纯棉睡衣' }).click();
  await expect(page.locator('[data-amount]')).toHaveText('¥88.00');
  // Nothing is sent without a reason.
  await page.getByRole('button', { name: '提交申请' }).click();
  await expect(page.locator('#shell-toast')).toHaveText('请选择售后原因');
  await page.screenshot({ path: screen('apply') });
  await expectNothingCovered(page);
  // Six photos at most: a seventh is left out, and the picker goes.
  const seven = await Promise.all(Array.from({ length: 7 }, () => photo()));
  await addPhotos(page, seven, 6);
  await expect(page.locator('#shell-toast')).toHaveText('最多上传6张图片');
  await expect(page.getByLabel('上传凭证图片')).toHaveCount(0);
  for (let left = 6; left > 0; left -= 1) {
    await page.getByRole('button', { name: `删除凭证图片${left}` }).click();
  }
  await expect(page.locator('[data-photo]')).toHaveCount(0);
  const first = await applyOnPage(page, { reason: '不想要了' });

  await switchTo(context, owned.ownerPhone);
  await page.goto(at(owned.shopId, '/shopAfterSales'));
  const card = page.locator(`[data-after-sale="${first}"]`);
  await expect(card.locator('[data-after-sale-status]')).toHaveText('退款审核中');
  await page.screenshot({ path: screen('shop-list') });
  await expectNothingCovered(page);
  await card.getByRole('button', { name: '拒绝：纯棉睡衣' }).click();
  const dialog = page.getByRole('dialog', { name: '拒绝售后申请' });
  await dialog.getByRole('button', { name: '确认拒绝' }).click();
  await expect(page.locator('#shell-toast')).toHaveText('请填写拒绝原因');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox').fill('商品已打包发出，请收货后申请退货');
  await page.screenshot({ path: screen('shop-refuse') });
  await dialog.getByRole('button', { name: '确认拒绝' }).click();
  await expect(card).toHaveCount(0);
  await page.getByRole('link', { name: '全部' }).click();
  await expect(card.locator('[data-after-sale-status]')).toHaveText('退款失败');
  await expect(card).toContainText('商品已打包发出，请收货后申请退货');

  await switchTo(context, me.phone);
  await page.goto(at(owned.shopId, `/afterSaleDetail?afterSaleNo=${first}`));
  await expect(page.locator('[data-after-sale-status]')).toHaveText('退款失败');
  await expect(page.locator('[data-after-sale-hint]')).toHaveText(
    '拒绝原因：商品已打包发出，请收货后申请退货',
  );
  await expect(page.locator('[data-after-sale-steps]')).toContainText(
    '商家拒绝了申请：商品已打包发出，请收货后申请退货',
  );
  await shoot(page, 'detail-refused');
  await expectNothingCovered(page);

  await page.getByRole('link', { name: '再次申请' }).click();
  const second = await applyOnPage(page, { reason: '其他', description: '再次申请' });
  expect(second).not.toBe(first);
  await expect(page.locator('[data-after-sale-status]')).toHaveText('退款审核中');
  await page.goto(at(owned.shopId, `/orderDetail?orderNo=${paid.orderNo}`));
  await expect(page.getByRole('link', { name: '查看售后：纯棉睡衣' })).toHaveAttribute(
    'href',
    new RegExp(`afterSaleNo=${second}`),
  );
});

test('cancelOrderLine (the specification’s call) makes a 仅退款 after-sale the owner reviews', async ({
  page,
  context,
}) => {
  const owned = await newShop('运动短袜');
  const me = await newShopper(context);
  const paid = await givenOrder(shop.admin.db, {
    shopId: owned.shopId,
    userId: me.id,
    status: 20,
    priceCents: 2_900,
    productName: '运动短袜',
  });
  const [line] = await shop.admin.db
    .select({ id: t.orderLines.id })
    .from(t.orderLines)
    .where(eq(t.orderLines.orderId, paid.id));
  const answer = await page.request.post(
    `${shop.url}/api/order/cancelOrderLine?shopBizCode=${owned.shopId}`,
    { data: { orderNo: paid.orderNo, lineId: line!.id, reason: '商品降价' } },
  );
  expect((await answer.json()).code).toBe(0);
  await page.goto(at(owned.shopId, `/orderDetail?orderNo=${paid.orderNo}`));
  await expect(page.locator('[data-refund-status]')).toHaveText('退款审核中');
  await expect(page.getByRole('link', { name: '申请退款：运动短袜' })).toHaveCount(0);
  await page.getByRole('link', { name: '查看售后：运动短袜' }).click();
  await expect(page.locator('[data-after-sale-status]')).toHaveText('退款审核中');
  await expect(page.locator('[data-kind]')).toHaveText('仅退款');
  await expect(page.locator('[data-reason]')).toHaveText('商品降价');
  await expect(page.locator('[data-amount]')).toHaveText('¥29.00');
  const afterSaleNo = new URL(page.url()).searchParams.get('afterSaleNo');

  await switchTo(context, owned.ownerPhone);
  await page.goto(at(owned.shopId, '/shopAfterSales'));
  await expect(page.locator(`[data-after-sale="${afterSaleNo}"] [data-reason]`)).toHaveText(
    '商品降价',
  );
});

test('退货退款 on a shipped order: approved, the return parcel entered, then the owner receives it', async ({
  page,
  context,
}) => {
  const owned = await newShop('羊毛大衣');
  const me = await newShopper(context);
  const shipped = await givenOrder(shop.admin.db, {
    shopId: owned.shopId,
    userId: me.id,
    status: 30,
    priceCents: 59_900,
    productName: '羊毛大衣',
  });

  await page.goto(at(owned.shopId, `/orderDetail?orderNo=${shipped.orderNo}`));
  await page.getByRole('link', { name: '申请售后：羊毛大衣' }).click();
  await expect(page.locator('[data-kind]')).toHaveText('退货退款');
  await expect(page.getByRole('radio')).toHaveCount(7);
  const afterSaleNo = await applyOnPage(page, { reason: '质量问题', description: '袖口开线' });

  await switchTo(context, owned.ownerPhone);
  await page.goto(at(owned.shopId, '/shopAfterSales'));
  const card = page.locator(`[data-after-sale="${afterSaleNo}"]`);
  await card.getByRole('button', { name: '同意：羊毛大衣' }).click();
  await page
    .getByRole('dialog', { name: '同意售后申请' })
    .getByRole('button', { name: '确定' })
    .click();
  await expect(card).toHaveCount(0);

  await switchTo(context, me.phone);
  await page.goto(at(owned.shopId, `/afterSaleDetail?afterSaleNo=${afterSaleNo}`));
  await expect(page.locator('[data-after-sale-status]')).toHaveText('审核通过，请寄回商品');
  const form = page.getByRole('form', { name: '填写退货物流' });
  await expect(form).toBeVisible();
  await page.screenshot({ path: screen('detail-return-form') });
  await expectNothingCovered(page);
  await form.getByRole('combobox').selectOption('中通快递');
  await form.getByRole('textbox').fill('ZT1234567890');
  await form.getByRole('button', { name: '提交退货信息' }).click();
  await expect(page.locator('[data-after-sale-status]')).toHaveText('商品寄回中，等待商家收货');
  await expect(page.locator('[data-return-parcel]')).toContainText('中通快递 ZT1234567890');
  await expect(page.getByRole('form', { name: '填写退货物流' })).toHaveCount(0);
  // Confirming receipt waits for the after-sale.
  await page.goto(at(owned.shopId, `/orderDetail?orderNo=${shipped.orderNo}`));
  await expect(page.locator('[data-refund-status]')).toHaveText('商品寄回中，等待商家收货');

  await switchTo(context, owned.ownerPhone);
  await page.goto(at(owned.shopId, '/shopAfterSales'));
  await expect(card).toContainText('中通快递 ZT1234567890');
  await expect(card.getByRole('button', { name: '确认收货并退款：羊毛大衣' })).toBeVisible();
  await expect(card.getByRole('button', { name: '同意：羊毛大衣' })).toHaveCount(0);
  await shoot(page, 'shop-return');
  await expectNothingCovered(page);
});

test('nobody else reads the photos or the after-sale', async ({ page, context }) => {
  const owned = await newShop('皮质手套');
  const me = await newShopper(context);
  const paid = await givenOrder(shop.admin.db, {
    shopId: owned.shopId,
    userId: me.id,
    status: 20,
    productName: '皮质手套',
  });
  const query = `shopBizCode=${owned.shopId}`;
  const uploaded = await page.request.post(`${shop.url}/api/order/afterSale/photo?${query}`, {
    headers: { 'content-type': 'image/png' },
    data: await photo(),
  });
  const { data: stored } = (await uploaded.json()) as { data: { photoId: number; url: string } };
  expect(stored.url).toBe(`/api/order/afterSale/photo/${stored.photoId}`);
  const [line] = await shop.admin.db
    .select({ id: t.orderLines.id })
    .from(t.orderLines)
    .where(eq(t.orderLines.orderId, paid.id));
  const applied = await page.request.post(`${shop.url}/api/order/afterSale/apply?${query}`, {
    data: {
      orderNo: paid.orderNo,
      lineId: line!.id,
      kind: 'refund',
      reason: '不想要了',
      photoIds: [stored.photoId],
    },
  });
  const { data: view } = (await applied.json()) as { data: { afterSaleNo: string } };
  const detailPath = `${shop.url}/api/order/afterSale/detail?${query}&afterSaleNo=${view.afterSaleNo}`;
  expect((await page.request.get(`${shop.url}${stored.url}`)).status()).toBe(200);
  expect(((await (await page.request.get(detailPath)).json()) as { code: number }).code).toBe(0);

  // The shop's owner sees the photo of their shop's after-sale.
  await switchTo(context, owned.ownerPhone);
  const forOwner = await page.request.get(`${shop.url}${stored.url}`);
  expect(forOwner.status()).toBe(200);
  expect(forOwner.headers()['content-type']).toBe('image/jpeg');

  // Another shopper, a distributor of the shop who does not own it, another shop's owner:
  // neither the photo nor the after-sale.
  const stranger = freshPhone();
  const distributor = await givenMember(shop.admin.db, owned.shopId, { role: 3 });
  const otherShop = await newShop('别家商品');
  for (const phone of [stranger, distributor.phone, otherShop.ownerPhone]) {
    await switchTo(context, phone);
    const picture = await page.request.get(`${shop.url}${stored.url}`);
    expect(picture.status(), phone).toBe(404);
    const detail = await page.request.get(detailPath);
    expect(await detail.json()).toMatchObject({ code: 40413, message: '售后申请不存在' });
    const response = await page.goto(
      at(owned.shopId, `/afterSaleDetail?afterSaleNo=${view.afterSaleNo}`),
    );
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '售后申请不存在' })).toBeVisible();
  }
  // Nor the review screen: not a distributor here (the route's roles), or not the owner.
  for (const phone of [otherShop.ownerPhone, distributor.phone]) {
    await switchTo(context, phone);
    const refused = await page.goto(at(owned.shopId, '/shopAfterSales'));
    expect(refused?.status(), phone).toBe(403);
    await expect(page.getByRole('heading', { name: '没有权限访问' })).toBeVisible();
  }
  await page.goto(at(owned.shopId, '/distributorOrder'));
  await expect(page.getByRole('heading', { name: '推广订单' })).toBeVisible();
  await expect(page.locator('[data-after-sale-audit]')).toHaveCount(0);
});
