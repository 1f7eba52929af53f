/**
 * order_groups.id, for user_coupons.used_group_id (the checkout a used coupon paid for). Orders'
 * tables import coupons' (a checkout records its coupon), so coupons' tables cannot import
 * orders' back without an import cycle: orders/tables.server.ts hands the column over here as it
 * loads, and drizzle asks for it only when it builds the foreign keys (drizzle-kit reads the
 * schema barrel, which loads both). Kept out of tables.server.ts so the barrel exports tables only.
 */
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

let checkoutId: AnyPgColumn | undefined;

export function pointUsedCouponsAt(column: AnyPgColumn): void {
  checkoutId = column;
}

export function usedCouponCheckout(): AnyPgColumn {
  if (!checkoutId) throw new Error('order_groups is not declared: load the schema barrel');
  return checkoutId;
}
