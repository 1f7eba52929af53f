/**
 * Invoices as a shopper lives them, on a phone (375×667), in a shop of the test's own that issues
 * e-invoices through the 诺诺 sandbox, on the spec's own PostgreSQL database:
 *
 * - a received order of two pieces, paid through the sandbox gateway: 订单详情 → 申请开票, a
 *   company title whose 税号 has a wrong check character is refused with a clear message, the
 *   corrected one is saved, 提交申请; the sandbox issues it, 发票预览 shows it and its PDF;
 * - one piece comes back (退货退款 approved, sent back, received and refunded): 发票详情 shows the
 *   red letter and the invoice issued again for what remains;
 * - an invoice the service could not issue: the owner's 开票管理 lists it first with the reason,
 *   手动开票 with a PDF (a file that is no PDF refused), and the shopper opens it;
 * - a paper invoice: asked for on a received order, issued, 寄出 by the owner with a carrier and
 *   tracking number, followed by the shopper on 纸质发票详情 and 发票物流 as Kuaidi100 pushes;
 * - inside the messaging app, a title the shopper keeps there fills the new title.
 */
import { eq } from 'drizzle-orm';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test, type PgShop, islandsHydrated } from './fixtures.ts';
import * as t from '#lib/platform/db/schema.ts';
import { nuonuoSeller, saveInvoiceSettings } from '#lib/invoices/index.server.ts';
import { IN_APP_UA, freshPhone, switchAccount, userIdFor } from '../fixtures/accounts.ts';
import {
  givenOrder,
  givenPaidOrder,
  givenProduct,
  givenSale,
  givenShop,
} from '../fixtures/given.ts';
import { InvoiceStatus } from '#lib/invoices/index.ts';

let shop: PgShop;

test.describe.configure({ mode: 'serial' });
test.use({ shopDatabase: 'shop_e2e_invoices' });
test.beforeAll(({ pgShop }) => {
  shop = pgShop;
});

const screen = (name: string) => `test-results/screens/invoices-${name}-375x667.png`;
const at = (shopId: string, path: string) =>
  `${shop.url}${path}${path.includes('?') ? '&' : '?'}shopId=${shopId}`;

/** A shop issuing e-invoices as the sandbox account's seller, selling a coat and a scarf. */
async function invoicingShop() {
  const db = shop.admin.db;
  const given = await givenShop(db);
  const sale = await givenSale(db, given.shopId, { title: '发票测试特卖' });
  const coat = await givenProduct(db, sale, { name: '羊毛大衣', priceCents: 59_900 });
  const scarf = await givenProduct(db, sale, { name: '羊绒围巾', priceCents: 19_900 });
  const seller = await nuonuoSeller(db);
  await saveInvoiceSettings(db, given.shopId, {
    enabled: true,
    specialEnabled: true,
    paperEnabled: true,
    sellerName: seller.name ?? '演示商贸有限公司',
    sellerTaxId: seller.taxNo,
    sellerAddress: '杭州市西湖区文三路90号',
    sellerPhone: '0571-88880000',
    sellerBank: '招商银行杭州西湖支行',
    sellerAccount: '571909876543210',
    taxCode: '1040101010000000000',
    taxShortName: '服装',
    taxRateBp: 1300,
  });
  const skuId = async (skuNo: string) =>
    (await db.select({ id: t.skus.id }).from(t.skus).where(eq(t.skus.skuNo, skuNo)))[0]!.id;
  return {
    ...given,
    coatSku: await skuId(coat.skuNos[0]!),
    scarfSku: await skuId(scarf.skuNos[0]!),
  };
}

async function switchTo(context: BrowserContext, phone: string) {
  return switchAccount(shop.admin, shop.url, context, phone);
}

/** The page again until `check` passes: the provider and the timers work in their own time. */
async function reloadUntil(page: Page, check: () => Promise<void>) {
  await expect(async () => {
    await page.reload();
    await check();
  }).toPass({ timeout: 60_000, intervals: [1_000, 2_000] });
}

test('a company e-invoice on a received order, then a refund: red letter and the remainder issued again', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  const owned = await invoicingShop();
  const phone = freshPhone();
  await userIdFor(shop.admin, phone, '发票顾客');
  const me = await shop.signIn(context, phone);

  // A paid order of the coat and the scarf, shipped by the owner and received by the shopper.
  const order = await givenPaidOrder(shop.admin.db, {
    shopUrl: shop.url,
    sessionToken: me.token,
    shopId: owned.shopId,
    userId: me.id,
    skuId: owned.coatSku,
    priceCents: 59_900,
    productName: '羊毛大衣',
    moreLines: [{ skuId: owned.scarfSku, priceCents: 19_900, productName: '羊绒围巾' }],
  });
  await switchTo(context, owned.ownerPhone);
  const shipped = await page.request.post(
    `${shop.url}/api/order/shop/ship?shopBizCode=${owned.shopId}`,
    { data: { orderNo: order.orderNo, carrier: 'SF', trackingNo: 'SF1234567890123' } },
  );
  expect(((await shipped.json()) as { code: number }).code).toBe(0);
  await switchTo(context, phone);
  await page.goto(at(owned.shopId, `/orderDetail?orderNo=${order.orderNo}`));
  await page.locator('footer.bar').getByRole('button', { name: '确认收货' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '确认收货' }).click();
  await expect(page.getByRole('heading', { name: '已完成' })).toBeVisible();

  // 订单详情 → 申请开票: what is invoiced, then a new company title.
  await page.locator('[data-order-invoice]').click();
  await expect(page).toHaveURL(/\/invoiceApply\?/);
  await expect(page.locator('[data-invoice-amount]')).toHaveText('¥798.00');
  await expect(page.locator('[data-invoice-items] tbody tr')).toHaveCount(2);
  const newTitle = page.getByLabel('新增抬头');
  await expect(newTitle).toBeVisible();
  await newTitle.getByLabel('抬头名称').fill('阿里巴巴（中国）有限公司');
  await newTitle.getByLabel('税号').fill('91330100716105852E');
  await newTitle.getByRole('button', { name: '保存抬头' }).click();
  await expect(page.locator('[data-title-error]')).toHaveText(
    '纳税人识别号校验位不正确，请核对后重新填写',
  );
  // The server refuses it too, whatever a page sends.
  const refused = await page.request.post(`${shop.url}/api/invoice/title/save`, {
    data: { kind: 'company', name: '阿里巴巴（中国）有限公司', taxId: '91330100716105852E' },
  });
  expect(await refused.json()).toMatchObject({
    code: 49611,
    message: '纳税人识别号校验位不正确，请核对后重新填写',
  });
  await newTitle.getByLabel('税号').fill('91330100716105852f');
  await newTitle.getByRole('button', { name: '保存抬头' }).click();
  await expect(page.locator('[data-title-name="阿里巴巴（中国）有限公司"]')).toBeVisible();
  await page.getByLabel('收票邮箱').fill('finance@example.com');
  await page.screenshot({ path: screen('apply'), fullPage: true });
  await page.getByRole('button', { name: '提交申请' }).click();

  // The sandbox issues it: 发票详情, then 发票预览 and the PDF.
  await expect(page).toHaveURL(/\/invoiceDetail\?/);
  const firstRef = new URL(page.url()).searchParams.get('invoiceRef')!;
  await reloadUntil(page, async () => {
    await expect(page.locator('[data-invoice-status]')).toHaveText('已开票', { timeout: 500 });
    await expect(page.getByRole('link', { name: '查看发票' })).toBeVisible({ timeout: 500 });
  });
  await expect(page.locator('[data-buyer-name]')).toHaveText('阿里巴巴（中国）有限公司');
  const invoiceNo = (await page.locator('[data-invoice-no]').textContent())!;
  expect(invoiceNo).toMatch(/^\d{20}$/);
  await page.screenshot({ path: screen('detail'), fullPage: true });
  await page.getByRole('link', { name: '查看发票' }).click();
  await expect(page).toHaveURL(/\/invoicePreview\?/);
  await expect(page.locator('[data-invoice-no]')).toHaveText(invoiceNo);
  await expect(page.locator('[data-preview-total]')).toHaveText('¥798.00');
  await expect(page.getByText('价税合计（大写）柒佰玖拾捌圆整')).toBeVisible();
  await page.screenshot({ path: screen('preview'), fullPage: true });
  const pdfHref = (await page.locator('[data-pdf-link]').getAttribute('href'))!;
  const pdf = await page.request.get(new URL(pdfHref, shop.url).href);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const bytes = await pdf.body();
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  // Nobody else opens it.
  const stranger = await context.browser()!.newContext();
  try {
    const other = freshPhone();
    await userIdFor(shop.admin, other, '路人');
    await shop.signIn(stranger, other);
    const theirs = await stranger.request.get(new URL(pdfHref, shop.url).href);
    expect(((await theirs.json()) as { code: number }).code).toBe(40497);
  } finally {
    await stranger.close();
  }

  // The scarf comes back: 退货退款, approved, sent back, received and refunded.
  await page.goto(at(owned.shopId, `/orderDetail?orderNo=${order.orderNo}`));
  await page.getByRole('link', { name: '申请售后：羊绒围巾' }).click();
  await islandsHydrated(page);
  await page.getByRole('radio', { name: '不想要了' }).check();
  await page.getByRole('button', { name: '提交申请' }).click();
  await page.waitForURL(/\/afterSaleDetail\?/);
  const afterSaleNo = new URL(page.url()).searchParams.get('afterSaleNo')!;

  await switchTo(context, owned.ownerPhone);
  await page.goto(at(owned.shopId, '/shopAfterSales'));
  const card = page.locator(`[data-after-sale="${afterSaleNo}"]`);
  await card.getByRole('button', { name: '同意：羊绒围巾' }).click();
  await page
    .getByRole('dialog', { name: '同意售后申请' })
    .getByRole('button', { name: '确定' })
    .click();
  await expect(card).toHaveCount(0);

  await switchTo(context, phone);
  await page.goto(at(owned.shopId, `/afterSaleDetail?afterSaleNo=${afterSaleNo}`));
  const form = page.getByRole('form', { name: '填写退货物流' });
  // The form is an island: a value entered before it hydrates would be reset by it.
  await islandsHydrated(page);
  await form.getByRole('combobox').selectOption('中通快递');
  await form.getByRole('textbox').fill('ZT1234567890');
  await form.getByRole('button', { name: '提交退货信息' }).click();
  await expect(page.locator('[data-after-sale-status]')).toHaveText('商品寄回中，等待商家收货');

  await switchTo(context, owned.ownerPhone);
  await page.goto(at(owned.shopId, '/shopAfterSales'));
  const returning = page.locator(`[data-after-sale="${afterSaleNo}"]`);
  await returning.getByRole('button', { name: '确认收货并退款：羊绒围巾' }).click();
  await page
    .getByRole('dialog', { name: '确认收货并退款' })
    .getByRole('button', { name: '确定' })
    .click();
  await expect(returning.getByRole('button', { name: '确认收货并退款：羊绒围巾' })).toHaveCount(0);

  // 发票详情: the first invoice reversed by a red letter, the coat's ¥599.00 issued again.
  await switchTo(context, phone);
  await page.goto(at(owned.shopId, `/invoiceDetail?invoiceRef=${firstRef}`));
  await reloadUntil(page, async () => {
    await expect(page.locator('[data-history-kind]')).toHaveCount(3, { timeout: 500 });
    await expect(page.locator('[data-invoice-status]')).toHaveText('已开票', { timeout: 500 });
  });
  await expect(page.locator('[data-invoice-amount]')).toHaveText('¥599.00');
  const history = page.locator('[data-history-kind]');
  await expect(history.nth(0)).toHaveAttribute('data-history-status', '已开票');
  await expect(history.nth(0)).toContainText('蓝字发票');
  await expect(history.nth(1)).toContainText('红字发票');
  await expect(history.nth(1)).toContainText('-¥798.00');
  await expect(history.nth(2)).toHaveAttribute('data-history-status', '已冲红');
  await expect(history.nth(2)).toContainText(invoiceNo);
  await page.screenshot({ path: screen('reissued'), fullPage: true });

  // The red letter previews as one.
  await history.nth(1).getByRole('link').click();
  await expect(page.locator('[data-red-letter]')).toHaveText('红字');
  await expect(page.locator('[data-preview-total]')).toHaveText('-¥798.00');
});

test('the owner issues by hand an invoice the service could not, and the shopper opens it', async ({
  page,
  context,
}) => {
  const owned = await invoicingShop();
  const phone = freshPhone();
  const buyerId = await userIdFor(shop.admin, phone, '手动开票顾客');
  const order = await givenOrder(shop.admin.db, {
    shopId: owned.shopId,
    userId: buyerId,
    status: 40,
    skuId: owned.coatSku,
    priceCents: 59_900,
    productName: '羊毛大衣',
  });
  // An application the service refused (its words kept), as a failed submission leaves it.
  const invoiceRef = `FP${Date.now()}${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  await shop.admin.db.insert(t.invoices).values({
    invoiceRef,
    requestNo: invoiceRef.slice(2, 22),
    shopId: owned.shopId,
    orderId: order.id,
    userId: buyerId,
    orderNo: order.orderNo,
    kind: 'blue',
    form: 'e-normal',
    status: InvoiceStatus.Failed,
    failure: '开票服务维护中，请稍后再试',
    buyer: { kind: 'personal', name: '林小姐', taxNo: null, email: null, mobile: phone },
    seller: { name: '演示商贸有限公司', taxNo: '914403001922038216' },
    items: [
      {
        name: '*服装*羊毛大衣',
        taxCode: '1040101010000000000',
        spec: '默认',
        unit: '件',
        quantity: 1,
        amountCents: 59_900,
        taxRateBp: 1300,
        taxCents: 6_891,
      },
    ],
    amountCents: 59_900,
    taxCents: 6_891,
  });

  await shop.signIn(context, owned.ownerPhone);
  await page.goto(at(owned.shopId, '/my'));
  await page.getByRole('link', { name: /开票管理/ }).click();
  await expect(page).toHaveURL(/\/shopInvoices\?/);
  await expect(page.locator('[data-failed-count]')).toHaveText('1 张开票失败');
  const card = page.locator(`[data-shop-invoice="${invoiceRef}"]`);
  await expect(card).toContainText('失败原因：开票服务维护中，请稍后再试');
  // The owner scrolls down to it (its form hydrates when it comes into view).
  await card.scrollIntoViewIfNeeded();
  await card.getByRole('button', { name: `手动开票：${invoiceRef}` }).click();
  const form = card.getByRole('form', { name: '手动开票' });
  // Not a PDF: refused with what to do.
  await form.getByLabel('发票文件').setInputFiles({
    name: 'invoice.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('not a pdf'),
  });
  await form.getByLabel('发票号码').fill('26332000000000009999');
  await form.getByRole('button', { name: '确认开票' }).click();
  await expect(form.getByRole('alert')).toHaveText('请上传PDF格式的发票文件');
  await form.getByLabel('发票文件').setInputFiles({
    name: 'invoice.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
  });
  await page.screenshot({ path: screen('manual'), fullPage: true });
  await form.getByRole('button', { name: '确认开票' }).click();
  await expect(card).toContainText('已开票（手动）');
  await expect(card).toContainText('26332000000000009999');
  await expect(page.locator('[data-failed-count]')).toHaveCount(0);

  await switchTo(context, phone);
  await page.goto(at(owned.shopId, `/invoiceDetail?invoiceRef=${invoiceRef}`));
  await expect(page.locator('[data-invoice-status]')).toHaveText('已开票');
  await expect(page.locator('[data-invoice-no]')).toHaveText('26332000000000009999');
  await page.getByRole('link', { name: '查看发票' }).click();
  const pdfHref = (await page.locator('[data-pdf-link]').getAttribute('href'))!;
  const pdf = await page.request.get(new URL(pdfHref, shop.url).href);
  expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
});

test('inside the messaging app, a title the shopper keeps there fills the new title', async ({
  browser,
}) => {
  const owned = await invoicingShop();
  const phone = freshPhone();
  const buyerId = await userIdFor(shop.admin, phone, '微信抬头顾客');
  const order = await givenOrder(shop.admin.db, {
    shopId: owned.shopId,
    userId: buyerId,
    status: 40,
    skuId: owned.coatSku,
    priceCents: 59_900,
    productName: '羊毛大衣',
  });
  const inApp = await browser.newContext({
    userAgent: IN_APP_UA,
    viewport: { width: 375, height: 667 },
  });
  try {
    await shop.signIn(inApp, phone);
    const page = await inApp.newPage();
    await page.goto(at(owned.shopId, `/invoiceApply?orderNo=${order.orderNo}`));
    const newTitle = page.getByLabel('新增抬头');
    // The app's own list (the sandbox app's, in demo mode): closing it changes nothing.
    await newTitle.getByRole('button', { name: '从微信导入抬头' }).click();
    const list = page.getByRole('dialog', { name: '选择发票抬头' });
    await list.getByRole('button', { name: '取消' }).click();
    await expect(list).toHaveCount(0);
    await expect(newTitle.getByLabel('抬头名称')).toHaveValue('');

    await newTitle.getByRole('button', { name: '从微信导入抬头' }).click();
    await list.getByRole('button', { name: /深圳市腾讯计算机系统有限公司/ }).click();
    await expect(newTitle.getByLabel('抬头名称')).toHaveValue('深圳市腾讯计算机系统有限公司');
    await expect(newTitle.getByLabel('税号')).toHaveValue('91440300708461136T');
    await expect(newTitle.getByLabel('注册地址')).toHaveValue(
      '深圳市南山区粤海街道麻岭社区科技中一路腾讯大厦35层',
    );
    await expect(newTitle.getByLabel('注册电话')).toHaveValue('0755-86013388');
    await expect(newTitle.getByLabel('开户银行')).toHaveValue('招商银行深圳分行科技园支行');
    await expect(newTitle.getByLabel('银行账号')).toHaveValue('817800494810001');
    await page.screenshot({ path: screen('wechat-title'), fullPage: true });
    await newTitle.getByRole('button', { name: '保存抬头' }).click();
    await expect(page.locator('[data-title-name="深圳市腾讯计算机系统有限公司"]')).toBeVisible();
    await page.getByRole('radiogroup', { name: '发票类型' }).getByText('电子专用发票').click();
    await expect(page.getByRole('radio', { name: '电子专用发票' })).toBeChecked();
    await page.getByRole('button', { name: '提交申请' }).click();
    await expect(page).toHaveURL(/\/invoiceDetail\?/);
    await expect(page.locator('[data-buyer-name]')).toHaveText('深圳市腾讯计算机系统有限公司');
  } finally {
    await inApp.close();
  }
});

test('a paper invoice: issued, mailed by the owner, and followed like a parcel', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const owned = await invoicingShop();
  const phone = freshPhone();
  const buyerId = await userIdFor(shop.admin, phone, '纸质发票顾客');
  const order = await givenOrder(shop.admin.db, {
    shopId: owned.shopId,
    userId: buyerId,
    status: 40,
    skuId: owned.coatSku,
    priceCents: 59_900,
    productName: '羊毛大衣',
  });
  await shop.signIn(context, phone);
  await page.goto(at(owned.shopId, `/invoiceApply?orderNo=${order.orderNo}`));
  await page.getByRole('radiogroup', { name: '发票类型' }).getByText('纸质普通发票').click();
  await expect(page.getByRole('radio', { name: '纸质普通发票' })).toBeChecked();
  await expect(page.locator('[data-mail-to]')).toContainText('纸质发票开具后由本店寄出，寄至：');
  const newTitle = page.getByLabel('新增抬头');
  await newTitle.getByRole('radiogroup', { name: '抬头类型' }).getByText('个人').click();
  await newTitle.getByLabel('抬头名称').fill('林小姐');
  await newTitle.getByRole('button', { name: '保存抬头' }).click();
  await expect(page.locator('[data-title-name="林小姐"]')).toBeVisible();
  await page.getByRole('button', { name: '提交申请' }).click();
  await expect(page).toHaveURL(/\/invoiceDetail\?/);
  const invoiceRef = new URL(page.url()).searchParams.get('invoiceRef')!;
  await reloadUntil(page, async () => {
    await expect(page.locator('[data-invoice-status]')).toHaveText('已开票', { timeout: 500 });
  });
  await expect(page.locator('[data-mailing]')).toHaveText('待寄出');
  await page.getByRole('link', { name: '纸质发票详情' }).click();
  await expect(page).toHaveURL(/\/paperInvoiceDetail\?/);
  await expect(page.locator('[data-paper-status]')).toHaveText('待寄出');
  await expect(page.getByText('寄出后可在这里查看物流。')).toBeVisible();
  // Not mailed yet: 发票物流 says so.
  await page.goto(at(owned.shopId, `/invoiceLogistics?invoiceRef=${invoiceRef}`));
  await expect(page.getByRole('heading', { name: '暂无物流信息' })).toBeVisible();

  // The owner mails it: 开票管理 lists it as waiting, 寄出 with a carrier and number.
  await switchTo(context, owned.ownerPhone);
  await page.goto(at(owned.shopId, '/my'));
  const desk = page.getByRole('link', { name: /开票管理/ });
  await expect(desk).toContainText('1 张待处理');
  await desk.click();
  await expect(page).toHaveURL(/\/shopInvoices\?/);
  await expect(page.locator('[data-to-mail-count]')).toHaveText('1 张纸质发票待寄出');
  const card = page.locator(`[data-shop-invoice="${invoiceRef}"]`);
  await card.scrollIntoViewIfNeeded();
  await card.getByRole('button', { name: `寄出：${invoiceRef}` }).click();
  const form = card.getByRole('form', { name: '寄出纸质发票' });
  await form.getByRole('button', { name: '确认寄出' }).click();
  await expect(form.getByRole('alert')).toHaveText('请选择快递公司');
  await form.getByRole('combobox', { name: '快递公司' }).selectOption('中通快递');
  await form.getByRole('textbox', { name: '快递单号' }).fill('ZT7100000099');
  await page.screenshot({ path: screen('mail'), fullPage: true });
  await form.getByRole('button', { name: '确认寄出' }).click();
  await expect(card.locator('[data-mailing]')).toContainText('已寄出');
  await expect(page.locator('[data-to-mail-count]')).toHaveCount(0);
  // Mailing it again is refused.
  const again = await page.request.post(
    `${shop.url}/api/invoice/shop/mail?shopBizCode=${owned.shopId}`,
    { data: { invoiceRef, carrier: 'SF', trackingNo: 'SF1000000001' } },
  );
  expect(await again.json()).toMatchObject({
    code: 49629,
    message: '只有已开具、尚未寄出的纸质发票可以寄出',
  });

  // 寄出 subscribed the number at the Kuaidi100 sandbox; three days pass for the parcel.
  const [watched] = await shop.admin.db
    .select()
    .from(t.sandboxKuaidi100Subscriptions)
    .where(eq(t.sandboxKuaidi100Subscriptions.number, 'ZT7100000099'));
  expect(watched).toMatchObject({ company: 'zhongtong' });
  await shop.admin.db
    .update(t.logistics)
    .set({ createdAt: new Date(Date.now() - 3 * 86_400_000) })
    .where(eq(t.logistics.invoiceRef, invoiceRef));
  await shop.admin.db
    .update(t.sandboxKuaidi100Subscriptions)
    .set({ nextPushAt: new Date() })
    .where(eq(t.sandboxKuaidi100Subscriptions.id, watched!.id));

  await switchTo(context, phone);
  await page.goto(at(owned.shopId, `/paperInvoiceDetail?invoiceRef=${invoiceRef}`));
  await expect(page.locator('[data-carrier]')).toHaveText('中通快递');
  await expect(page.locator('[data-tracking-no]')).toHaveText('ZT7100000099');
  await page.getByRole('link', { name: '查看物流' }).click();
  await expect(page).toHaveURL(/\/invoiceLogistics\?/);
  const traces = page.locator('[data-traces] li');
  await reloadUntil(page, async () => {
    await expect(traces).toHaveCount(9, { timeout: 500 });
  });
  await expect(page.getByText('纸质普通发票 1 张')).toBeVisible();
  await expect(traces.first()).toContainText('已签收');
  await page.screenshot({ path: screen('logistics'), fullPage: true });
  await page.goto(at(owned.shopId, `/paperInvoiceDetail?invoiceRef=${invoiceRef}`));
  await expect(page.locator('[data-paper-status]')).toHaveText('已签收');
  await page.screenshot({ path: screen('paper'), fullPage: true });
  // The received order's own state is untouched by the invoice's 签收.
  const [after] = await shop.admin.db
    .select({ status: t.orders.status })
    .from(t.orders)
    .where(eq(t.orders.id, order.id));
  expect(after!.status).toBe(40);
});
