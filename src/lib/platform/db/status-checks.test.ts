import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import type { Database } from './client.server.ts';
import { couponTransitions, userCouponTransitions } from '#lib/coupons/status.ts';
import { withdrawalTransitions } from '#lib/distribution/status.ts';
import { memberRoles } from '#lib/membership/roles.ts';
import { orderTransitions, refundTransitions } from '#lib/orders/status.ts';
import {
  PaymentOrderOutcome,
  paymentTransitions,
  refundStateTransitions,
} from '#lib/payments/status.ts';

let database: Database;
beforeAll(async () => {
  database = await memoryDatabase({ seed: false });
});
afterAll(() => database.close());

/** The numbers a migrated CHECK constraint accepts, read back from PostgreSQL's own definition. */
async function checkedNumbers(constraint: string): Promise<number[]> {
  const rows = await database.db
    .select({ definition: sql<string>`pg_get_constraintdef(oid)` })
    .from(sql`pg_constraint`)
    .where(sql`conname = ${constraint}`);
  expect(rows).toHaveLength(1);
  const numbers = rows[0]!.definition.match(/\d+/g)!.map(Number);
  return [...new Set(numbers)].sort((a, b) => a - b);
}

describe('the migrated status CHECKs follow the status modules', () => {
  it.each([
    ['orders_status_chk', orderTransitions.statuses],
    ['order_lines_refund_chk', refundTransitions.statuses],
    ['payments_status_chk', paymentTransitions.statuses],
    ['refunds_status_chk', refundStateTransitions.statuses],
    ['after_sales_status_chk', refundTransitions.statuses],
    ['payment_orders_outcome_chk', Object.values(PaymentOrderOutcome)],
    ['coupons_status_chk', couponTransitions.statuses],
    ['user_coupons_status_chk', userCouponTransitions.statuses],
    ['withdrawals_status_chk', withdrawalTransitions.statuses],
    ['shop_members_role_chk', memberRoles],
  ])('%s accepts exactly the named values', async (constraint, values) => {
    expect(await checkedNumbers(constraint)).toEqual([...values]);
  });
});
