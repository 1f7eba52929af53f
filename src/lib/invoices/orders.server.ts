/**
 * What the invoices area reads of an order (the orders, catalogue, after-sales and payments areas
 * write it): the order itself, its lines as paid with their tax category, what was refunded on
 * each, and whether an after-sale is still under way.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import {
  afterSales,
  invoiceCategoryTaxes,
  invoiceSettings,
  orderLines,
  orders,
  products,
  refunds,
} from '#lib/platform/db/schema.ts';
import { openAfterSaleOf } from '#lib/orders/index.server.ts';
import type { OrderAddress } from '#lib/orders/index.ts';
import type { PaidLine, TaxCategory } from './amounts.ts';

export type ShopInvoiceSettings = typeof invoiceSettings.$inferSelect;

export async function readSettings(
  db: DbOrTx,
  shopId: string,
): Promise<ShopInvoiceSettings | undefined> {
  const [settings] = await db
    .select()
    .from(invoiceSettings)
    .where(eq(invoiceSettings.shopId, shopId));
  return settings;
}

export interface OrderFacts {
  id: number;
  orderNo: string;
  shopId: string;
  userId: number;
  status: number;
  afterSaleOpen: boolean;
  /** Where the goods went. */
  address: OrderAddress;
}

const factsColumns = {
  id: orders.id,
  orderNo: orders.orderNo,
  shopId: orders.shopId,
  userId: orders.userId,
  status: orders.status,
  address: orders.address,
  afterSaleOpen: sql<boolean>`${openAfterSaleOf(orders.id)}`,
};

export async function orderByNo(
  db: DbOrTx,
  input: { shopId: string; orderNo: string },
): Promise<OrderFacts | undefined> {
  const [order] = await db
    .select(factsColumns)
    .from(orders)
    .where(and(eq(orders.orderNo, input.orderNo), eq(orders.shopId, input.shopId)));
  return order;
}

export async function orderById(db: DbOrTx, orderId: number): Promise<OrderFacts | undefined> {
  const [order] = await db.select(factsColumns).from(orders).where(eq(orders.id, orderId));
  return order;
}

/** How the shop's goods are taxed unless their category says otherwise; freight follows it. */
export function defaultTax(settings: ShopInvoiceSettings): TaxCategory {
  return {
    taxCode: settings.taxCode,
    shortName: settings.taxShortName,
    rateBp: settings.taxRateBp,
  };
}

/** The order's lines as paid, with what came back on each and how its goods are taxed. */
export async function paidLines(
  db: DbOrTx,
  order: { id: number; shopId: string },
  settings: ShopInvoiceSettings,
): Promise<PaidLine[]> {
  const rows = await db
    .select({
      productName: orderLines.productName,
      skuDesc: orderLines.skuDesc,
      quantity: orderLines.quantity,
      lineCents: orderLines.lineCents,
      promotionCents: orderLines.promotionCents,
      couponCents: orderLines.couponCents,
      freightCents: orderLines.freightCents,
      insuranceCents: orderLines.insuranceCents,
      refundedCents: sql<number>`coalesce((select sum(${refunds.amountCents}) from ${refunds}
        join ${afterSales} on ${afterSales.id} = ${refunds.afterSaleId}
        where ${afterSales.orderLineId} = ${orderLines.id}), 0)::int`,
      taxCode: invoiceCategoryTaxes.taxCode,
      shortName: invoiceCategoryTaxes.shortName,
      rateBp: invoiceCategoryTaxes.rateBp,
    })
    .from(orderLines)
    .innerJoin(products, eq(products.id, orderLines.productId))
    .leftJoin(
      invoiceCategoryTaxes,
      and(
        eq(invoiceCategoryTaxes.shopId, order.shopId),
        eq(invoiceCategoryTaxes.categoryId, products.categoryId),
      ),
    )
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.id));
  const fallback = defaultTax(settings);
  return rows.map((row) => ({
    productName: row.productName,
    skuDesc: row.skuDesc,
    quantity: row.quantity,
    goodsCents: row.lineCents - row.promotionCents - row.couponCents,
    freightCents: row.freightCents,
    insuranceCents: row.insuranceCents,
    refundedCents: Number(row.refundedCents),
    tax:
      row.taxCode !== null && row.shortName !== null && row.rateBp !== null
        ? { taxCode: row.taxCode, shortName: row.shortName, rateBp: row.rateBp }
        : fallback,
  }));
}
