/**
 * The database schema for the whole shop, one file per business area under schema/. Money is
 * integer cents, times are timestamptz, and every race-prone number (stock, coupon issue count,
 * wallet balance) has a CHECK so a conditional UPDATE can never take it below zero.
 *
 * This barrel is what importers and drizzle-kit read: a table added to an area file must be
 * re-exported here (the area files are all exported whole).
 */
export * from './schema/platform.ts';
export * from './schema/media.ts';
export * from './schema/identity.ts';
export * from './schema/shop.ts';
export * from './schema/membership.ts';
export * from './schema/catalog.ts';
export * from './schema/coupons.ts';
export * from './schema/cart.ts';
export * from './schema/orders.ts';
export * from './schema/payments.ts';
export * from './schema/insurance.ts';
export * from './schema/distribution.ts';
export * from './schema/live.ts';
export * from './schema/lottery.ts';
export * from './schema/recruiting.ts';
export * from './schema/service.ts';
