/**
 * Invoices under concurrency on a real PostgreSQL server:
 * - ten applications for one received order at the same moment make one invoice (the others are
 *   told it was applied for already);
 * - five returns of an invoiced order refunded at the same moment, and the invoice reconciled by
 *   as many callers at once, make one reversal: one red letter for the invoice, which ends
 *   reversed, and one invoice issued again for what remains (nothing, here: every piece came
 *   back but the freight).
 * The invoice provider is held in memory (tests/fixtures/invoice-provider.ts); the 诺诺 adapter's
 * own races are in nuonuo-race.test.ts.
 */
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bootDatabase } from '#lib/platform/boot.server.ts';
import type { Database, Db } from '#lib/platform/db/client.server.ts';
import {
  cartItems,
  invoiceRefunds,
  invoices,
  orderLines,
  orders,
  refunds,
  skus,
} from '#lib/platform/db/schema.ts';
import { placeOrder, previewCheckout } from '#lib/orders/place-order.server.ts';
import { confirmReceipt, shipOrder } from '#lib/orders/commands.server.ts';
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
import { applyInvoice } from '#lib/invoices/invoices.server.ts';
import {
  reconcileOrderInvoices,
  runInvoiceTimers,
  type InvoiceIssuer,
} from '#lib/invoices/issuing.server.ts';
import { saveInvoiceSettings } from '#lib/invoices/settings.server.ts';
import { saveTitle } from '#lib/invoices/titles.server.ts';
import { InvoiceStatus } from '#lib/invoices/status.ts';
import { TEST_DATABASE_URL, postgresDatabase } from '../fixtures/db.ts';
import {
  givenAddress,
  givenMember,
  givenProduct,
  givenSale,
  givenShop,
} from '../fixtures/given.ts';
import { inProcessGateway, payAtGateway, type InProcessGateway } from '../fixtures/payments.ts';
import { MemoryInvoiceProvider } from '../fixtures/invoice-provider.ts';

const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';

let database: Database;
let db: Db;
let gateway: InProcessGateway;
const provider = new MemoryInvoiceProvider();
const issuer: InvoiceIssuer = {
  provider,
  callbackUrl: 'http://shop.test/api/invoice/notify/nuonuo',
};
let clock = Date.now();
const later = () => new Date((clock += 5 * 60_000));

beforeAll(async () => {
  await (await postgresDatabase()).close();
  database = await bootDatabase({ url: TEST_DATABASE_URL }, { seed: false });
  db = database.db;
  gateway = await inProcessGateway(db);
});
afterAll(() => database.close());

let keys = 0;

/** A shop issuing invoices, five products, and a shopper's received order of one of each. */
async function aReceivedOrder() {
  const shop = await givenShop(db);
  await saveInvoiceSettings(db, shop.shopId, {
    enabled: true,
    specialEnabled: false,
    sellerName: '并发测试商贸有限公司',
    sellerTaxId: '914403001922038216',
    sellerAddress: '',
    sellerPhone: '',
    sellerBank: '',
    sellerAccount: '',
    taxCode: '1040101010000000000',
    taxShortName: '服装',
    taxRateBp: 1300,
  });
  const sale = await givenSale(db, shop.shopId);
  const buyer = await givenMember(db, shop.shopId);
  const address = await givenAddress(db, buyer.id);
  for (let i = 0; i < 5; i += 1) {
    const product = await givenProduct(db, sale, { name: `并发商品${i + 1}`, priceCents: 9_900 });
    const [sku] = await db
      .select({ id: skus.id })
      .from(skus)
      .where(eq(skus.skuNo, product.skuNos[0]!));
    await db
      .insert(cartItems)
      .values({ shopId: shop.shopId, userId: buyer.id, skuId: sku!.id, quantity: 1 });
  }
  const source = { shopId: shop.shopId, userId: buyer.id, insured: false };
  const { quote } = await previewCheckout(db, source);
  const placed = await placeOrder(db, {
    ...source,
    addressId: address.id,
    quote,
    idempotencyKey: `invoice-race-${(keys += 1)}`,
  });
  const opened = await createPayment(db, gateway, {
    shopId: shop.shopId,
    userId: buyer.id,
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
    shopId: shop.shopId,
    ownerId: shop.ownerId,
    orderNo,
    carrier: 'SF',
    company: '顺丰速运',
    trackingNo: `SF${orderNo}`,
  });
  await confirmReceipt(db, { shopId: shop.shopId, userId: buyer.id, orderNo });
  const [order] = await db.select().from(orders).where(eq(orders.orderNo, orderNo));
  expect(order!.status).toBe(OrderStatus.Completed);
  const title = await saveTitle(db, {
    userId: buyer.id,
    kind: 'company',
    name: '阿里巴巴（中国）有限公司',
    taxId: '91330100716105852F',
    isDefault: true,
  });
  return { shop, buyer, order: order!, titleId: title.id };
}

const apply = (o: Awaited<ReturnType<typeof aReceivedOrder>>) =>
  applyInvoice(db, issuer, {
    shopId: o.shop.shopId,
    userId: o.buyer.id,
    orderNo: o.order.orderNo,
    titleId: o.titleId,
    form: 'e-normal',
    mobile: '13800000001',
  });

it('makes one invoice of ten applications for one order at once', async () => {
  const o = await aReceivedOrder();
  const results = await Promise.allSettled(Array.from({ length: 10 }, () => apply(o)));
  expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  for (const r of results) {
    if (r.status === 'rejected') {
      expect(r.reason).toBeInstanceOf(AppError);
      expect((r.reason as AppError).code).toBe(Errors.ALREADY_APPLIED.code);
    }
  }
  expect(await db.select().from(invoices).where(eq(invoices.orderId, o.order.id))).toHaveLength(1);
});

it('makes one reversal of five refunds on an invoiced order at once', async () => {
  const o = await aReceivedOrder();
  await apply(o);
  provider.issueAll(new Date(clock));
  await runInvoiceTimers(db, issuer, later());
  const [blue] = await db.select().from(invoices).where(eq(invoices.orderId, o.order.id));
  expect(blue!.status).toBe(InvoiceStatus.Issued);

  const lines = await db
    .select({ id: orderLines.id })
    .from(orderLines)
    .where(eq(orderLines.orderId, o.order.id))
    .orderBy(asc(orderLines.id));
  const afterSaleNos: string[] = [];
  for (const line of lines) {
    const applied = await applyAfterSale(db, {
      shopId: o.shop.shopId,
      userId: o.buyer.id,
      orderNo: o.order.orderNo,
      lineId: line.id,
      kind: 'return',
      reason: '不想要了',
      description: '',
      photoIds: [],
      auditChannel: 6,
    });
    await reviewAfterSale(db, gateway, {
      shopId: o.shop.shopId,
      ownerId: o.shop.ownerId,
      afterSaleNo: applied.afterSaleNo,
      approve: true,
    });
    await shipReturn(db, {
      shopId: o.shop.shopId,
      userId: o.buyer.id,
      afterSaleNo: applied.afterSaleNo,
      company: '中通快递',
      trackingNo: `ZT${applied.afterSaleNo}`,
    });
    afterSaleNos.push(applied.afterSaleNo);
  }

  // The five returns are received and refunded at once, and as many callers reconcile at once.
  await Promise.all(
    afterSaleNos.map((afterSaleNo) =>
      receiveReturn(db, gateway, { shopId: o.shop.shopId, ownerId: o.shop.ownerId, afterSaleNo }),
    ),
  );
  expect(await db.select().from(refunds).where(eq(refunds.orderId, o.order.id))).toHaveLength(5);
  expect(
    await db.select().from(invoiceRefunds).where(eq(invoiceRefunds.orderId, o.order.id)),
  ).toHaveLength(5);
  const now = later();
  await Promise.all(
    Array.from({ length: 5 }, () => reconcileOrderInvoices(db, issuer, o.order.id, now)),
  );
  const reds = () =>
    db
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, o.order.id), eq(invoices.kind, 'red')));
  expect(await reds()).toHaveLength(1);
  expect((await reds())[0]!.reversesId).toBe(blue!.id);
  expect((await reds())[0]!.amountCents).toBe(-blue!.amountCents);

  // The red letter issued: the invoice is reversed, once; the refunds reach the shopper; what
  // remains (the freight the shop kept, if any) is issued again, once.
  await settle();
  await expect
    .poll(
      async () => {
        await gateway.deliver();
        return (await db.select().from(refunds).where(eq(refunds.orderId, o.order.id))).filter(
          (r) => r.status === RefundState.Succeeded,
        ).length;
      },
      { timeout: 10_000, interval: 50 },
    )
    .toBe(5);
  await settle();
  const rows = await db
    .select()
    .from(invoices)
    .where(eq(invoices.orderId, o.order.id))
    .orderBy(asc(invoices.id));
  expect(rows.filter((r) => r.kind === 'red')).toHaveLength(1);
  expect(rows[0]!.status).toBe(InvoiceStatus.Reversed);
  const standing = rows.filter((r) => r.kind === 'blue' && r.status !== InvoiceStatus.Reversed);
  const kept = o.order.freightCents;
  expect(standing.map((r) => [r.status, r.amountCents])).toEqual(
    kept > 0 ? [[InvoiceStatus.Issued, kept]] : [],
  );
});

/** The provider issues what it holds and the timer hears of it, a few rounds, callers racing. */
async function settle() {
  for (let round = 0; round < 4; round += 1) {
    provider.issueAll(new Date(clock));
    const now = later();
    await Promise.all(Array.from({ length: 3 }, () => runInvoiceTimers(db, issuer, now)));
  }
}
