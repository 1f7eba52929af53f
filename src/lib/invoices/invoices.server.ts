/**
 * A shopper's invoices: what an order may be invoiced for, applying (one standing invoice per
 * order, whoever races), 重新提交 after a failure, the record list, an order's invoices and the
 * PDF. The shop's side: its applications, failed ones first, and 手动开票.
 */
import { and, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { appError } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import type { LinkTarget } from '#lib/platform/links.ts';
import { invoiceFiles, invoices, orders, shops, users } from '#lib/platform/db/schema.ts';
import { OrderStatus } from '#lib/orders/index.ts';
import { maskPhone } from '#lib/identity/index.ts';
import { invoiceItems, invoiceTotals } from './amounts.ts';
import type {
  ApplyInfo,
  InvoiceItemView,
  InvoiceRecordPage,
  InvoiceView,
  OrderInvoices,
} from './contracts.ts';
import {
  newInvoiceRef,
  newRequestNo,
  submitInvoice,
  type InvoiceIssuer,
} from './issuing.server.ts';
import {
  defaultTax,
  orderById,
  orderByNo,
  paidLines,
  readSettings,
  type OrderFacts,
} from './orders.server.ts';
import type { InvoiceItem } from './provider.ts';
import {
  INVOICE_FORM_TEXT,
  INVOICE_STATUS_TEXT,
  InvoiceStatus,
  isPaperForm,
  isSpecialForm,
  offeredForms,
  type OfferedForm,
} from './status.ts';
import type { BuyerSnapshot, MailTo } from './tables.server.ts';
import { isEmail, isMobile, specialRefusal, type CleanTitle } from './titles.ts';
import { listTitles, ownTitle } from './titles.server.ts';
import { moveInvoice, recordCreated } from './transitions.server.ts';

type InvoiceRow = typeof invoices.$inferSelect;

const rateText = (bp: number) => `${bp / 100}%`;

export function itemViews(items: readonly InvoiceItem[]): InvoiceItemView[] {
  return items.map((item) => ({
    name: item.name,
    spec: item.spec,
    unit: item.unit,
    quantity: item.quantity,
    amountCents: item.amountCents,
    taxRateText: rateText(item.taxRateBp),
    taxCents: item.taxCents,
  }));
}

/** The address as shown: the phone masked. */
function viewOfMailTo(mailTo: MailTo): MailTo;
function viewOfMailTo(mailTo: MailTo | null): MailTo | null;
function viewOfMailTo(mailTo: MailTo | null): MailTo | null {
  return mailTo && { ...mailTo, phone: maskPhone(mailTo.phone) };
}

function invoiceView(
  row: InvoiceRow,
  refs: ReadonlyMap<number, string>,
  hasPdf: boolean,
): InvoiceView {
  const form = row.form as OfferedForm;
  return {
    invoiceRef: row.invoiceRef,
    kind: row.kind as InvoiceView['kind'],
    kindText: row.kind === 'red' ? '红字发票' : '蓝字发票',
    form,
    formText: INVOICE_FORM_TEXT[form],
    status: row.status as InvoiceStatus,
    statusText: INVOICE_STATUS_TEXT[row.status as InvoiceStatus],
    orderNo: row.orderNo,
    buyer: { kind: row.buyer.kind, name: row.buyer.name, taxId: row.buyer.taxNo },
    seller: { name: row.seller.name, taxNo: row.seller.taxNo },
    mobile: maskPhone(row.buyer.mobile),
    email: row.buyer.email,
    amountCents: row.amountCents,
    taxCents: row.taxCents,
    netCents: row.amountCents - row.taxCents,
    items: itemViews(row.items),
    invoiceNo: row.invoiceNo,
    invoiceCode: row.invoiceCode,
    issuedAt: row.issuedAt?.toISOString() ?? null,
    failure: row.failure,
    hasPdf,
    manual: row.manual,
    appliedAt: row.createdAt.toISOString(),
    reversesRef: row.reversesId === null ? null : (refs.get(row.reversesId) ?? null),
    replacesRef: row.replacesId === null ? null : (refs.get(row.replacesId) ?? null),
    mailTo: viewOfMailTo(row.mailTo),
    mailedAt: row.mailedAt?.toISOString() ?? null,
  };
}

/** Views of rows, with the numbers of the invoices they reverse or replace and their PDFs. */
export async function views(db: DbOrTx, rows: InvoiceRow[]): Promise<InvoiceView[]> {
  if (rows.length === 0) return [];
  const linked = [
    ...new Set(rows.flatMap((r) => [r.reversesId, r.replacesId]).filter((id) => id !== null)),
  ];
  const refs = new Map(rows.map((r) => [r.id, r.invoiceRef]));
  const missing = linked.filter((id) => !refs.has(id));
  if (missing.length > 0) {
    const more = await db
      .select({ id: invoices.id, invoiceRef: invoices.invoiceRef })
      .from(invoices)
      .where(inArray(invoices.id, missing));
    for (const r of more) refs.set(r.id, r.invoiceRef);
  }
  const files = await db
    .select({ invoiceId: invoiceFiles.invoiceId })
    .from(invoiceFiles)
    .where(
      inArray(
        invoiceFiles.invoiceId,
        rows.map((r) => r.id),
      ),
    );
  const withPdf = new Set(files.map((f) => f.invoiceId));
  return rows.map((row) => invoiceView(row, refs, withPdf.has(row.id)));
}

/** Why an order cannot be invoiced now, or null. */
function orderRefusal(order: OrderFacts) {
  if (order.status !== OrderStatus.Completed) return Errors.ORDER_NOT_FINISHED;
  if (order.afterSaleOpen) return Errors.INVOICE_AFTER_SALE_OPEN;
  return null;
}

async function ownOrder(db: DbOrTx, input: { shopId: string; userId: number; orderNo: string }) {
  const order = await orderByNo(db, input);
  if (!order || order.userId !== input.userId) throw appError(Errors.ORDER_NOT_FOUND);
  return order;
}

async function standingRef(db: DbOrTx, orderId: number): Promise<string | null> {
  const [row] = await db
    .select({ invoiceRef: invoices.invoiceRef })
    .from(invoices)
    .where(
      and(
        eq(invoices.orderId, orderId),
        eq(invoices.kind, 'blue'),
        sql`${invoices.status} <> ${InvoiceStatus.Reversed}`,
      ),
    );
  return row?.invoiceRef ?? null;
}

/** What the shopper's order may be invoiced for now (invoiceApply), and why not when it may not. */
export async function readApplyInfo(
  db: DbOrTx,
  input: { shopId: string; userId: number; orderNo: string },
): Promise<ApplyInfo> {
  const order = await ownOrder(db, input);
  const settings = await readSettings(db, input.shopId);
  const [user] = await db
    .select({ phone: users.phone })
    .from(users)
    .where(eq(users.id, input.userId));
  const items = settings
    ? invoiceItems(await paidLines(db, order, settings), defaultTax(settings))
    : [];
  const totals = invoiceTotals(items);
  const existingRef = await standingRef(db, order.id);
  const refusal = !settings?.enabled
    ? Errors.INVOICES_OFF
    : existingRef
      ? Errors.ALREADY_APPLIED
      : (orderRefusal(order) ?? (items.length === 0 ? Errors.NOTHING_TO_INVOICE : null));
  return {
    orderNo: order.orderNo,
    amountCents: totals.amountCents,
    taxCents: totals.taxCents,
    items: itemViews(items),
    forms: settings ? offeredForms(settings) : ['e-normal'],
    mailTo: viewOfMailTo(order.address),
    titles: await listTitles(db, input.userId),
    mobile: user?.phone ?? '',
    refusal: refusal?.message ?? null,
    existingRef,
  };
}

function buyerOf(title: CleanTitle, contact: { mobile: string; email: string | null }) {
  const buyer: BuyerSnapshot = {
    kind: title.kind,
    name: title.name,
    taxNo: title.taxId,
    email: contact.email,
    mobile: contact.mobile,
  };
  if (title.regAddress) buyer.address = title.regAddress;
  if (title.regPhone) buyer.phone = title.regPhone;
  if (title.bank) buyer.bank = title.bank;
  if (title.account) buyer.account = title.account;
  return buyer;
}

interface ContactInput {
  titleId: number;
  form: OfferedForm;
  mobile: string;
  email?: string | null | undefined;
}

/** The title and contacts of an application, checked against the shop's settings. */
async function checkedBuyer(
  db: DbOrTx,
  input: ContactInput & { userId: number },
  settings: NonNullable<Awaited<ReturnType<typeof readSettings>>>,
): Promise<BuyerSnapshot> {
  if (!isMobile(input.mobile)) throw appError(Errors.MOBILE_INVALID);
  const email = input.email ? input.email : null;
  if (email !== null && !isEmail(email)) throw appError(Errors.EMAIL_INVALID);
  const title = await ownTitle(db, input.userId, input.titleId);
  if (!offeredForms(settings).includes(input.form)) {
    throw appError(isPaperForm(input.form) ? Errors.PAPER_OFF : Errors.SPECIAL_OFF);
  }
  if (isSpecialForm(input.form)) {
    const refusal = specialRefusal(title);
    if (refusal) throw appError(refusal);
  }
  return buyerOf(title, { mobile: input.mobile, email });
}

/** Where a paper invoice of the order goes (the order's own address, as it is now); null for an e-invoice. */
const mailingOf = (order: OrderFacts, form: OfferedForm): MailTo | null =>
  isPaperForm(form) ? { ...order.address } : null;

function sellerOf(settings: NonNullable<Awaited<ReturnType<typeof readSettings>>>) {
  return {
    name: settings.sellerName,
    taxNo: settings.sellerTaxId,
    ...(settings.sellerAddress ? { address: settings.sellerAddress } : {}),
    ...(settings.sellerPhone ? { phone: settings.sellerPhone } : {}),
    ...(settings.sellerBank ? { bank: settings.sellerBank } : {}),
    ...(settings.sellerAccount ? { account: settings.sellerAccount } : {}),
  };
}

/**
 * Applies for an invoice on a finished order of the shopper's: only what was paid in cash net of
 * refunds, not while an after-sale is under way, once (racing applications make one invoice: the
 * standing-blue unique index). Saved, then submitted to the provider.
 */
export async function applyInvoice(
  db: DbOrTx,
  issuer: InvoiceIssuer,
  input: ContactInput & { shopId: string; userId: number; orderNo: string },
  now = new Date(),
): Promise<InvoiceView> {
  const id = await saveApplication(db, input, now);
  await submitInvoice(db, issuer, id, 'shopper', now);
  return readOwnInvoice(db, { shopId: input.shopId, userId: input.userId, invoiceRef: '' }, id);
}

/** The application saved (applied), checked as applyInvoice checks it; the timer submits it. */
export async function saveApplication(
  db: DbOrTx,
  input: ContactInput & { shopId: string; userId: number; orderNo: string },
  now = new Date(),
): Promise<number> {
  const settings = await readSettings(db, input.shopId);
  if (!settings?.enabled) throw appError(Errors.INVOICES_OFF);
  const order = await ownOrder(db, input);
  const refusal = orderRefusal(order);
  if (refusal) throw appError(refusal);
  const buyer = await checkedBuyer(db, input, settings);
  const mailTo = mailingOf(order, input.form);
  return db.transaction(async (tx) => {
    const items = invoiceItems(await paidLines(tx, order, settings), defaultTax(settings));
    if (items.length === 0) throw appError(Errors.NOTHING_TO_INVOICE);
    const totals = invoiceTotals(items);
    const [row] = await tx
      .insert(invoices)
      .values({
        invoiceRef: newInvoiceRef(now),
        requestNo: newRequestNo(now),
        shopId: input.shopId,
        orderId: order.id,
        userId: input.userId,
        orderNo: order.orderNo,
        kind: 'blue',
        form: input.form,
        buyer,
        mailTo,
        seller: sellerOf(settings),
        items,
        amountCents: totals.amountCents,
        taxCents: totals.taxCents,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: invoices.id });
    if (!row) throw appError(Errors.ALREADY_APPLIED);
    await recordCreated(tx, {
      invoiceId: row.id,
      status: InvoiceStatus.Applied,
      actor: 'shopper',
      note: '申请开票',
      now,
    });
    return row.id;
  });
}

/**
 * 重新提交: a failed blue invoice saved again with the title and contacts given (the shopper may
 * have corrected them), for what the order is paid for now, and submitted with a new request
 * number.
 */
export async function resubmitInvoice(
  db: DbOrTx,
  issuer: InvoiceIssuer,
  input: ContactInput & { shopId: string; userId: number; invoiceRef: string },
  now = new Date(),
): Promise<InvoiceView> {
  const row = await ownInvoiceRow(db, input);
  if (row.kind !== 'blue' || row.status !== InvoiceStatus.Failed) {
    throw appError(Errors.NOT_RETRYABLE);
  }
  const settings = await readSettings(db, input.shopId);
  if (!settings?.enabled) throw appError(Errors.INVOICES_OFF);
  const buyer = await checkedBuyer(db, { ...input, form: input.form }, settings);
  const order = await orderById(db, row.orderId);
  if (!order) throw appError(Errors.ORDER_NOT_FOUND);
  const mailTo = mailingOf(order, input.form);
  const moved = await db.transaction(async (tx) => {
    const order = { id: row.orderId, shopId: row.shopId };
    const items = invoiceItems(await paidLines(tx, order, settings), defaultTax(settings));
    if (items.length === 0) throw appError(Errors.NOTHING_TO_INVOICE);
    const totals = invoiceTotals(items);
    return moveInvoice(tx, {
      invoiceId: row.id,
      to: InvoiceStatus.Applied,
      actor: 'shopper',
      note: '重新提交',
      set: {
        requestNo: newRequestNo(now),
        serialNo: null,
        failure: null,
        buyer,
        form: input.form,
        mailTo,
        seller: sellerOf(settings),
        items,
        amountCents: totals.amountCents,
        taxCents: totals.taxCents,
        tries: 0,
        nextTryAt: null,
      },
      now,
    });
  });
  if (!moved) throw appError(Errors.INVOICE_STATE_CHANGED);
  await submitInvoice(db, issuer, row.id, 'shopper', now);
  return readOwnInvoice(db, input, row.id);
}

/** The shopper's own invoice in the shop, or undefined (another's reads as none). */
export async function findOwnInvoice(
  db: DbOrTx,
  input: { shopId: string; userId: number; invoiceRef: string },
): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.invoiceRef, input.invoiceRef),
        eq(invoices.shopId, input.shopId),
        eq(invoices.userId, input.userId),
      ),
    );
  return row;
}

async function ownInvoiceRow(
  db: DbOrTx,
  input: { shopId: string; userId: number; invoiceRef: string },
): Promise<InvoiceRow> {
  const row = await findOwnInvoice(db, input);
  if (!row) throw appError(Errors.INVOICE_NOT_FOUND);
  return row;
}

async function readOwnInvoice(
  db: DbOrTx,
  input: { shopId: string; userId: number; invoiceRef: string },
  id?: number,
): Promise<InvoiceView> {
  const row =
    id === undefined
      ? await ownInvoiceRow(db, input)
      : (await db.select().from(invoices).where(eq(invoices.id, id)))[0]!;
  return (await views(db, [row]))[0]!;
}

/** The shopper's invoice by its number (invoiceDetail, invoicePreview, invoiceError). */
export function readInvoice(
  db: DbOrTx,
  input: { shopId: string; userId: number; invoiceRef: string },
): Promise<InvoiceView> {
  return readOwnInvoice(db, input);
}

/** Every invoice of the order the shopper's invoice is on, the newest first. */
export async function readOrderInvoices(
  db: DbOrTx,
  input: { shopId: string; userId: number; invoiceRef: string },
): Promise<OrderInvoices> {
  const one = await ownInvoiceRow(db, input);
  const rows = await db
    .select()
    .from(invoices)
    .where(eq(invoices.orderId, one.orderId))
    .orderBy(desc(invoices.id));
  const all = await views(db, rows);
  const current = all.find((v) => v.kind === 'blue' && v.status !== InvoiceStatus.Reversed) ?? null;
  return { orderNo: one.orderNo, current, all };
}

/** The shopper's invoices in the shop (invoiceApplyRecord), the newest first. */
export async function listInvoices(
  db: DbOrTx,
  input: { shopId: string; userId: number; pageNum: number; pageSize: number },
): Promise<InvoiceRecordPage> {
  const where = and(eq(invoices.shopId, input.shopId), eq(invoices.userId, input.userId));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(invoices)
      .where(where)
      .orderBy(desc(invoices.id))
      .limit(input.pageSize)
      .offset((input.pageNum - 1) * input.pageSize),
    db.select({ n: count() }).from(invoices).where(where),
  ]);
  return {
    list: await views(db, rows),
    total: total?.n ?? 0,
    pageNum: input.pageNum,
    pageSize: input.pageSize,
  };
}

/**
 * The invoice's PDF for its buyer or the shop's owner; null when there is none for them (not
 * issued, not kept yet, or another's).
 */
export async function invoicePdf(
  db: DbOrTx,
  input: { shopId: string; userId: number; invoiceRef: string },
): Promise<{ bytes: Uint8Array; fileName: string } | null> {
  const [row] = await db
    .select({
      bytes: invoiceFiles.bytes,
      invoiceNo: invoices.invoiceNo,
      invoiceRef: invoices.invoiceRef,
    })
    .from(invoices)
    .innerJoin(invoiceFiles, eq(invoiceFiles.invoiceId, invoices.id))
    .innerJoin(shops, eq(shops.id, invoices.shopId))
    .where(
      and(
        eq(invoices.invoiceRef, input.invoiceRef),
        eq(invoices.shopId, input.shopId),
        or(eq(invoices.userId, input.userId), eq(shops.ownerUserId, input.userId)),
      ),
    );
  if (!row) return null;
  return { bytes: row.bytes, fileName: `发票_${row.invoiceNo ?? row.invoiceRef}.pdf` };
}

/** Orders of the shopper's that may be invoiced now (the 我的 → 发票 entry, invoiceApply2). */
export async function invoiceableOrders(
  db: DbOrTx,
  input: { shopId: string; userId: number; limit: number },
): Promise<{ orderNo: string; saleTitle: string; payCents: number; completedAt: string | null }[]> {
  const rows = await db
    .select({
      orderNo: orders.orderNo,
      saleTitle: orders.saleTitle,
      payCents: orders.payCents,
      completedAt: orders.completedAt,
    })
    .from(orders)
    .where(
      and(
        eq(orders.shopId, input.shopId),
        eq(orders.userId, input.userId),
        eq(orders.status, OrderStatus.Completed),
        sql`not exists (select 1 from ${invoices} where ${invoices.orderId} = ${orders.id}
          and ${invoices.kind} = 'blue' and ${invoices.status} <> ${InvoiceStatus.Reversed})`,
      ),
    )
    .orderBy(desc(orders.completedAt))
    .limit(input.limit);
  return rows.map((r) => ({ ...r, completedAt: r.completedAt?.toISOString() ?? null }));
}

/** An invoice number as the pages take it: anything else names no invoice. */
const INVOICE_REF = /^FP\d{21}$/;

const missing = (error: unknown) =>
  (error as { code?: number }).code === Errors.INVOICE_NOT_FOUND.code ||
  (error as { code?: number }).code === Errors.ORDER_NOT_FOUND.code;

/** invoiceApply's read, or null when the number names no order of this shopper's. */
export async function readApplyPage(
  db: DbOrTx,
  input: { shopId: string; userId: number; orderNo: string },
): Promise<ApplyInfo | null> {
  if (!/^[A-Z0-9]{6,40}$/.test(input.orderNo)) return null;
  try {
    return await readApplyInfo(db, input);
  } catch (error) {
    if (missing(error)) return null;
    throw error;
  }
}

/** invoiceDetail's read: the order's invoices, or null when the number names none of hers. */
export async function readInvoicePage(
  db: DbOrTx,
  input: { shopId: string; userId: number; invoiceRef: string },
): Promise<OrderInvoices | null> {
  if (!INVOICE_REF.test(input.invoiceRef)) return null;
  try {
    return await readOrderInvoices(db, input);
  } catch (error) {
    if (missing(error)) return null;
    throw error;
  }
}

/** invoicePreview's read: the invoice, or null. */
export async function readPreviewPage(
  db: DbOrTx,
  input: { shopId: string; userId: number; invoiceRef: string },
): Promise<InvoiceView | null> {
  if (!INVOICE_REF.test(input.invoiceRef)) return null;
  try {
    return await readInvoice(db, input);
  } catch (error) {
    if (missing(error)) return null;
    throw error;
  }
}

/** invoiceError's read: the failed invoice, the shopper's titles and what the shop offers. */
export async function readErrorPage(
  db: DbOrTx,
  input: { shopId: string; userId: number; invoiceRef: string },
) {
  const invoice = await readPreviewPage(db, input);
  if (!invoice) return null;
  const [settings, titles, [user]] = await Promise.all([
    readSettings(db, input.shopId),
    listTitles(db, input.userId),
    db.select({ phone: users.phone }).from(users).where(eq(users.id, input.userId)),
  ]);
  const forms: OfferedForm[] = settings ? offeredForms(settings) : ['e-normal'];
  const same = titles.find((t) => t.name === invoice.buyer.name && t.taxId === invoice.buyer.taxId);
  return {
    invoice,
    titles,
    forms,
    titleId: same?.id ?? titles.find((t) => t.isDefault)?.id ?? null,
    mobile: user?.phone ?? '',
  };
}

/** invoiceApply2's read: whether the shop issues invoices, and the orders that may be invoiced. */
export async function readInvoiceableOrders(db: DbOrTx, input: { shopId: string; userId: number }) {
  const settings = await readSettings(db, input.shopId);
  return {
    enabled: settings?.enabled === true,
    orders: settings?.enabled ? await invoiceableOrders(db, { ...input, limit: 50 }) : [],
  };
}

/**
 * What 订单详情 offers about invoices for a received order: 申请开票, or the invoice that stands
 * (its state); nothing before the order is received or when the shop issues none.
 */
export async function orderInvoiceEntry(
  db: DbOrTx,
  input: { shopId: string; userId: number; orderNo: string; status: number },
): Promise<{ text: string; to: LinkTarget } | null> {
  if (input.status !== OrderStatus.Completed) return null;
  const [row] = await db
    .select({ invoiceRef: invoices.invoiceRef, status: invoices.status })
    .from(invoices)
    .where(
      and(
        eq(invoices.orderNo, input.orderNo),
        eq(invoices.shopId, input.shopId),
        eq(invoices.userId, input.userId),
        eq(invoices.kind, 'blue'),
      ),
    )
    .orderBy(desc(invoices.id))
    .limit(1);
  if (row) {
    return {
      text: INVOICE_STATUS_TEXT[row.status as InvoiceStatus],
      to: { name: 'invoiceDetail', query: { invoiceRef: row.invoiceRef } },
    };
  }
  const settings = await readSettings(db, input.shopId);
  if (!settings?.enabled) return null;
  return { text: '申请开票', to: { name: 'invoiceApply', query: { orderNo: input.orderNo } } };
}
