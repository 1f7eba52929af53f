/**
 * The invoices area's tables. Issuing through 诺诺 (invoices/nuonuo/): the platform's access token,
 * shared by every server process, and the sandbox platform's requests.
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt, id } from '#lib/platform/db/columns.ts';

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
