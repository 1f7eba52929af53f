/**
 * The commands that change an order after it is placed. Each is one transaction: the order's
 * move through moveOrder (transitions.server.ts: one conditional UPDATE the transition table
 * guards, so two racing commands can never both win, and the event row), and what follows from it
 * (stock and coupon back on cancel).
 * Every command is scoped to its owner: someone else's order number is "not found".
 */
import { and, asc, eq, inArray, not } from 'drizzle-orm';
import { appError } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';
import type { DbOrTx, Tx } from '#lib/platform/db/client.server.ts';
import { logistics, orderGroups, orderLines, orders, shops } from '#lib/platform/db/schema.ts';
import { returnStock } from '#lib/catalog/index.server.ts';
import { returnCoupon } from '#lib/coupons/index.server.ts';
import { readAddress } from '#lib/addresses/index.server.ts';
import { openAfterSaleOf, refundUnderReviewOf } from './holds.server.ts';
import { OrderStatus } from './status.ts';
import { lockOrder, moveOrder, recordOrderEvent, type OrderActor } from './transitions.server.ts';
import { subscribeParcel } from './parcels.server.ts';
import type { Tracker } from './kuaidi100/tracker.server.ts';

export type { OrderActor };

export interface OrderRef {
  shopId: string;
  userId: number;
  orderNo: string;
  now?: Date;
}

/** The caller's order (id and status), or ORDER_NOT_FOUND: another's is answered as missing. */
export async function ownOrder(db: DbOrTx, ref: OrderRef): Promise<{ id: number; status: number }> {
  const [row] = await db
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(
      and(
        eq(orders.orderNo, ref.orderNo),
        eq(orders.shopId, ref.shopId),
        eq(orders.userId, ref.userId),
      ),
    );
  if (!row) throw appError(Errors.ORDER_NOT_FOUND);
  return row;
}

/**
 * Cancels an unpaid order by id and gives its stock (in SKU-id order) and coupon back, in one
 * transaction; false when it was no longer unpaid (paid, or cancelled by someone else first).
 */
export async function cancelUnpaidOrder(
  db: DbOrTx,
  input: { orderId: number; actor: OrderActor; reason: string; now: Date },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if ((await lockOrder(tx, input.orderId)) !== OrderStatus.AwaitingPayment) return false;
    await moveOrder(tx, {
      orderId: input.orderId,
      to: OrderStatus.Cancelled,
      actor: input.actor,
      reason: input.reason,
      now: input.now,
    });
    const lines = await tx
      .select({ skuId: orderLines.skuId, quantity: orderLines.quantity })
      .from(orderLines)
      .where(eq(orderLines.orderId, input.orderId))
      .orderBy(asc(orderLines.skuId));
    for (const line of lines) await returnStock(tx, line.skuId, line.quantity);
    await giveCouponBack(tx, input.orderId, input.now);
    return true;
  });
}

/**
 * The checkout's coupon is the shopper's again once none of its orders is live: while one still
 * waits for payment with a share of the coupon, the coupon stays used. The checkout row is locked
 * first, so two of its orders cancelled at once cannot both miss the other's cancellation.
 */
async function giveCouponBack(tx: Tx, orderId: number, now: Date): Promise<void> {
  const [group] = await tx
    .select({ id: orderGroups.id, userCouponId: orderGroups.userCouponId })
    .from(orderGroups)
    .innerJoin(orders, eq(orders.groupId, orderGroups.id))
    .where(eq(orders.id, orderId))
    .for('update', { of: orderGroups });
  if (!group?.userCouponId) return;
  const [live] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.groupId, group.id), not(eq(orders.status, OrderStatus.Cancelled))))
    .limit(1);
  if (live) return;
  // The cancelled checkout lets go of it, so the next checkout may record it.
  await tx.update(orderGroups).set({ userCouponId: null }).where(eq(orderGroups.id, group.id));
  await returnCoupon(tx, { userCouponId: group.userCouponId, groupId: group.id, now });
}

/** 取消订单 by the shopper, with a reason: only while unpaid. */
export async function cancelOrder(db: DbOrTx, input: OrderRef & { reason: string }): Promise<void> {
  const order = await ownOrder(db, input);
  const cancelled = await cancelUnpaidOrder(db, {
    orderId: order.id,
    actor: 'shopper',
    reason: input.reason,
    now: input.now ?? new Date(),
  });
  if (!cancelled) throw appError(Errors.ORDER_STATE_CHANGED);
}

/** destroyOrderByC: a completed or cancelled order leaves the shopper's list. */
export async function hideOrder(db: DbOrTx, input: OrderRef): Promise<void> {
  const order = await ownOrder(db, input);
  await db.transaction(async (tx) => {
    const [hidden] = await tx
      .update(orders)
      .set({ hiddenByUser: true })
      .where(
        and(
          eq(orders.id, order.id),
          inArray(orders.status, [OrderStatus.Completed, OrderStatus.Cancelled]),
          eq(orders.hiddenByUser, false),
        ),
      )
      .returning({ id: orders.id });
    if (!hidden) throw appError(Errors.ORDER_STATE_CHANGED);
    await recordOrderEvent(tx, {
      orderId: order.id,
      kind: 'hidden',
      actor: 'shopper',
      now: input.now ?? new Date(),
    });
  });
}

/**
 * A new delivery address before shipping: updateOrderAddress while unpaid, and
 * applyChangeAddressWhenPicking once paid (the shop sees the event while picking).
 */
export async function changeOrderAddress(
  db: DbOrTx,
  input: OrderRef & { addressId: number; when: 'unpaid' | 'picking' },
): Promise<void> {
  const order = await ownOrder(db, input);
  const chosen = await readAddress(db, input.userId, input.addressId);
  const address = chosen && {
    name: chosen.name,
    phone: chosen.phone,
    province: chosen.province,
    city: chosen.city,
    district: chosen.district,
    detail: chosen.detail,
  };
  if (!address) throw appError(Errors.ADDRESS_REQUIRED);
  const status = input.when === 'unpaid' ? OrderStatus.AwaitingPayment : OrderStatus.Paid;
  await db.transaction(async (tx) => {
    const [changed] = await tx
      .update(orders)
      .set({ address })
      .where(and(eq(orders.id, order.id), eq(orders.status, status)))
      .returning({ id: orders.id });
    if (!changed) throw appError(Errors.ORDER_STATE_CHANGED);
    await recordOrderEvent(tx, {
      orderId: order.id,
      kind: 'address_changed',
      actor: 'shopper',
      note: `${address.name} ${address.province}${address.city}${address.district}${address.detail}`,
      now: input.now ?? new Date(),
    });
  });
}

/** Completes a shipped order (its shopper confirms, or its time comes); false if not shipped. */
export async function completeOrder(
  db: DbOrTx,
  input: { orderId: number; actor: OrderActor; now: Date },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if ((await lockOrder(tx, input.orderId)) !== OrderStatus.Shipped) return false;
    // An after-sale under way keeps the order open until it is settled.
    const [open] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, input.orderId), openAfterSaleOf(orders.id)));
    if (open) return false;
    await moveOrder(tx, {
      orderId: input.orderId,
      to: OrderStatus.Completed,
      actor: input.actor,
      now: input.now,
    });
    return true;
  });
}

/** 确认收货: a shipped order is completed by its shopper. */
export async function confirmReceipt(db: DbOrTx, input: OrderRef): Promise<void> {
  const order = await ownOrder(db, input);
  const now = input.now ?? new Date();
  if (!(await completeOrder(db, { orderId: order.id, actor: 'shopper', now }))) {
    const [open] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, order.id), openAfterSaleOf(orders.id)));
    throw appError(open ? Errors.ORDER_HAS_OPEN_AFTER_SALE : Errors.ORDER_STATE_CHANGED);
  }
}

/**
 * 发货 by the shop's owner: a paid order gets its parcel and completes by itself after the
 * shop's autoCompleteDays unless the shopper confirms receipt first (the clock starts again at
 * 签收 when Kuaidi100 reports it). With a tracker the parcel is subscribed at once after the
 * commit; a subscription that fails (or a call without a tracker) is left to the order timers.
 */
export async function shipOrder(
  db: DbOrTx,
  input: {
    shopId: string;
    ownerId: number;
    orderNo: string;
    /** The carrier's code and name (orders/carriers.ts). */
    carrier: string;
    company: string;
    trackingNo: string;
    now?: Date;
  },
  tracker?: Tracker,
): Promise<void> {
  const now = input.now ?? new Date();
  const { company } = input;
  // The owner first: anyone else gets one answer whether the number exists or not, so the
  // call cannot be used to find out other shoppers' order numbers.
  const [shop] = await db
    .select({ ownerId: shops.ownerUserId, days: shops.autoCompleteDays })
    .from(shops)
    .where(eq(shops.id, input.shopId));
  if (!shop || shop.ownerId !== input.ownerId) throw appError(Errors.NOT_SHOP_ORDER);
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.orderNo, input.orderNo), eq(orders.shopId, input.shopId)));
  if (!order) throw appError(Errors.ORDER_NOT_FOUND);
  const row = { id: order.id, days: shop.days };
  const parcelId = await db.transaction(async (tx) => {
    // Locked first: a 仅退款 applied at this moment either lands before (and shipping is
    // refused) or finds the order shipped (and is refused).
    if ((await lockOrder(tx, row.id)) !== OrderStatus.Paid) {
      throw appError(Errors.ORDER_STATE_CHANGED);
    }
    // The goods of a line waiting for its 仅退款 decision must not leave: the owner decides first.
    const [waiting] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, row.id), refundUnderReviewOf(orders.id)));
    if (waiting) throw appError(Errors.REFUND_UNDER_REVIEW);
    await moveOrder(tx, {
      orderId: row.id,
      to: OrderStatus.Shipped,
      actor: 'shop',
      reason: `${company} ${input.trackingNo}`,
      autoCompleteAt: new Date(now.getTime() + row.days * 86_400_000),
      now,
    });
    const [parcel] = await tx
      .insert(logistics)
      .values({
        orderId: row.id,
        carrier: input.carrier,
        company,
        trackingNo: input.trackingNo,
        subscribeDueAt: now,
        createdAt: now,
      })
      .returning({ id: logistics.id });
    return parcel!.id;
  });
  if (tracker) await subscribeParcel(db, tracker, parcelId, now);
}
