/**
 * The one writer of an invoice's status and its events (DESIGN "States are tables"): one
 * conditional UPDATE guarded by the transition table, with the event row in the same transaction.
 */
import { and, eq, inArray, isNull, like, sql } from 'drizzle-orm';
import type { Tx } from '#lib/platform/db/client.server.ts';
import { invoiceEvents, invoices } from '#lib/platform/db/schema.ts';
import { InvoiceStatus, invoiceTransitions } from './status.ts';

export type InvoiceActor = 'shopper' | 'shop' | 'provider' | 'timer';

type InvoiceRow = typeof invoices.$inferSelect;
type InvoiceSet = Partial<
  Pick<
    InvoiceRow,
    | 'serialNo'
    | 'invoiceNo'
    | 'invoiceCode'
    | 'issuedAt'
    | 'failure'
    | 'manual'
    | 'pdfUrl'
    | 'tries'
    | 'nextTryAt'
    | 'requestNo'
    | 'items'
    | 'amountCents'
    | 'taxCents'
    | 'buyer'
    | 'seller'
    | 'form'
    | 'mailTo'
  >
>;

/** Moves the invoice to `to` when its status allows; the row as moved, or undefined. */
export async function moveInvoice(
  tx: Tx,
  input: {
    invoiceId: number;
    to: InvoiceStatus;
    actor: InvoiceActor;
    note?: string;
    set?: InvoiceSet;
    now: Date;
  },
): Promise<InvoiceRow | undefined> {
  const from = invoiceTransitions.allowedFrom(input.to);
  const [before] = await tx
    .select({ status: invoices.status })
    .from(invoices)
    .where(and(eq(invoices.id, input.invoiceId), inArray(invoices.status, from)))
    .for('update');
  if (!before) return undefined;
  const [moved] = await tx
    .update(invoices)
    .set({ ...input.set, status: input.to, updatedAt: input.now })
    .where(and(eq(invoices.id, input.invoiceId), inArray(invoices.status, from)))
    .returning();
  if (!moved) return undefined;
  await tx.insert(invoiceEvents).values({
    invoiceId: moved.id,
    fromStatus: before.status,
    toStatus: input.to,
    actor: input.actor,
    note: input.note ?? '',
    createdAt: input.now,
  });
  return moved;
}

/** The event of an invoice made in a state (no status before it). */
export async function recordCreated(
  tx: Tx,
  input: { invoiceId: number; status: InvoiceStatus; actor: InvoiceActor; note: string; now: Date },
): Promise<void> {
  await tx.insert(invoiceEvents).values({
    invoiceId: input.invoiceId,
    fromStatus: null,
    toStatus: input.status,
    actor: input.actor,
    note: input.note,
    createdAt: input.now,
  });
}

/** Keeps the row as it is but notes a provider that was away: try again after `nextTryAt`. */
export async function deferInvoice(
  tx: Tx,
  input: { invoiceId: number; status: InvoiceStatus; nextTryAt: Date; now: Date },
): Promise<void> {
  await tx
    .update(invoices)
    .set({ tries: sql`${invoices.tries} + 1`, nextTryAt: input.nextTryAt, updatedAt: input.now })
    .where(and(eq(invoices.id, input.invoiceId), eq(invoices.status, input.status)));
}

/**
 * 寄出: an issued paper invoice not yet mailed is marked mailed (one guarded UPDATE, its event
 * in the same transaction; its status stays issued). The row as marked, or undefined when it is
 * not an issued, unmailed paper invoice.
 */
export async function markMailed(
  tx: Tx,
  input: { invoiceId: number; note: string; now: Date },
): Promise<InvoiceRow | undefined> {
  const [marked] = await tx
    .update(invoices)
    .set({ mailedAt: input.now, updatedAt: input.now })
    .where(
      and(
        eq(invoices.id, input.invoiceId),
        eq(invoices.status, InvoiceStatus.Issued),
        eq(invoices.kind, 'blue'),
        like(invoices.form, 'paper-%'),
        isNull(invoices.mailedAt),
      ),
    )
    .returning();
  if (!marked) return undefined;
  await tx.insert(invoiceEvents).values({
    invoiceId: marked.id,
    fromStatus: InvoiceStatus.Issued,
    toStatus: InvoiceStatus.Issued,
    actor: 'shop',
    note: input.note,
    createdAt: input.now,
  });
  return marked;
}
