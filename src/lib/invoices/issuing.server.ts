/**
 * Issuing through the provider, asynchronously and keyed on the order:
 * - an invoice is saved (applied) in its own transaction, then submitted: the provider answers a
 *   serial number (issuing) or refuses it (failed, with its words); a provider that is away
 *   leaves it applied for the timer;
 * - the result comes back on the callback, or the timer asks for it: issued (its number, date
 *   and PDF, kept here) or failed;
 * - every refund of an invoiced order is noted in the refund's own transaction
 *   (`noteInvoiceRefund`); reconciling the order then reverses an issued invoice that no longer
 *   matches what was paid (a red letter for the whole of it) and, once the red letter is issued,
 *   issues again for what remains.
 * Each step is a guarded update inside a transaction, so callbacks, the timer and racing
 * refunds can repeat it safely: one red letter per blue invoice, one standing blue per order.
 */
import { and, asc, desc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '#lib/platform/db/client.server.ts';
import {
  afterSales,
  invoiceFiles,
  invoiceRefunds,
  invoices,
  orderLines,
  orders,
  refunds,
} from '#lib/platform/db/schema.ts';
import { openAfterSaleOf } from '#lib/orders/index.server.ts';
import { newNumber } from '#lib/platform/numbers.server.ts';
import { invoiceItems, invoiceTotals, reversedItems } from './amounts.ts';
import { defaultTax, orderById, paidLines, readSettings } from './orders.server.ts';
import {
  InvoiceProviderError,
  type InvoiceProvider,
  type IssueRequest,
  type ProviderResult,
} from './provider.ts';
import { InvoiceStatus } from './status.ts';
import {
  deferInvoice,
  moveInvoice,
  recordCreated,
  type InvoiceActor,
} from './transitions.server.ts';

/** The provider and where it posts its results. */
export interface InvoiceIssuer {
  provider: InvoiceProvider;
  callbackUrl: string;
}

type InvoiceRow = typeof invoices.$inferSelect;

/** How long the provider is given before it is asked how a request stands. */
export const QUERY_AFTER_MS = 30_000;
/** Waits between tries while the provider is away: 1, 2, 4 … minutes, at most an hour. */
export function retryDelayMs(tries: number): number {
  return Math.min(60, 2 ** Math.min(tries, 6)) * 60_000;
}

/** The provider's orderNo for one submission: 20 digits, time first. */
export function newRequestNo(now: Date): string {
  const number = newNumber('', now);
  return number.slice(0, 12) + number.slice(13);
}

export const newInvoiceRef = (now: Date) => newNumber('FP', now);

function requestOf(
  row: InvoiceRow,
  reverses: InvoiceRow | null,
  callbackUrl: string,
): IssueRequest {
  return {
    requestNo: row.requestNo,
    kind: row.kind as IssueRequest['kind'],
    form: row.form as IssueRequest['form'],
    buyer: {
      name: row.buyer.name,
      taxNo: row.buyer.taxNo,
      ...(row.buyer.address ? { address: row.buyer.address } : {}),
      ...(row.buyer.phone ? { phone: row.buyer.phone } : {}),
      ...(row.buyer.bank ? { bank: row.buyer.bank } : {}),
      ...(row.buyer.account ? { account: row.buyer.account } : {}),
      email: row.buyer.email,
      mobile: row.buyer.mobile,
    },
    seller: row.seller,
    items: row.items,
    ...(reverses && reverses.invoiceNo && reverses.issuedAt
      ? {
          reverses: {
            invoiceNo: reverses.invoiceNo,
            invoiceCode: reverses.invoiceCode,
            issuedAt: reverses.issuedAt,
            reason: '销货退回',
          },
        }
      : {}),
    remark: `订单号：${row.orderNo}`,
    callbackUrl,
  };
}

async function invoiceRow(db: DbOrTx, id: number): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  return row;
}

/**
 * Submits an applied invoice to the provider. Answers the row as it stands afterwards. The
 * provider answers the same serial number for the same request number, so a submission repeated
 * by the timer or a racing request never issues twice; only one of them moves the row.
 */
export async function submitInvoice(
  db: DbOrTx,
  issuer: InvoiceIssuer,
  invoiceId: number,
  actor: InvoiceActor,
  now = new Date(),
): Promise<InvoiceRow | undefined> {
  const row = await invoiceRow(db, invoiceId);
  if (!row || row.status !== InvoiceStatus.Applied) return row;
  const reverses =
    row.reversesId === null ? null : ((await invoiceRow(db, row.reversesId)) ?? null);
  try {
    const { serialNo } = await issuer.provider.submit(requestOf(row, reverses, issuer.callbackUrl));
    await db.transaction((tx) =>
      moveInvoice(tx, {
        invoiceId,
        to: InvoiceStatus.Issuing,
        actor,
        note: serialNo,
        set: { serialNo, tries: 0, nextTryAt: new Date(now.getTime() + QUERY_AFTER_MS) },
        now,
      }),
    );
  } catch (error) {
    if (error instanceof InvoiceProviderError && !error.retryable) {
      await db.transaction((tx) =>
        moveInvoice(tx, {
          invoiceId,
          to: InvoiceStatus.Failed,
          actor: 'provider',
          note: error.message,
          set: { failure: error.message, tries: 0, nextTryAt: failedRetryAt(row, now) },
          now,
        }),
      );
    } else {
      console.error(`[invoices] ${row.invoiceRef} not submitted yet:`, (error as Error).message);
      await db.transaction((tx) =>
        deferInvoice(tx, {
          invoiceId,
          status: InvoiceStatus.Applied,
          nextTryAt: new Date(now.getTime() + retryDelayMs(row.tries)),
          now,
        }),
      );
    }
  }
  return invoiceRow(db, invoiceId);
}

/**
 * A red letter that failed is the shop's to finish: it is submitted again by the timer (with a
 * new request number) until it is issued. A blue one waits for its buyer's 重新提交.
 */
function failedRetryAt(row: InvoiceRow, now: Date): Date | null {
  return row.kind === 'red' ? new Date(now.getTime() + retryDelayMs(row.tries)) : null;
}

/**
 * The provider's word on a submission (its callback, or the timer's query): issued or failed,
 * once; still issuing is noted for the next query. After an issued one the PDF is kept and the
 * order reconciled (a red letter issued lets the remainder be issued again).
 */
export async function applyProviderResult(
  db: DbOrTx,
  issuer: InvoiceIssuer,
  input: { serialNo: string; result: ProviderResult; actor: InvoiceActor },
  now = new Date(),
): Promise<void> {
  const [row] = await db.select().from(invoices).where(eq(invoices.serialNo, input.serialNo));
  if (!row || row.status !== InvoiceStatus.Issuing) return;
  const { result } = input;
  if (result.state === 'issuing') {
    await db.transaction((tx) =>
      deferInvoice(tx, {
        invoiceId: row.id,
        status: InvoiceStatus.Issuing,
        nextTryAt: new Date(now.getTime() + QUERY_AFTER_MS),
        now,
      }),
    );
    return;
  }
  if (result.state === 'failed') {
    await db.transaction((tx) =>
      moveInvoice(tx, {
        invoiceId: row.id,
        to: InvoiceStatus.Failed,
        actor: input.actor,
        note: result.reason,
        set: { failure: result.reason, tries: 0, nextTryAt: failedRetryAt(row, now) },
        now,
      }),
    );
    return;
  }
  const issued = await db.transaction(async (tx) => {
    const moved = await moveInvoice(tx, {
      invoiceId: row.id,
      to: InvoiceStatus.Issued,
      actor: input.actor,
      note: result.invoiceNo,
      set: {
        invoiceNo: result.invoiceNo,
        invoiceCode: result.invoiceCode,
        issuedAt: result.issuedAt,
        pdfUrl: result.pdfUrl,
        failure: null,
        nextTryAt: null,
      },
      now,
    });
    if (moved && moved.reversesId !== null) {
      await moveInvoice(tx, {
        invoiceId: moved.reversesId,
        to: InvoiceStatus.Reversed,
        actor: input.actor,
        note: `红字发票 ${result.invoiceNo}`,
        now,
      });
    }
    return moved;
  });
  if (!issued) return;
  await keepPdf(db, issuer, issued.id);
  await reconcileOrderInvoices(db, issuer, issued.orderId, now);
}

/** Fetches and keeps an issued invoice's PDF; a provider away leaves it for the timer. */
export async function keepPdf(db: DbOrTx, issuer: InvoiceIssuer, invoiceId: number): Promise<void> {
  const row = await invoiceRow(db, invoiceId);
  if (!row?.pdfUrl) return;
  try {
    const bytes = await issuer.provider.fetchPdf(row.pdfUrl);
    await db
      .insert(invoiceFiles)
      .values({ invoiceId, contentType: 'application/pdf', bytes })
      .onConflictDoNothing();
    await db.update(invoices).set({ pdfUrl: null }).where(eq(invoices.id, invoiceId));
  } catch (error) {
    console.error(`[invoices] PDF of ${row.invoiceRef} not kept yet:`, (error as Error).message);
  }
}

/**
 * Notes a refund of an order in the refund's own transaction, when the order has an invoice: the
 * invoice is reconciled after it (at once after the commit, else by the timer), once per refund.
 */
export async function noteInvoiceRefund(
  tx: Tx,
  input: { orderId: number; refundNo: string; now: Date },
): Promise<void> {
  const [invoiced] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.orderId, input.orderId))
    .limit(1);
  if (!invoiced) return;
  await tx
    .insert(invoiceRefunds)
    .values({ refundNo: input.refundNo, orderId: input.orderId, createdAt: input.now })
    .onConflictDoNothing();
}

/**
 * Brings an order's invoices in line with what was paid, under a lock on them:
 * - an issued blue invoice whose amount is no longer what the order is paid for is reversed in
 *   whole: it becomes reversing and its red letter is saved;
 * - when the last blue invoice is reversed and nothing stands in its place, the remainder (if
 *   any, and no after-sale under way) is issued again with the same title;
 * - the order's noted refunds are marked handled.
 * The invoices saved here are submitted after the commit.
 */
export async function reconcileOrderInvoices(
  db: DbOrTx,
  issuer: InvoiceIssuer,
  orderId: number,
  now = new Date(),
): Promise<void> {
  const created = await db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(invoices)
      .where(eq(invoices.orderId, orderId))
      .orderBy(desc(invoices.id))
      .for('update');
    await tx
      .update(invoiceRefunds)
      .set({ handledAt: now })
      .where(and(eq(invoiceRefunds.orderId, orderId), isNull(invoiceRefunds.handledAt)));
    const blue = rows.filter((r) => r.kind === 'blue');
    const standing = blue.find((r) => r.status !== InvoiceStatus.Reversed);
    const order = await orderById(tx, orderId);
    const settings = order && (await readSettings(tx, order.shopId));
    if (!order || !settings) return [];
    const items = invoiceItems(await paidLines(tx, order, settings), defaultTax(settings));
    const totals = invoiceTotals(items);

    if (standing?.status === InvoiceStatus.Issued && standing.amountCents !== totals.amountCents) {
      const moved = await moveInvoice(tx, {
        invoiceId: standing.id,
        to: InvoiceStatus.Reversing,
        actor: 'timer',
        note: '订单退款，发票冲红',
        now,
      });
      if (!moved) return [];
      const red = reversedItems(standing.items);
      const redTotals = invoiceTotals(red);
      const [saved] = await tx
        .insert(invoices)
        .values({
          invoiceRef: newInvoiceRef(now),
          requestNo: newRequestNo(now),
          shopId: standing.shopId,
          orderId,
          userId: standing.userId,
          kind: 'red',
          form: standing.form,
          buyer: standing.buyer,
          seller: standing.seller,
          items: red,
          amountCents: redTotals.amountCents,
          taxCents: redTotals.taxCents,
          reversesId: standing.id,
          orderNo: standing.orderNo,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: invoices.id });
      if (!saved) return [];
      await recordCreated(tx, {
        invoiceId: saved.id,
        status: InvoiceStatus.Applied,
        actor: 'timer',
        note: `冲红 ${standing.invoiceRef}`,
        now,
      });
      return [saved.id];
    }

    const last = blue[0];
    const replaced = last && blue.some((r) => r.replacesId === last.id);
    if (
      !standing &&
      last?.status === InvoiceStatus.Reversed &&
      !replaced &&
      items.length > 0 &&
      !order.afterSaleOpen
    ) {
      const [saved] = await tx
        .insert(invoices)
        .values({
          invoiceRef: newInvoiceRef(now),
          requestNo: newRequestNo(now),
          shopId: last.shopId,
          orderId,
          userId: last.userId,
          kind: 'blue',
          form: last.form,
          // A paper invoice issued again goes where the one it replaces went, and is mailed again.
          mailTo: last.mailTo,
          buyer: last.buyer,
          seller: last.seller,
          items,
          amountCents: totals.amountCents,
          taxCents: totals.taxCents,
          replacesId: last.id,
          orderNo: last.orderNo,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: invoices.id });
      if (!saved) return [];
      await recordCreated(tx, {
        invoiceId: saved.id,
        status: InvoiceStatus.Applied,
        actor: 'timer',
        note: `按退款后金额重开 ${last.invoiceRef}`,
        now,
      });
      return [saved.id];
    }
    return [];
  });
  for (const id of created) await submitInvoice(db, issuer, id, 'timer', now);
}

const SWEEP_BATCH = 50;

/**
 * One round of the invoice timer: refunds not yet reconciled, submissions the provider was away
 * for, results not yet heard of, PDFs not yet kept, red letters to submit again, and reversed
 * invoices whose remainder waited for an after-sale to end.
 */
export async function runInvoiceTimers(
  db: DbOrTx,
  issuer: InvoiceIssuer,
  now = new Date(),
): Promise<void> {
  const due = or(isNull(invoices.nextTryAt), lte(invoices.nextTryAt, now));
  const changed = await db
    .selectDistinct({ orderId: invoiceRefunds.orderId })
    .from(invoiceRefunds)
    .where(isNull(invoiceRefunds.handledAt))
    .limit(SWEEP_BATCH);
  for (const { orderId } of changed)
    await step(() => reconcileOrderInvoices(db, issuer, orderId, now));

  const applied = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.status, InvoiceStatus.Applied), due))
    .orderBy(asc(invoices.id))
    .limit(SWEEP_BATCH);
  for (const { id } of applied) await step(() => submitInvoice(db, issuer, id, 'timer', now));

  const issuing = await db
    .select({ id: invoices.id, serialNo: invoices.serialNo })
    .from(invoices)
    .where(and(eq(invoices.status, InvoiceStatus.Issuing), due))
    .orderBy(asc(invoices.id))
    .limit(SWEEP_BATCH);
  for (const { id, serialNo } of issuing) {
    await step(async () => {
      try {
        const result = await issuer.provider.query(serialNo!);
        await applyProviderResult(db, issuer, { serialNo: serialNo!, result, actor: 'timer' }, now);
      } catch (error) {
        await db.transaction((tx) =>
          deferInvoice(tx, {
            invoiceId: id,
            status: InvoiceStatus.Issuing,
            nextTryAt: new Date(now.getTime() + retryDelayMs(1)),
            now,
          }),
        );
        throw error;
      }
    });
  }

  const withoutPdf = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.status, InvoiceStatus.Issued), sql`${invoices.pdfUrl} is not null`))
    .limit(SWEEP_BATCH);
  for (const { id } of withoutPdf) await step(() => keepPdf(db, issuer, id));

  const redFailed = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        eq(invoices.kind, 'red'),
        eq(invoices.status, InvoiceStatus.Failed),
        lte(invoices.nextTryAt, now),
      ),
    )
    .limit(SWEEP_BATCH);
  for (const { id } of redFailed) {
    await step(async () => {
      const again = await db.transaction((tx) =>
        moveInvoice(tx, {
          invoiceId: id,
          to: InvoiceStatus.Applied,
          actor: 'timer',
          note: '红字发票重新提交',
          set: { requestNo: newRequestNo(now), serialNo: null, nextTryAt: null },
          now,
        }),
      );
      if (again) await submitInvoice(db, issuer, id, 'timer', now);
    });
  }

  // A reversed invoice with nothing in its place, on an order that still has something paid for
  // and no after-sale under way: its remainder waited for the after-sale to end.
  const waiting = await db
    .selectDistinct({ orderId: invoices.orderId })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(
      and(
        eq(invoices.kind, 'blue'),
        eq(invoices.status, InvoiceStatus.Reversed),
        sql`not exists (select 1 from ${invoices} as other where other.order_id = ${invoices.orderId}
          and other.kind = 'blue'
          and (other.status <> ${InvoiceStatus.Reversed} or other.replaces_id = ${invoices.id}))`,
        sql`not ${openAfterSaleOf(orders.id)}`,
        sql`exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${orders.id}
          and ${orderLines.paidCents} > coalesce((select sum(${refunds.amountCents}) from ${refunds}
            join ${afterSales} on ${afterSales.id} = ${refunds.afterSaleId}
            where ${afterSales.orderLineId} = ${orderLines.id}), 0))`,
      ),
    )
    .limit(SWEEP_BATCH);
  for (const { orderId } of waiting) {
    await step(() => reconcileOrderInvoices(db, issuer, orderId, now));
  }
}

async function step(run: () => Promise<unknown>): Promise<void> {
  try {
    await run();
  } catch (error) {
    console.error('[invoices] timer step failed:', (error as Error).message);
  }
}

export const INVOICE_TIMER_INTERVAL_MS = 15_000;

/** Runs the invoice timer every INVOICE_TIMER_INTERVAL_MS until the answer is called. */
export function startInvoiceTimers(db: DbOrTx, issuer: () => Promise<InvoiceIssuer>): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    issuer()
      .then((it) => runInvoiceTimers(db, it))
      .catch((error: unknown) => console.error('[invoices] timer round failed:', error))
      .finally(() => {
        running = false;
      });
  }, INVOICE_TIMER_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
