/**
 * Paper invoices on their way: the owner's 寄出 of an issued paper invoice (carrier and tracking
 * number; the parcel is the orders area's, tracked through Kuaidi100 like the goods), and what the
 * shopper reads of it (纸质发票详情, 发票物流).
 */
import { and, eq } from 'drizzle-orm';
import { appError } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { invoices, shops } from '#lib/platform/db/schema.ts';
import { carrierName } from '#lib/orders/index.ts';
import {
  addInvoiceParcel,
  invoiceParcel,
  subscribeInvoiceParcel,
  type InvoiceParcel,
  type Tracker,
} from '#lib/orders/index.server.ts';
import type { InvoiceView } from './contracts.ts';
import { findOwnInvoice, views } from './invoices.server.ts';
import { markMailed } from './transitions.server.ts';

/**
 * 寄出 by the shop's owner: the invoice marked mailed and its parcel recorded in one
 * transaction, then subscribed at Kuaidi100 (a failure is left to the order timers). Only an
 * issued paper invoice not yet mailed: mailing again is refused, never a second parcel.
 */
export async function mailPaperInvoice(
  db: DbOrTx,
  input: {
    shopId: string;
    ownerId: number;
    invoiceRef: string;
    carrier: string;
    trackingNo: string;
    now?: Date;
  },
  tracker?: Tracker,
): Promise<void> {
  const now = input.now ?? new Date();
  const [shop] = await db
    .select({ ownerId: shops.ownerUserId })
    .from(shops)
    .where(eq(shops.id, input.shopId));
  if (!shop || shop.ownerId !== input.ownerId) throw appError(Errors.NOT_SHOP_INVOICES);
  const company = carrierName(input.carrier);
  if (!company) throw appError(Errors.CARRIER_UNKNOWN);
  const trackingNo = input.trackingNo.trim().toUpperCase();
  const [row] = await db
    .select({ id: invoices.id, orderId: invoices.orderId })
    .from(invoices)
    .where(and(eq(invoices.invoiceRef, input.invoiceRef), eq(invoices.shopId, input.shopId)));
  if (!row) throw appError(Errors.INVOICE_NOT_FOUND);
  const parcelId = await db.transaction(async (tx) => {
    const marked = await markMailed(tx, {
      invoiceId: row.id,
      note: `已寄出：${company} ${trackingNo}`,
      now,
    });
    if (!marked) throw appError(Errors.NOT_MAILABLE);
    const id = await addInvoiceParcel(tx, {
      orderId: row.orderId,
      invoiceRef: input.invoiceRef,
      carrier: input.carrier,
      trackingNo,
      now,
    });
    if (id === null) throw appError(Errors.NOT_MAILABLE);
    return id;
  });
  if (tracker) await subscribeInvoiceParcel(db, tracker, parcelId, now);
}

export interface PaperInvoicePage {
  invoice: InvoiceView;
  parcel: InvoiceParcel | null;
}

/** A paper invoice of the shopper's with its parcel; null for anything else (not theirs, not paper). */
export async function readPaperInvoicePage(
  db: DbOrTx,
  input: { shopId: string; userId: number; invoiceRef: string },
): Promise<PaperInvoicePage | null> {
  const row = await findOwnInvoice(db, input);
  if (!row || !row.form.startsWith('paper-') || row.kind !== 'blue') return null;
  const [[invoice], parcel] = await Promise.all([
    views(db, [row]),
    invoiceParcel(db, row.invoiceRef),
  ]);
  return { invoice: invoice!, parcel };
}
