/**
 * Invoices: the titles (抬头) a user keeps, each shop's invoice settings and tax categories, the
 * invoices asked for on orders (blue, and the red letters that reverse them) with their events and
 * PDFs, and the refunds they have been reconciled after. Issuing through 诺诺 (invoices/nuonuo/):
 * the platform's access token, shared by every server process, and the sandbox platform's requests.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { at, bytea, createdAt, id, literal, oneOf, ref } from '#lib/platform/db/columns.ts';
import { users } from '#lib/identity/tables.server.ts';
import { shops } from '#lib/shop/tables.server.ts';
import { categories } from '#lib/catalog/tables.server.ts';
import { orders } from '#lib/orders/tables.server.ts';
import type { OrderAddress } from '#lib/orders/index.ts';
import type { InvoiceItem, InvoiceParty } from './provider.ts';
import { InvoiceStatus, invoiceTransitions } from './status.ts';

/**
 * A user's invoice title: a person (name only) or a company (name and 税号; a 专票 needs the
 * registered address, phone, bank and account as well). One may be the default.
 */
export const invoiceTitles = pgTable(
  'invoice_titles',
  {
    id: id(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    taxId: text('tax_id'),
    regAddress: text('reg_address').notNull().default(''),
    regPhone: text('reg_phone').notNull().default(''),
    bank: text('bank').notNull().default(''),
    account: text('account').notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('invoice_titles_user_idx').on(t.userId, t.id),
    uniqueIndex('invoice_titles_default_unique')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
    check('invoice_titles_kind_chk', sql`${t.kind} in ('personal', 'company')`),
    check('invoice_titles_tax_id_chk', sql`(${t.kind} = 'company') = (${t.taxId} is not null)`),
  ],
);

/** A shop's invoicing: whether it issues, whether 专票 too, and the seller printed on them. */
export const invoiceSettings = pgTable('invoice_settings', {
  shopId: text('shop_id')
    .primaryKey()
    .references(() => shops.id),
  enabled: boolean('enabled').notNull().default(false),
  specialEnabled: boolean('special_enabled').notNull().default(false),
  /** Paper invoices too: printed by the shop and mailed to the order's address. */
  paperEnabled: boolean('paper_enabled').notNull().default(false),
  sellerName: text('seller_name').notNull(),
  sellerTaxId: text('seller_tax_id').notNull(),
  sellerAddress: text('seller_address').notNull().default(''),
  sellerPhone: text('seller_phone').notNull().default(''),
  sellerBank: text('seller_bank').notNull().default(''),
  sellerAccount: text('seller_account').notNull().default(''),
  /** The tax category of goods in a category the shop names no other for. */
  taxCode: text('tax_code').notNull(),
  taxShortName: text('tax_short_name').notNull(),
  taxRateBp: integer('tax_rate_bp').notNull().default(1300),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** A category of goods the shop taxes or names otherwise than its default. */
export const invoiceCategoryTaxes = pgTable(
  'invoice_category_taxes',
  {
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    categoryId: ref('category_id')
      .notNull()
      .references(() => categories.id),
    taxCode: text('tax_code').notNull(),
    shortName: text('short_name').notNull(),
    rateBp: integer('rate_bp').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.shopId, t.categoryId] }),
    check('invoice_category_taxes_rate_chk', sql`${t.rateBp} between 0 and 1700`),
  ],
);

/** Where a paper invoice is mailed: the order's address (receiver, phone, place, street). */
export type MailTo = OrderAddress;

/** The buyer printed on an invoice, as the title was when it was asked for. */
export interface BuyerSnapshot extends InvoiceParty {
  kind: 'personal' | 'company';
  email: string | null;
  mobile: string;
}

/**
 * An invoice on an order (status: InvoiceStatus). A blue one is what the shopper asked for (or
 * the shop issued again after a refund, `replacesId`); a red one reverses a blue one in whole
 * (`reversesId`). requestNo is the provider's orderNo for the current submission: saved before the
 * provider is asked, so asking again can never issue twice; a new submission after a failure
 * takes a new one. At most one blue invoice of an order is not reversed, and a blue invoice has
 * at most one red letter: both held by unique indexes, so racing requests make one.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    invoiceRef: text('invoice_ref').notNull().unique(),
    requestNo: text('request_no').notNull().unique(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    orderId: ref('order_id')
      .notNull()
      .references(() => orders.id),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    /** The order's number, printed in the invoice's 备注. */
    orderNo: text('order_no').notNull(),
    kind: text('kind').notNull(),
    form: text('form').notNull(),
    status: smallint('status').notNull().default(InvoiceStatus.Applied),
    buyer: jsonb('buyer').$type<BuyerSnapshot>().notNull(),
    seller: jsonb('seller').$type<InvoiceParty & { taxNo: string }>().notNull(),
    items: jsonb('items').$type<InvoiceItem[]>().notNull(),
    amountCents: integer('amount_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    reversesId: ref('reverses_id'),
    replacesId: ref('replaces_id'),
    serialNo: text('serial_no'),
    invoiceNo: text('invoice_no'),
    invoiceCode: text('invoice_code'),
    issuedAt: at('issued_at'),
    /** The provider's reason when it failed. */
    failure: text('failure'),
    /** Issued by the owner by hand (手动开票) with a PDF of their own. */
    manual: boolean('manual').notNull().default(false),
    /** A paper invoice's address: the order's, as it was when the invoice was asked for. */
    mailTo: jsonb('mail_to').$type<MailTo>(),
    /** When the owner mailed the paper invoice (its parcel is the orders area's, by invoiceRef). */
    mailedAt: at('mailed_at'),
    /** Where the provider serves the PDF, until it is kept here. */
    pdfUrl: text('pdf_url'),
    /** Submissions and queries that found the provider away: the timer tries again after nextTryAt. */
    tries: smallint('tries').notNull().default(0),
    nextTryAt: at('next_try_at'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('invoices_user_idx').on(t.userId, t.shopId, t.id),
    index('invoices_shop_idx').on(t.shopId, t.status, t.id),
    index('invoices_order_idx').on(t.orderId, t.id),
    uniqueIndex('invoices_live_blue_unique')
      .on(t.orderId)
      .where(sql`${t.kind} = 'blue' and ${t.status} <> ${literal(InvoiceStatus.Reversed)}`),
    uniqueIndex('invoices_red_unique')
      .on(t.reversesId)
      .where(sql`${t.kind} = 'red'`),
    index('invoices_pending_idx')
      .on(t.nextTryAt)
      .where(
        sql`${t.status} in (${literal(InvoiceStatus.Applied)}, ${literal(InvoiceStatus.Issuing)})`,
      ),
    check('invoices_kind_chk', sql`${t.kind} in ('blue', 'red')`),
    check(
      'invoices_form_chk',
      sql`${t.form} in ('e-normal', 'e-special', 'paper-normal', 'paper-special')`,
    ),
    check(
      'invoices_mail_to_chk',
      sql`${t.kind} = 'red' or (${t.form} like 'paper-%') = (${t.mailTo} is not null)`,
    ),
    check('invoices_mailed_chk', sql`${t.mailedAt} is null or ${t.form} like 'paper-%'`),
    check('invoices_status_chk', oneOf(t.status, invoiceTransitions.statuses)),
    check(
      'invoices_red_chk',
      sql`(${t.kind} = 'red') = (${t.reversesId} is not null) and (${t.kind} = 'blue' or ${t.amountCents} < 0)`,
    ),
    check('invoices_blue_amount_chk', sql`${t.kind} = 'red' or ${t.amountCents} > 0`),
  ],
);

/** What happened to an invoice, in order: every status change, written with it. */
export const invoiceEvents = pgTable(
  'invoice_events',
  {
    id: id(),
    invoiceId: ref('invoice_id')
      .notNull()
      .references(() => invoices.id),
    fromStatus: smallint('from_status'),
    toStatus: smallint('to_status').notNull(),
    /** Who: shopper, shop (the owner), provider, timer. */
    actor: text('actor').notNull(),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('invoice_events_invoice_idx').on(t.invoiceId, t.id),
    check('invoice_events_actor_chk', sql`${t.actor} in ('shopper', 'shop', 'provider', 'timer')`),
  ],
);

/** The PDF of an issued invoice, kept here: only its buyer and the shop's owner may read it. */
export const invoiceFiles = pgTable('invoice_files', {
  invoiceId: ref('invoice_id')
    .primaryKey()
    .references(() => invoices.id),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: createdAt(),
});

/**
 * The refunds an invoiced order has had, by their number: written in the refund's own
 * transaction (after-sales), so the invoice is reconciled after each one exactly once, and the
 * timer finds those not yet handled.
 */
export const invoiceRefunds = pgTable(
  'invoice_refunds',
  {
    refundNo: text('refund_no').primaryKey(),
    orderId: ref('order_id')
      .notNull()
      .references(() => orders.id),
    handledAt: at('handled_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('invoice_refunds_open_idx')
      .on(t.createdAt)
      .where(sql`${t.handledAt} is null`),
  ],
);

/**
 * 诺诺's access_token per app key: 24 hours, at most 50 fetched in 30 days, so one row is shared
 * by every process and refreshed by one at a time (the holder of its lease).
 */
export const nuonuoTokens = pgTable('nuonuo_tokens', {
  appKey: text('app_key').primaryKey(),
  /** Empty until first fetched. */
  value: text('value').notNull(),
  expiresAt: at('expires_at').notNull(),
  refreshedAt: at('refreshed_at'),
  leaseOwner: text('lease_owner'),
  leaseUntil: at('lease_until'),
});

/**
 * The sandbox platform's invoice requests (/sandbox/nuonuo/): one row per orderNo taken, issued
 * when due (开票中, then 开票完成 with a 20-digit number, or 开票失败), its result posted to the
 * request's callback until answered.
 */
export const sandboxNuonuoRequests = pgTable(
  'sandbox_nuonuo_requests',
  {
    id: id(),
    /** 发票请求流水号 (invoiceSerialNum). */
    serialNo: text('serial_no').notNull(),
    orderNo: text('order_no').notNull(),
    /** '1' blue, '2' red. */
    invoiceType: text('invoice_type').notNull(),
    /** pc, bs, ec, es. */
    invoiceLine: text('invoice_line').notNull(),
    /** The request's `order` as taken (the printed invoice is made from it). */
    request: jsonb('request').notNull(),
    /** queryInvoiceResult's status: '20' 开票中, '2' 开票完成, '22' 开票失败. */
    status: text('status').notNull().default('20'),
    failCause: text('fail_cause'),
    /** When the issuing step is due. */
    issueAt: at('issue_at').notNull(),
    /** 20 digits (数电); set when issued. */
    invoiceNo: text('invoice_no'),
    issuedAt: at('issued_at'),
    /** A red letter: the blue invoice's number it reverses. */
    reversesNo: text('reverses_no'),
    callbackUrl: text('callback_url'),
    /** Where the sandbox was reached when the request came (its PDF links start there). */
    baseUrl: text('base_url').notNull(),
    /** none (no URL or not yet issued), due, taken. */
    callbackState: text('callback_state').notNull().default('none'),
    callbackAttempts: integer('callback_attempts').notNull().default(0),
    callbackDueAt: at('callback_due_at'),
    callbackResult: text('callback_result'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sandbox_nuonuo_serial_unique').on(t.serialNo),
    uniqueIndex('sandbox_nuonuo_order_unique').on(t.orderNo),
    uniqueIndex('sandbox_nuonuo_invoice_no_unique').on(t.invoiceNo),
    // One red letter per blue invoice unless it failed.
    uniqueIndex('sandbox_nuonuo_reversal_unique')
      .on(t.reversesNo)
      .where(sql`${t.status} <> '22'`),
    index('sandbox_nuonuo_issue_due_idx')
      .on(t.issueAt)
      .where(sql`${t.status} = '20'`),
    index('sandbox_nuonuo_callback_due_idx')
      .on(t.callbackDueAt)
      .where(sql`${t.callbackState} = 'due'`),
  ],
);
