/**
 * The database schema for the whole shop. Each area declares its own tables in
 * `src/lib/<area>/tables.server.ts` (docs/architecture.md, Areas); the shared column helpers are
 * in `columns.ts`. Money is integer cents, times are timestamptz, and every race-prone number
 * (stock, coupon issue count, wallet balance) has a CHECK so a conditional UPDATE can never take
 * it below zero.
 *
 * This barrel is what drizzle-kit reads (drizzle.config.ts, scripts/check-migrations.ts) and
 * what importers may use: every area's tables file is re-exported here whole
 * (src/lib/areas.test.ts checks it).
 */
export * from '#lib/platform/tables.server.ts';
export * from '#lib/media/tables.server.ts';
export * from '#lib/identity/tables.server.ts';
export * from '#lib/shop/tables.server.ts';
export * from '#lib/decoration/tables.server.ts';
export * from '#lib/guides/tables.server.ts';
export * from '#lib/membership/tables.server.ts';
export * from '#lib/attribution/tables.server.ts';
export * from '#lib/recruiting/tables.server.ts';
export * from '#lib/catalog/tables.server.ts';
export * from '#lib/addresses/tables.server.ts';
export * from '#lib/coupons/tables.server.ts';
export * from '#lib/cart/tables.server.ts';
export * from '#lib/orders/tables.server.ts';
export * from '#lib/payments/tables.server.ts';
export * from '#lib/after-sales/tables.server.ts';
export * from '#lib/insurance/tables.server.ts';
export * from '#lib/invoices/tables.server.ts';
export * from '#lib/commission/tables.server.ts';
export * from '#lib/distribution/tables.server.ts';
export * from '#lib/sharing/tables.server.ts';
export * from '#lib/live/tables.server.ts';
export * from '#lib/lottery/tables.server.ts';
export * from '#lib/service/tables.server.ts';
export * from '#lib/legal/tables.server.ts';
export * from '#lib/certification/tables.server.ts';
