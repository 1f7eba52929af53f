/**
 * The member's own view of a shop: the my page's header and counts, and the user info the shell
 * asks for (shell §3: currentRole, distributorDisable, level, administrator; user type 3 when a
 * level is present). Each answer is one query.
 */
import { and, eq, gt, sql, type SQLWrapper } from 'drizzle-orm';
import { appError } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';
import { maskedPhone, userType } from './member.ts';
import { MemberRole } from './roles.ts';
import { OrderStatus, RefundStatus } from '#lib/orders/index.ts';
import { UserCouponStatus } from '#lib/coupons/index.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import {
  addresses,
  orderLines,
  orders,
  shopMembers,
  shops,
  userCoupons,
  users,
} from '#lib/platform/db/schema.ts';
import { ShopStatus } from '#lib/shop/index.ts';

export interface MyPage {
  nickname: string;
  avatarUrl: string | null;
  /** 138****0001, or '' without a phone. */
  maskedPhone: string;
  orderCounts: {
    /** status 10: 待付款 */
    awaitingPayment: number;
    /** status 20, paid and waiting to ship: 待发货 */
    paid: number;
    /** status 30: 待收货 */
    shipped: number;
    /** orders with a line whose refund is under review (refund_status 10): 退款/售后 */
    refunds: number;
  };
  /** Claimed coupons of this shop, unused (status 0) and not past their validity. */
  unusedCoupons: number;
  /** The member's saved addresses (addresses belong to the user, not to a shop). */
  addresses: number;
}

function notLoggedIn(): never {
  throw appError(Errors.NOT_LOGGED_IN);
}

/** The my page's data for a user in a shop, in one query. */
export async function getMyPage(
  db: DbOrTx,
  shopId: string,
  userId: number,
  now: Date = new Date(),
): Promise<MyPage> {
  // Scalar subqueries on the user id itself: no correlation, each one on its own index.
  const count = (query: SQLWrapper) => sql<number>`(${query})`;
  const ordersIn = (status: OrderStatus) =>
    count(
      db
        .select({ n: sql`count(*)::int` })
        .from(orders)
        .where(
          and(eq(orders.userId, userId), eq(orders.shopId, shopId), eq(orders.status, status)),
        ),
    );
  const [row] = await db
    .select({
      nickname: users.nickname,
      avatarUrl: users.avatarUrl,
      phone: users.phone,
      awaitingPayment: ordersIn(OrderStatus.AwaitingPayment),
      paid: ordersIn(OrderStatus.Paid),
      shipped: ordersIn(OrderStatus.Shipped),
      refunds: count(
        db
          .select({ n: sql`count(distinct ${orders.id})::int` })
          .from(orders)
          .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
          .where(
            and(
              eq(orders.userId, userId),
              eq(orders.shopId, shopId),
              eq(orderLines.refundStatus, RefundStatus.UnderReview),
            ),
          ),
      ),
      unusedCoupons: count(
        db
          .select({ n: sql`count(*)::int` })
          .from(userCoupons)
          .where(
            and(
              eq(userCoupons.userId, userId),
              eq(userCoupons.shopId, shopId),
              eq(userCoupons.status, UserCouponStatus.Unused),
              gt(userCoupons.validTo, now),
            ),
          ),
      ),
      addresses: count(
        db
          .select({ n: sql`count(*)::int` })
          .from(addresses)
          .where(eq(addresses.userId, userId)),
      ),
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) notLoggedIn();
  return {
    nickname: row.nickname,
    avatarUrl: row.avatarUrl,
    maskedPhone: maskedPhone(row.phone),
    orderCounts: {
      awaitingPayment: row.awaitingPayment,
      paid: row.paid,
      shipped: row.shipped,
      refunds: row.refunds,
    },
    unusedCoupons: row.unusedCoupons,
    addresses: row.addresses,
  };
}

export interface UserInfo {
  userId: number;
  nickname: string;
  avatarUrl: string | null;
  /** Masked: 138****0001, or '' without a phone. */
  phone: string;
  currentRole: number;
  maxRole: number;
  distributorDisable: boolean;
  level: number | null;
  administrator: boolean;
  /** 3 when a level is present, else 1 (shell §3). */
  userType: 1 | 3;
}

/**
 * User info for the signed-in user in a shop (shell §3, §7 "Member info by shopId"). A user who
 * is not yet a member of the shop is a consumer there. An unknown shop answers 404 店铺不存在.
 */
export async function getUserInfo(db: DbOrTx, shopId: string, userId: number): Promise<UserInfo> {
  const [row] = await db
    .select({
      id: users.id,
      nickname: users.nickname,
      avatarUrl: users.avatarUrl,
      phone: users.phone,
      currentRole: shopMembers.role,
      maxRole: shopMembers.maxRole,
      distributorDisable: shopMembers.distributorDisable,
      level: shopMembers.level,
      administrator: shopMembers.administrator,
      shopOpen: sql<boolean>`exists (select 1 from ${shops} where ${shops.id} = ${shopId} and ${shops.status} = ${ShopStatus.Open})`,
    })
    .from(users)
    .leftJoin(shopMembers, and(eq(shopMembers.userId, users.id), eq(shopMembers.shopId, shopId)))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) notLoggedIn();
  if (!row.shopOpen) throw appError(Errors.SHOP_NOT_FOUND);
  return {
    userId: row.id,
    nickname: row.nickname,
    avatarUrl: row.avatarUrl,
    phone: maskedPhone(row.phone),
    currentRole: row.currentRole ?? MemberRole.Consumer,
    maxRole: row.maxRole ?? MemberRole.Consumer,
    distributorDisable: row.distributorDisable ?? false,
    level: row.level,
    administrator: row.administrator ?? false,
    userType: userType(row.level),
  };
}
