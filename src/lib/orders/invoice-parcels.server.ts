/**
 * A paper invoice's parcel. The invoices area mails it (the owner's 寄出) through here, inside its
 * own transaction; it is subscribed at Kuaidi100 like the goods' parcel and its pushed traces are
 * kept the same way, but its 签收 completes nothing (parcels.server.ts). One parcel per invoice.
 */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { logistics } from '#lib/platform/db/schema.ts';
import { carrierName } from './carriers.ts';
import type { TraceView } from './contracts.ts';
import { subscribeParcel } from './parcels.server.ts';
import type { Tracker } from './kuaidi100/tracker.server.ts';

/**
 * Records the parcel carrying a paper invoice of an order; due for its subscription at once.
 * Answers its id, or null when the invoice already has one (a second 寄出 changes nothing).
 */
export async function addInvoiceParcel(
  tx: DbOrTx,
  input: { orderId: number; invoiceRef: string; carrier: string; trackingNo: string; now: Date },
): Promise<number | null> {
  const company = carrierName(input.carrier);
  if (!company) throw new Error(`unknown carrier ${input.carrier}`);
  const [parcel] = await tx
    .insert(logistics)
    .values({
      orderId: input.orderId,
      invoiceRef: input.invoiceRef,
      carrier: input.carrier,
      company,
      trackingNo: input.trackingNo,
      subscribeDueAt: input.now,
      createdAt: input.now,
    })
    .onConflictDoNothing()
    .returning({ id: logistics.id });
  return parcel?.id ?? null;
}

/** Subscribes the invoice's parcel now, after its commit; the order timers retry a failure. */
export function subscribeInvoiceParcel(
  db: DbOrTx,
  tracker: Tracker,
  parcelId: number,
  now = new Date(),
): Promise<boolean> {
  return subscribeParcel(db, tracker, parcelId, now);
}

export interface InvoiceParcel {
  carrier: string;
  company: string;
  trackingNo: string;
  /** Newest first, as Kuaidi100 last pushed them. */
  traces: TraceView[];
  mailedAt: string;
  signedAt: string | null;
}

/** The parcel of a paper invoice, or null before it is mailed. */
export async function invoiceParcel(db: DbOrTx, invoiceRef: string): Promise<InvoiceParcel | null> {
  const [row] = await db
    .select({
      carrier: logistics.carrier,
      company: logistics.company,
      trackingNo: logistics.trackingNo,
      traces: logistics.traces,
      createdAt: logistics.createdAt,
      signedAt: logistics.signedAt,
    })
    .from(logistics)
    .where(eq(logistics.invoiceRef, invoiceRef));
  if (!row) return null;
  return {
    carrier: row.carrier,
    company: row.company,
    trackingNo: row.trackingNo,
    traces: row.traces,
    mailedAt: row.createdAt.toISOString(),
    signedAt: row.signedAt?.toISOString() ?? null,
  };
}
