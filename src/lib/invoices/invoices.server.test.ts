/**
 * Invoices on the embedded database with the real migrations: titles, applying on a finished
 * order (refusals, one standing invoice per order), issuing through a provider held in memory
 * (submitted, issued, its PDF kept, a provider away tried again), and a refund after issue:
 * reversed by a red letter and issued again for what remains. Orders are placed, paid, shipped,
 * received and returned through the real commands.
 */
import { and, asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '#lib/platform/db/client.server.ts';
import {
  cartItems,
  categories,
  invoiceEvents,
  invoiceFiles,
  invoiceRefunds,
  invoices,
  logistics,
  orderLines,
  orders,
  products,
  refunds,
  shops,
  skus,
} from '#lib/platform/db/schema.ts';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import {
  givenAddress,
  givenMember,
  givenProduct,
  givenSale,
  givenShop,
} from '#tests/fixtures/given.ts';
import { inProcessGateway, payAtGateway, type InProcessGateway } from '#tests/fixtures/payments.ts';
import { MemoryInvoiceProvider } from '#tests/fixtures/invoice-provider.ts';
import { placeOrder, previewCheckout } from '#lib/orders/place-order.server.ts';
import { confirmReceipt, shipOrder } from '#lib/orders/commands.server.ts';
import { recordParcelTraces } from '#lib/orders/parcels.server.ts';
import { readLogistics } from '#lib/orders/queries.server.ts';
import { OrderStatus } from '#lib/orders/status.ts';
import { createPayment } from '#lib/payments/payments.server.ts';
import { RefundState } from '#lib/payments/status.ts';
import {
  applyAfterSale,
  receiveReturn,
  reviewAfterSale,
  shipReturn,
} from '#lib/after-sales/after-sales.server.ts';
import { AppError } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';
import { taxWithin } from './amounts.ts';
import type { InvoiceIssuer } from './issuing.server.ts';
import { runInvoiceTimers } from './issuing.server.ts';
import {
  applyInvoice,
  invoicePdf,
  listInvoices,
  readApplyInfo,
  readOrderInvoices,
  resubmitInvoice,
} from './invoices.server.ts';
import { mailPaperInvoice, readPaperInvoicePage } from './mailing.server.ts';
import { saveCategoryTax, saveInvoiceSettings } from './settings.server.ts';
import { issueByHand, listShopInvoices, saveShopCategoryTax } from './shop.server.ts';
import { InvoiceStatus } from './status.ts';
import { deleteTitle, listTitles, saveTitle } from './titles.server.ts';

const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';
const ALIBABA = '91330100716105852F';

let database: Database;
let db: Db;
let gateway: InProcessGateway;
let provider: MemoryInvoiceProvider;
let issuer: InvoiceIssuer;
beforeAll(async () => {
  database = await memoryDatabase({ seed: false });
  db = database.db;
  gateway = await inProcessGateway(db);
  provider = new MemoryInvoiceProvider();
  issuer = { provider, callbackUrl: 'http://shop.test/api/invoice/notify' };
});
afterAll(() => database.close());

let keys = 0;
const newKey = () => `invoice-key-${(keys += 1)}`;

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('not refused');
}

/**
 * A shop issuing invoices (13 % by default; books in their category at 9 %), freight 10.00 under
 * 500.00, selling running shoes at 299.00 and a running guide at 48.00; a shopper with an address.
 */
async function givenInvoicingShop() {
  const shop = await givenShop(db);
  await db.update(shops).set({ freeFreightOverCents: 50_000 }).where(eq(shops.id, shop.shopId));
  const sale = await givenSale(db, shop.shopId, { title: '森野 特卖' });
  const shoes = await givenProduct(db, sale, { name: '森野跑步鞋', priceCents: 29_900, stock: 50 });
  const guide = await givenProduct(db, sale, { name: '跑步指南', priceCents: 4_800, stock: 50 });
  const [books] = await db.insert(categories).values({ name: '图书' }).returning();
  await db.update(products).set({ categoryId: books!.id }).where(eq(products.id, guide.id));
  await saveInvoiceSettings(db, shop.shopId, {
    enabled: true,
    specialEnabled: true,
    sellerName: '小鹿优选（杭州）电子商务有限公司',
    sellerTaxId: '914403001922038216',
    sellerAddress: '杭州市西湖区文三路90号',
    sellerPhone: '0571-88880000',
    sellerBank: '招商银行杭州分行',
    sellerAccount: '571900001234',
    taxCode: '1060201070000000000',
    taxShortName: '鞋',
    taxRateBp: 1300,
  });
  await saveCategoryTax(db, {
    shopId: shop.shopId,
    categoryId: books!.id,
    taxCode: '1060501010000000000',
    shortName: '图书',
    rateBp: 900,
  });
  const shopper = await givenMember(db, shop.shopId);
  const address = await givenAddress(db, shopper.id);
  return { ...shop, shoes: shoes.skuNos[0]!, guide: guide.skuNos[0]!, shopper, address };
}
type Shop = Awaited<ReturnType<typeof givenInvoicingShop>>;

/** An order of the SKUs placed from the cart, paid, shipped and received by the shopper. */
async function aReceivedOrder(s: Shop, items: [string, number][], received = true) {
  await db.delete(cartItems).where(eq(cartItems.userId, s.shopper.id));
  for (const [skuNo, quantity] of items) {
    const [sku] = await db.select({ id: skus.id }).from(skus).where(eq(skus.skuNo, skuNo));
    await db
      .insert(cartItems)
      .values({ shopId: s.shopId, userId: s.shopper.id, skuId: sku!.id, quantity });
  }
  const shown = await previewCheckout(db, {
    shopId: s.shopId,
    userId: s.shopper.id,
    insured: false,
  });
  const placed = await placeOrder(db, {
    shopId: s.shopId,
    userId: s.shopper.id,
    addressId: s.address.id,
    insured: false,
    quote: shown.quote,
    idempotencyKey: newKey(),
  });
  const opened = await createPayment(db, gateway, {
    shopId: s.shopId,
    userId: s.shopper.id,
    groupNo: placed.groupNo,
    channel: 'native',
    userAgent: DESKTOP,
    clientIp: '127.0.0.1',
    origin: 'http://shop.test',
    successUrl: (no) => `http://shop.test/pay/success?paymentNo=${no}`,
  });
  await payAtGateway(db, opened.paymentNo);
  await gateway.deliver();
  const orderNo = placed.orderNos[0]!;
  await shipOrder(db, {
    shopId: s.shopId,
    ownerId: s.ownerId,
    orderNo,
    carrier: 'SF',
    company: '顺丰速运',
    trackingNo: `SF${orderNo}`,
  });
  if (received) await confirmReceipt(db, { shopId: s.shopId, userId: s.shopper.id, orderNo });
  const [order] = await db.select().from(orders).where(eq(orders.orderNo, orderNo));
  const lines = await db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, order!.id))
    .orderBy(asc(orderLines.id));
  return { order: order!, lines };
}

/** The line comes back through a 退货退款: applied, approved, sent back, received, refunded. */
async function returnLine(s: Shop, orderNo: string, lineId: number) {
  const applied = await applyAfterSale(db, {
    shopId: s.shopId,
    userId: s.shopper.id,
    orderNo,
    lineId,
    kind: 'return',
    reason: '尺码不合适',
    description: '',
    photoIds: [],
    auditChannel: 6,
  });
  const afterSaleNo = applied.afterSaleNo;
  await reviewAfterSale(db, gateway, {
    shopId: s.shopId,
    ownerId: s.ownerId,
    afterSaleNo,
    approve: true,
  });
  await shipReturn(db, {
    shopId: s.shopId,
    userId: s.shopper.id,
    afterSaleNo,
    company: '顺丰速运',
    trackingNo: `SFR${afterSaleNo}`,
  });
  await receiveReturn(db, gateway, { shopId: s.shopId, ownerId: s.ownerId, afterSaleNo });
  // The refund is sent after the commit; the sandbox gateway then says it succeeded.
  await expect
    .poll(
      async () => {
        await gateway.deliver();
        const [refund] = await db
          .select({ status: refunds.status })
          .from(refunds)
          .where(eq(refunds.refundNo, `RA${afterSaleNo}`));
        return refund?.status;
      },
      { timeout: 10_000, interval: 50 },
    )
    .toBe(RefundState.Succeeded);
  return afterSaleNo;
}

async function aCompanyTitle(s: Shop) {
  return saveTitle(db, {
    userId: s.shopper.id,
    kind: 'company',
    name: '阿里巴巴（中国）有限公司',
    taxId: ALIBABA,
    regAddress: '杭州市余杭区文一西路969号',
    regPhone: '0571-85022088',
    bank: '招商银行杭州分行',
    account: '571905001234',
    isDefault: false,
  });
}

const apply = (
  s: Shop,
  orderNo: string,
  titleId: number,
  form: 'e-normal' | 'e-special' = 'e-normal',
) =>
  applyInvoice(db, issuer, {
    shopId: s.shopId,
    userId: s.shopper.id,
    orderNo,
    titleId,
    form,
    mobile: '13800000001',
    email: 'finance@example.com',
  });

/** The tests' clock for the timer: each round a few minutes after the one before. */
let clock = Date.now();
const later = () => new Date((clock += 5 * 60_000));

/** The provider issues what it holds; the timer, a query interval later, hears of it. */
async function providerIssues() {
  provider.issueAll(new Date(clock));
  await runInvoiceTimers(db, issuer, later());
}

const orderInvoices = (orderId: number) =>
  db.select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(asc(invoices.id));

describe('invoice titles', () => {
  it('are kept per user, the first one the default, and one default at a time', async () => {
    const s = await givenInvoicingShop();
    const person = await saveTitle(db, {
      userId: s.shopper.id,
      kind: 'personal',
      name: '鹿小姐',
      isDefault: false,
    });
    expect(person.isDefault).toBe(true);
    const company = await aCompanyTitle(s);
    expect(company).toMatchObject({ kind: 'company', taxId: ALIBABA, isDefault: false });
    await saveTitle(db, { ...company, userId: s.shopper.id, isDefault: true });
    expect((await listTitles(db, s.shopper.id)).map((t) => [t.name, t.isDefault])).toEqual([
      ['阿里巴巴（中国）有限公司', true],
      ['鹿小姐', false],
    ]);
    await deleteTitle(db, s.shopper.id, company.id);
    expect((await listTitles(db, s.shopper.id)).map((t) => [t.name, t.isDefault])).toEqual([
      ['鹿小姐', true],
    ]);
  });

  it('refuse a tax id with a wrong check character, and another user’s title', async () => {
    const s = await givenInvoicingShop();
    expect(
      await refusal(
        saveTitle(db, {
          userId: s.shopper.id,
          kind: 'company',
          name: '阿里巴巴（中国）有限公司',
          taxId: '91330100716105852E',
          isDefault: false,
        }),
      ),
    ).toEqual({ code: 49611, message: '纳税人识别号校验位不正确，请核对后重新填写' });
    const other = await givenMember(db, s.shopId);
    const mine = await aCompanyTitle(s);
    expect(await refusal(deleteTitle(db, other.id, mine.id))).toEqual(Errors.TITLE_NOT_FOUND);
    expect(
      await refusal(saveTitle(db, { ...mine, id: mine.id, userId: other.id, isDefault: false })),
    ).toEqual(Errors.TITLE_NOT_FOUND);
  });
});

describe('applying for an invoice', () => {
  it('is refused before the order is received, and for another user’s order', async () => {
    const s = await givenInvoicingShop();
    const title = await aCompanyTitle(s);
    const { order } = await aReceivedOrder(s, [[s.shoes, 1]], false);
    expect(order.status).toBe(OrderStatus.Shipped);
    expect(await refusal(apply(s, order.orderNo, title.id))).toEqual(Errors.ORDER_NOT_FINISHED);
    const other = await givenMember(db, s.shopId);
    expect(
      await refusal(
        applyInvoice(db, issuer, {
          shopId: s.shopId,
          userId: other.id,
          orderNo: order.orderNo,
          titleId: title.id,
          form: 'e-normal',
          mobile: '13800000001',
        }),
      ),
    ).toEqual(Errors.ORDER_NOT_FOUND);
  });

  it('is refused for a 专票 to a person or a company without its bank details', async () => {
    const s = await givenInvoicingShop();
    const { order } = await aReceivedOrder(s, [[s.shoes, 1]]);
    const person = await saveTitle(db, {
      userId: s.shopper.id,
      kind: 'personal',
      name: '鹿小姐',
      isDefault: false,
    });
    expect(await refusal(apply(s, order.orderNo, person.id, 'e-special'))).toEqual(
      Errors.SPECIAL_NEEDS_COMPANY,
    );
    const bare = await saveTitle(db, {
      userId: s.shopper.id,
      kind: 'company',
      name: '阿里巴巴（中国）有限公司',
      taxId: ALIBABA,
      isDefault: false,
    });
    expect(await refusal(apply(s, order.orderNo, bare.id, 'e-special'))).toEqual(
      Errors.SPECIAL_TITLE_INCOMPLETE,
    );
    expect(await orderInvoices(order.id)).toEqual([]);
  });

  it('invoices what was paid, freight included, one item per line at its category’s rate', async () => {
    const s = await givenInvoicingShop();
    const title = await aCompanyTitle(s);
    const { order, lines } = await aReceivedOrder(s, [
      [s.shoes, 1],
      [s.guide, 2],
    ]);
    const info = await readApplyInfo(db, {
      shopId: s.shopId,
      userId: s.shopper.id,
      orderNo: order.orderNo,
    });
    expect(info.refusal).toBeNull();
    expect(info.amountCents).toBe(order.payCents);
    expect(info.items.map((i) => [i.name, i.quantity, i.amountCents, i.taxRateText])).toEqual([
      ['*鞋*森野跑步鞋', 1, 29_900, '13%'],
      ['*图书*跑步指南', 2, 9_600, '9%'],
      ['*运输服务*运费', 1, 1_000, '13%'],
    ]);
    // Freight 10.00 under 500.00 was paid with the lines.
    expect(order.payCents).toBe(29_900 + 2 * 4_800 + 1_000);
    expect(lines.reduce((t, l) => t + l.paidCents, 0)).toBe(order.payCents);

    const view = await apply(s, order.orderNo, title.id);
    expect(view).toMatchObject({
      status: InvoiceStatus.Issuing,
      statusText: '开票中',
      buyer: { kind: 'company', name: '阿里巴巴（中国）有限公司', taxId: ALIBABA },
      amountCents: order.payCents,
      taxCents: taxWithin(29_900, 1300) + taxWithin(9_600, 900) + taxWithin(1_000, 1300),
    });
    expect(provider.submissions).toBeGreaterThan(0);
    await providerIssues();
    const [row] = await orderInvoices(order.id);
    expect(row).toMatchObject({ status: InvoiceStatus.Issued, kind: 'blue' });
    expect(row!.invoiceNo).toMatch(/^\d{20}$/);
    const pdf = await invoicePdf(db, {
      shopId: s.shopId,
      userId: s.shopper.id,
      invoiceRef: row!.invoiceRef,
    });
    expect(new TextDecoder().decode(pdf!.bytes)).toMatch(/^%PDF-/);
    // Another shopper cannot read it.
    const other = await givenMember(db, s.shopId);
    expect(
      await invoicePdf(db, {
        shopId: s.shopId,
        userId: other.id,
        invoiceRef: row!.invoiceRef,
      }),
    ).toBeNull();
    expect(
      (await db.select().from(invoiceEvents).where(eq(invoiceEvents.invoiceId, row!.id))).map(
        (e) => [e.fromStatus, e.toStatus, e.actor],
      ),
    ).toEqual([
      [null, InvoiceStatus.Applied, 'shopper'],
      [InvoiceStatus.Applied, InvoiceStatus.Issuing, 'shopper'],
      [InvoiceStatus.Issuing, InvoiceStatus.Issued, 'timer'],
    ]);
    expect(await refusal(apply(s, order.orderNo, title.id))).toEqual(Errors.ALREADY_APPLIED);
  });

  it('makes one invoice of ten applications at once', async () => {
    const s = await givenInvoicingShop();
    const title = await aCompanyTitle(s);
    const { order } = await aReceivedOrder(s, [[s.shoes, 1]]);
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => apply(s, order.orderNo, title.id)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await orderInvoices(order.id)).toHaveLength(1);
  });

  it('stays applied while the provider is away, and the timer submits it later', async () => {
    const s = await givenInvoicingShop();
    const title = await aCompanyTitle(s);
    const { order } = await aReceivedOrder(s, [[s.shoes, 1]]);
    provider.away = true;
    try {
      expect((await apply(s, order.orderNo, title.id)).status).toBe(InvoiceStatus.Applied);
      await runInvoiceTimers(db, issuer, later());
      expect((await orderInvoices(order.id))[0]!.status).toBe(InvoiceStatus.Applied);
    } finally {
      provider.away = false;
    }
    await runInvoiceTimers(db, issuer, later());
    expect((await orderInvoices(order.id))[0]!.status).toBe(InvoiceStatus.Issuing);
  });

  it('fails with the provider’s words, and 重新提交 with a corrected title issues it', async () => {
    const s = await givenInvoicingShop();
    const title = await aCompanyTitle(s);
    const { order } = await aReceivedOrder(s, [[s.shoes, 1]]);
    provider.refuse = (r) => (r.buyer.name.includes('阿里') ? '购方名称与税号不匹配' : null);
    try {
      const failed = await apply(s, order.orderNo, title.id);
      expect(failed).toMatchObject({
        status: InvoiceStatus.Failed,
        statusText: '开票失败',
        failure: '购方名称与税号不匹配',
      });
      const person = await saveTitle(db, {
        userId: s.shopper.id,
        kind: 'personal',
        name: '鹿小姐',
        isDefault: false,
      });
      const again = await resubmitInvoice(db, issuer, {
        shopId: s.shopId,
        userId: s.shopper.id,
        invoiceRef: failed.invoiceRef,
        titleId: person.id,
        form: 'e-normal',
        mobile: '13800000001',
      });
      expect(again).toMatchObject({ status: InvoiceStatus.Issuing, failure: null });
      expect(again.buyer).toEqual({ kind: 'personal', name: '鹿小姐', taxId: null });
    } finally {
      provider.refuse = () => null;
    }
  });
});

describe('a refund after the invoice is issued', () => {
  it('reverses it with a red letter and issues it again for what remains', async () => {
    const s = await givenInvoicingShop();
    const title = await aCompanyTitle(s);
    const { order, lines } = await aReceivedOrder(s, [
      [s.shoes, 1],
      [s.guide, 1],
    ]);
    await apply(s, order.orderNo, title.id);
    await providerIssues();
    const [blue] = await orderInvoices(order.id);
    expect(blue!.status).toBe(InvoiceStatus.Issued);

    // The guide comes back: its line is refunded what it paid for itself.
    await returnLine(s, order.orderNo, lines[1]!.id);
    expect(
      await db.select().from(invoiceRefunds).where(eq(invoiceRefunds.orderId, order.id)),
    ).toHaveLength(1);

    // The timer reconciles: the blue invoice is reversing, its red letter submitted.
    await runInvoiceTimers(db, issuer, later());
    let rows = await orderInvoices(order.id);
    expect(rows.map((r) => [r.kind, r.status])).toEqual([
      ['blue', InvoiceStatus.Reversing],
      ['red', InvoiceStatus.Issuing],
    ]);
    expect(rows[1]!.amountCents).toBe(-blue!.amountCents);
    expect(rows[1]!.reversesId).toBe(blue!.id);

    // The red letter is issued: the blue one is reversed and the remainder submitted.
    await providerIssues();
    rows = await orderInvoices(order.id);
    expect(rows.map((r) => [r.kind, r.status])).toEqual([
      ['blue', InvoiceStatus.Reversed],
      ['red', InvoiceStatus.Issued],
      ['blue', InvoiceStatus.Issuing],
    ]);
    // The refund pays the goods back (48.00), not the freight.
    const [refund] = await db.select().from(refunds).where(eq(refunds.orderId, order.id));
    const refunded = refund!.amountCents;
    expect(refunded).toBe(4_800);
    expect(rows[2]!.amountCents).toBe(order.payCents - refunded);
    expect(rows[2]!.replacesId).toBe(blue!.id);
    expect(rows[2]!.items.map((i) => i.name)).toEqual(['*鞋*森野跑步鞋', '*运输服务*运费']);

    await providerIssues();
    const view = await readOrderInvoices(db, {
      shopId: s.shopId,
      userId: s.shopper.id,
      invoiceRef: blue!.invoiceRef,
    });
    expect(view.current).toMatchObject({
      kind: 'blue',
      statusText: '已开票',
      amountCents: order.payCents - refunded,
      replacesRef: blue!.invoiceRef,
    });
    expect(view.all.map((v) => [v.kindText, v.statusText])).toEqual([
      ['蓝字发票', '已开票'],
      ['红字发票', '已开票'],
      ['蓝字发票', '已冲红'],
    ]);
    // Every invoice of the order adds up to what it is paid for now.
    const issuedTotal = (await orderInvoices(order.id))
      .filter((r) => r.status === InvoiceStatus.Issued || r.status === InvoiceStatus.Reversed)
      .reduce((sum, r) => sum + r.amountCents, 0);
    expect(issuedTotal).toBe(order.payCents - refunded);
    // The files are kept for each issued invoice.
    expect(await db.select({ id: invoiceFiles.invoiceId }).from(invoiceFiles)).not.toHaveLength(0);
    const list = await listInvoices(db, {
      shopId: s.shopId,
      userId: s.shopper.id,
      pageNum: 1,
      pageSize: 20,
    });
    expect(list.list.filter((v) => v.orderNo === order.orderNo)).toHaveLength(3);
    // A second reconcile changes nothing.
    await runInvoiceTimers(db, issuer, later());
    expect(await orderInvoices(order.id)).toHaveLength(3);
  });

  it('issues again only the freight the shop kept when every line came back', async () => {
    const s = await givenInvoicingShop();
    const title = await aCompanyTitle(s);
    const { order, lines } = await aReceivedOrder(s, [[s.shoes, 1]]);
    await apply(s, order.orderNo, title.id);
    await providerIssues();
    await returnLine(s, order.orderNo, lines[0]!.id);
    await runInvoiceTimers(db, issuer, later());
    await providerIssues();
    await providerIssues();
    const rows = await orderInvoices(order.id);
    expect(rows.map((r) => [r.kind, r.status, r.amountCents])).toEqual([
      ['blue', InvoiceStatus.Reversed, 29_900 + 1_000],
      ['red', InvoiceStatus.Issued, -(29_900 + 1_000)],
      ['blue', InvoiceStatus.Issued, 1_000],
    ]);
    expect(
      (await readApplyInfo(db, { shopId: s.shopId, userId: s.shopper.id, orderNo: order.orderNo }))
        .refusal,
    ).toBe(Errors.ALREADY_APPLIED.message);
  });

  it('waits for an after-sale under way before applying', async () => {
    const s = await givenInvoicingShop();
    const title = await aCompanyTitle(s);
    const { order, lines } = await aReceivedOrder(s, [[s.shoes, 1]]);
    await applyAfterSale(db, {
      shopId: s.shopId,
      userId: s.shopper.id,
      orderNo: order.orderNo,
      lineId: lines[0]!.id,
      kind: 'return',
      reason: '尺码不合适',
      description: '',
      photoIds: [],
      auditChannel: 6,
    });
    expect(await refusal(apply(s, order.orderNo, title.id))).toEqual(
      Errors.INVOICE_AFTER_SALE_OPEN,
    );
    expect(
      await db
        .select()
        .from(invoices)
        .where(and(eq(invoices.orderId, order.id))),
    ).toEqual([]);
  });
});

describe('the owner’s side', () => {
  it('is the owner’s only: another keeper or a shopper is refused', async () => {
    const s = await givenInvoicingShop();
    expect(
      await refusal(
        listShopInvoices(db, { shopId: s.shopId, ownerId: s.shopper.id, pageNum: 1, pageSize: 20 }),
      ),
    ).toEqual(Errors.NOT_SHOP_INVOICES);
    expect(
      await refusal(
        saveShopCategoryTax(db, {
          shopId: s.shopId,
          ownerId: s.shopper.id,
          categoryId: 1,
          taxCode: '1040101010000000000',
          shortName: '服装',
          rateBp: 1300,
        }),
      ),
    ).toEqual(Errors.NOT_SHOP_INVOICES);
  });

  it('lists failed invoices first, and 手动开票 issues one with a PDF, number and date', async () => {
    const s = await givenInvoicingShop();
    const title = await aCompanyTitle(s);
    const first = await aReceivedOrder(s, [[s.shoes, 1]]);
    const second = await aReceivedOrder(s, [[s.guide, 1]]);
    await apply(s, first.order.orderNo, title.id);
    provider.refuse = () => '开票服务维护中';
    try {
      await apply(s, second.order.orderNo, title.id);
    } finally {
      provider.refuse = () => null;
    }
    const listed = await listShopInvoices(db, {
      shopId: s.shopId,
      ownerId: s.ownerId,
      pageNum: 1,
      pageSize: 20,
    });
    expect(listed.failed).toBe(1);
    expect(listed.list.map((v) => [v.orderNo, v.statusText])).toEqual([
      [second.order.orderNo, '开票失败'],
      [first.order.orderNo, '开票中'],
    ]);
    const failedRef = listed.list[0]!.invoiceRef;
    const pdf = new TextEncoder().encode('%PDF-1.4\n%%EOF\n');
    const byHand = (over: Partial<Parameters<typeof issueByHand>[2]>) =>
      issueByHand(db, issuer, {
        shopId: s.shopId,
        ownerId: s.ownerId,
        invoiceRef: failedRef,
        invoiceNo: '26332000000000000777',
        invoiceCode: null,
        issuedOn: '2026-11-01',
        pdf,
        ...over,
      });
    expect(await refusal(byHand({ pdf: new TextEncoder().encode('hello') }))).toEqual(
      Errors.PDF_INVALID,
    );
    expect(await refusal(byHand({ invoiceNo: '12345678' }))).toEqual(Errors.INVOICE_NO_INVALID);
    expect(await refusal(byHand({ issuedOn: '2999-01-01' }))).toEqual(Errors.ISSUED_AT_INVALID);
    await byHand({});
    const [row] = await db.select().from(invoices).where(eq(invoices.invoiceRef, failedRef));
    expect(row).toMatchObject({
      status: InvoiceStatus.Issued,
      manual: true,
      invoiceNo: '26332000000000000777',
    });
    expect(row!.issuedAt!.toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(await refusal(byHand({}))).toEqual(Errors.INVOICE_STATE_CHANGED);
    const file = await invoicePdf(db, {
      shopId: s.shopId,
      userId: s.shopper.id,
      invoiceRef: failedRef,
    });
    expect(file?.bytes).toEqual(pdf);
  });

  it('taxes a category as the owner says, on the next invoice', async () => {
    const s = await givenInvoicingShop();
    const [bags] = await db.insert(categories).values({ name: '箱包' }).returning();
    await db.update(products).set({ categoryId: bags!.id }).where(eq(products.name, '森野跑步鞋'));
    await saveShopCategoryTax(db, {
      shopId: s.shopId,
      ownerId: s.ownerId,
      categoryId: bags!.id,
      taxCode: '1040203010000000000',
      shortName: '箱包',
      rateBp: 900,
    });
    const { order } = await aReceivedOrder(s, [[s.shoes, 1]]);
    const info = await readApplyInfo(db, {
      shopId: s.shopId,
      userId: s.shopper.id,
      orderNo: order.orderNo,
    });
    expect(info.items[0]).toMatchObject({ name: '*箱包*森野跑步鞋', taxRateText: '9%' });
  });
});

describe('paper invoices', () => {
  /** The shop's settings again, paper invoices switched on or off. */
  const paper = (s: Shop, on: boolean) =>
    saveInvoiceSettings(db, s.shopId, {
      enabled: true,
      specialEnabled: true,
      paperEnabled: on,
      sellerName: '小鹿优选（杭州）电子商务有限公司',
      sellerTaxId: '914403001922038216',
      taxCode: '1060201070000000000',
      taxShortName: '鞋',
      taxRateBp: 1300,
      sellerAddress: '',
      sellerPhone: '',
      sellerBank: '',
      sellerAccount: '',
    });
  const mail = (s: Shop, invoiceRef: string, ownerId = s.ownerId) =>
    mailPaperInvoice(db, {
      shopId: s.shopId,
      ownerId,
      invoiceRef,
      carrier: 'SF',
      trackingNo: 'sf1234567890',
      now: later(),
    });
  const invoiceParcels = (invoiceRef: string) =>
    db.select().from(logistics).where(eq(logistics.invoiceRef, invoiceRef));

  it('are offered when the shop says so, go to the order’s address, and are mailed once by the owner', async () => {
    const s = await givenInvoicingShop();
    const title = await aCompanyTitle(s);
    const { order } = await aReceivedOrder(s, [[s.shoes, 1]]);
    const paperSpecial = () =>
      applyInvoice(db, issuer, {
        shopId: s.shopId,
        userId: s.shopper.id,
        orderNo: order.orderNo,
        titleId: title.id,
        form: 'paper-special',
        mobile: '13800000001',
      });
    expect(await refusal(paperSpecial())).toEqual(Errors.PAPER_OFF);

    await paper(s, true);
    const info = await readApplyInfo(db, {
      shopId: s.shopId,
      userId: s.shopper.id,
      orderNo: order.orderNo,
    });
    expect(info.forms).toEqual(['e-normal', 'e-special', 'paper-normal', 'paper-special']);
    expect(info.mailTo).toMatchObject({ name: order.address!.name, detail: order.address!.detail });
    expect(info.mailTo!.phone).not.toBe(order.address!.phone);

    const applied = await paperSpecial();
    expect(applied).toMatchObject({
      form: 'paper-special',
      formText: '纸质专用发票',
      mailedAt: null,
    });
    const [row] = await orderInvoices(order.id);
    expect(row!.mailTo).toEqual(order.address);
    expect([...provider.held.values()].at(-1)!.request.form).toBe('paper-special');

    // Not issued yet: nothing to mail.
    expect(await refusal(mail(s, row!.invoiceRef))).toEqual(Errors.NOT_MAILABLE);
    await providerIssues();
    const waiting = await listShopInvoices(db, {
      shopId: s.shopId,
      ownerId: s.ownerId,
      pageNum: 1,
      pageSize: 20,
    });
    expect(waiting.toMail).toBe(1);
    expect(waiting.list[0]!.invoiceRef).toBe(row!.invoiceRef);

    // Only the owner mails it.
    expect(await refusal(mail(s, row!.invoiceRef, s.shopper.id))).toEqual(Errors.NOT_SHOP_INVOICES);
    await mail(s, row!.invoiceRef);
    const [mailed] = await orderInvoices(order.id);
    expect(mailed!.mailedAt).not.toBeNull();
    expect(mailed!.status).toBe(InvoiceStatus.Issued);
    const [event] = await db
      .select()
      .from(invoiceEvents)
      .where(eq(invoiceEvents.invoiceId, row!.id))
      .orderBy(desc(invoiceEvents.id))
      .limit(1);
    expect(event).toMatchObject({ actor: 'shop', note: '已寄出：顺丰速运 SF1234567890' });
    expect(await invoiceParcels(row!.invoiceRef)).toMatchObject([
      { orderId: order.id, carrier: 'SF', trackingNo: 'SF1234567890' },
    ]);
    // The goods' parcel is still the order's own.
    const goods = await readLogistics(db, {
      shopId: s.shopId,
      userId: s.shopper.id,
      orderNo: order.orderNo,
    });
    expect(goods.trackingNo).toBe(`SF${order.orderNo}`);

    // Mailed once: a second 寄出 is refused and makes no second parcel.
    expect(await refusal(mail(s, row!.invoiceRef))).toEqual(Errors.NOT_MAILABLE);
    expect(await invoiceParcels(row!.invoiceRef)).toHaveLength(1);
    expect(
      (
        await listShopInvoices(db, {
          shopId: s.shopId,
          ownerId: s.ownerId,
          pageNum: 1,
          pageSize: 20,
        })
      ).toMail,
    ).toBe(0);

    // The shopper reads it with its parcel; nobody else does.
    const page = await readPaperInvoicePage(db, {
      shopId: s.shopId,
      userId: s.shopper.id,
      invoiceRef: row!.invoiceRef,
    });
    expect(page?.parcel).toMatchObject({ company: '顺丰速运', trackingNo: 'SF1234567890' });
    const other = await givenMember(db, s.shopId);
    expect(
      await readPaperInvoicePage(db, {
        shopId: s.shopId,
        userId: other.id,
        invoiceRef: row!.invoiceRef,
      }),
    ).toBeNull();

    // Its 签收 is the invoice's: the received order's completion clock does not move.
    const before = (await db.select().from(orders).where(eq(orders.id, order.id)))[0]!;
    const signedAt = later();
    await recordParcelTraces(db, {
      carrier: 'SF',
      trackingNo: 'SF1234567890',
      traces: [{ time: signedAt.toISOString(), text: '已签收，签收人：本人签收' }],
      state: '3',
      signedAt,
      aborted: false,
      now: signedAt,
    });
    const [parcel] = await invoiceParcels(row!.invoiceRef);
    expect(parcel!.signedAt).toEqual(signedAt);
    const after = (await db.select().from(orders).where(eq(orders.id, order.id)))[0]!;
    expect(after.autoCompleteAt).toEqual(before.autoCompleteAt);
    expect(after.status).toBe(OrderStatus.Completed);
  });

  it('an e-invoice is never mailed', async () => {
    const s = await givenInvoicingShop();
    await paper(s, true);
    const title = await aCompanyTitle(s);
    const { order } = await aReceivedOrder(s, [[s.shoes, 1]]);
    const applied = await apply(s, order.orderNo, title.id);
    await providerIssues();
    expect(await refusal(mail(s, applied.invoiceRef))).toEqual(Errors.NOT_MAILABLE);
    expect(await invoiceParcels(applied.invoiceRef)).toHaveLength(0);
    expect(
      await readPaperInvoicePage(db, {
        shopId: s.shopId,
        userId: s.shopper.id,
        invoiceRef: applied.invoiceRef,
      }),
    ).toBeNull();
  });

  it('issued again after a refund goes to the same address and waits to be mailed again', async () => {
    const s = await givenInvoicingShop();
    await paper(s, true);
    const title = await aCompanyTitle(s);
    const { order, lines } = await aReceivedOrder(s, [
      [s.shoes, 1],
      [s.guide, 1],
    ]);
    const applied = await applyInvoice(db, issuer, {
      shopId: s.shopId,
      userId: s.shopper.id,
      orderNo: order.orderNo,
      titleId: title.id,
      form: 'paper-normal',
      mobile: '13800000001',
    });
    await providerIssues();
    await mail(s, applied.invoiceRef);
    await returnLine(s, order.orderNo, lines[1]!.id);
    await runInvoiceTimers(db, issuer, later());
    await providerIssues();
    await providerIssues();
    const rows = await orderInvoices(order.id);
    expect(rows.map((r) => [r.kind, r.status, r.form, r.mailedAt !== null])).toEqual([
      ['blue', InvoiceStatus.Reversed, 'paper-normal', true],
      ['red', InvoiceStatus.Issued, 'paper-normal', false],
      ['blue', InvoiceStatus.Issued, 'paper-normal', false],
    ]);
    expect(rows[2]!.mailTo).toEqual(order.address);
    expect(
      (
        await listShopInvoices(db, {
          shopId: s.shopId,
          ownerId: s.ownerId,
          pageNum: 1,
          pageSize: 20,
        })
      ).toMail,
    ).toBe(1);
    await mail(s, rows[2]!.invoiceRef);
    expect(await invoiceParcels(rows[2]!.invoiceRef)).toHaveLength(1);
  });
});
