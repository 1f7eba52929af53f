/**
 * Every read of orders, always scoped to the caller: a shopper reads only their own orders in the
 * shop (someone else's order number answers ORDER_NOT_FOUND, as a missing one does; an order they
 * removed from their list is gone for them), a distributor only the orders attributed to them.
 * Money is read as stored (the order's and its lines' numbers), never computed again here.
 * A page of orders takes three statements whatever its size: the tab counts, the orders, their lines.
 */
import {
  and,
  asc,
  desc,
  eq,
  gt,
  inArray,
  isNull,
  ne,
  or,
  sql,
  type GetColumnData,
  type SQL,
} from 'drizzle-orm';
import { Errors } from '#lib/errors.ts';
import { refundUnderReviewOf } from './holds.server.ts';
import { appError } from '#lib/platform/errors.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import {
  logistics,
  orderEvents,
  orderGroups,
  orderLines,
  orders,
  shops,
  users,
} from '#lib/platform/db/schema.ts';
import {
  ORDER_PAGE_SIZE,
  type DistributorOrderDetail,
  type DistributorOrderPage,
  type DistributorOrderSummary,
  type LogisticsView,
  type OrderDetail,
  type OrderEventView,
  type OrderGroupView,
  type OrderLineView,
  type OrderPage,
  type OrderSummary,
  type OrderTab,
} from './contracts.ts';
import { OrderStatus, RefundStatus as RefundStatusValue, type RefundStatus } from './status.ts';
import {
  deliveryView,
  distributorStatusText,
  eventText,
  maskBuyer,
  orderActions,
  orderStatusText,
  tabFilter,
} from './order-view.ts';
import { carrierName } from './carriers.ts';

export interface ShopperScope {
  userId: number;
  shopId: string;
}

export interface DistributorScope {
  /** The distributor (the caller): only orders attributed to them. */
  distributorId: number;
  shopId: string;
  /**
   * Every order of the shop, whoever it is attributed to (or nobody): the owner's view, to ship
   * them. Refused (NOT_SHOP_ORDER) when the caller does not own the shop.
   */
  shopWide?: boolean | undefined;
}

/** Unpaid orders listed by the unpaid-order guide per page (shell §9). */
export const PENDING_PAGE_SIZE = 10;

const orderColumns = {
  id: orders.id,
  orderNo: orders.orderNo,
  groupNo: orderGroups.groupNo,
  status: orders.status,
  saleTitle: orders.saleTitle,
  createdAt: orders.createdAt,
  payDeadline: orders.payDeadline,
  goodsCents: orders.goodsCents,
  discountCents: orders.discountCents,
  couponCents: orders.couponCents,
  freightCents: orders.freightCents,
  insuranceCents: orders.insuranceCents,
  payCents: orders.payCents,
};
type OrderRow = { [K in keyof typeof orderColumns]: GetColumnData<(typeof orderColumns)[K]> };

const lineColumns = {
  orderId: orderLines.orderId,
  lineId: orderLines.id,
  productNo: orderLines.productNo,
  skuNo: orderLines.skuNo,
  productName: orderLines.productName,
  skuDesc: orderLines.skuDesc,
  imageUrl: orderLines.imageUrl,
  unitPriceCents: orderLines.unitPriceCents,
  quantity: orderLines.quantity,
  lineCents: orderLines.lineCents,
  promotionCents: orderLines.promotionCents,
  couponCents: orderLines.couponCents,
  freightCents: orderLines.freightCents,
  insuranceCents: orderLines.insuranceCents,
  paidCents: orderLines.paidCents,
  profitCents: orderLines.profitCents,
  crossBorder: orderLines.crossBorder,
  refundStatus: orderLines.refundStatus,
};
type LineRow = { [K in keyof typeof lineColumns]: GetColumnData<(typeof lineColumns)[K]> };

/** The shopper's own orders in the shop that they have not removed from their list. */
const ownOrders = (scope: ShopperScope): SQL =>
  and(
    eq(orders.userId, scope.userId),
    eq(orders.shopId, scope.shopId),
    eq(orders.hiddenByUser, false),
  )!;

/** The order has a line whose refund status is set (售后). */
const hasRefund = sql`exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${orders.id} and ${orderLines.refundStatus} is not null)`;

function tabWhere(tab: OrderTab): SQL | undefined {
  const filter = tabFilter(tab);
  if (filter === null) return undefined;
  if (filter === 'refund') return hasRefund;
  return inArray(orders.status, [...filter]);
}

/** A keyword as the order number it may be, or a part of a product name. */
function keywordWhere(keyword: string): SQL {
  const pattern = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(
    eq(orders.orderNo, keyword.toUpperCase()),
    sql`exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${orders.id} and ${orderLines.productName} ilike ${pattern})`,
  )!;
}

async function linesOf(db: DbOrTx, orderIds: number[]): Promise<Map<number, LineRow[]>> {
  const byOrder = new Map<number, LineRow[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select(lineColumns)
    .from(orderLines)
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(asc(orderLines.id));
  for (const row of rows) {
    const list = byOrder.get(row.orderId) ?? [];
    list.push(row);
    byOrder.set(row.orderId, list);
  }
  return byOrder;
}

function lineView(row: LineRow): OrderLineView {
  return {
    lineId: row.lineId,
    productNo: row.productNo,
    skuNo: row.skuNo,
    productName: row.productName,
    skuDesc: row.skuDesc,
    imageUrl: row.imageUrl,
    unitPriceCents: row.unitPriceCents,
    quantity: row.quantity,
    lineCents: row.lineCents,
    promotionCents: row.promotionCents,
    couponCents: row.couponCents,
    freightCents: row.freightCents,
    insuranceCents: row.insuranceCents,
    paidCents: row.paidCents,
    crossBorder: row.crossBorder,
    refundStatus: row.refundStatus as RefundStatus | null,
  };
}

function summaryOf(row: OrderRow, lines: LineRow[], now: Date): OrderSummary {
  return {
    orderNo: row.orderNo,
    groupNo: row.groupNo,
    status: row.status as OrderStatus,
    statusText: orderStatusText(row.status),
    saleTitle: row.saleTitle,
    createdAt: row.createdAt.toISOString(),
    payDeadline: row.payDeadline.toISOString(),
    pieces: lines.reduce((sum, l) => sum + l.quantity, 0),
    goodsCents: row.goodsCents,
    freightCents: row.freightCents,
    insuranceCents: row.insuranceCents,
    payCents: row.payCents,
    lines: lines.map(lineView),
    actions: orderActions({ status: row.status, payDeadline: row.payDeadline, lines }, now),
  };
}

async function summaries(db: DbOrTx, rows: OrderRow[], now: Date): Promise<OrderSummary[]> {
  const lines = await linesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => summaryOf(row, lines.get(row.id) ?? [], now));
}

/** The counts of the order list's tabs (orders removed from the list are not counted). */
export async function orderTabCounts(
  db: DbOrTx,
  scope: ShopperScope,
): Promise<OrderPage['counts'] & { all: number }> {
  const n = (where: SQL) => sql<number>`(count(*) filter (where ${where}))::int`;
  const [row] = await db
    .select({
      all: sql<number>`count(*)::int`,
      unpaid: n(eq(orders.status, OrderStatus.AwaitingPayment)),
      unshipped: n(eq(orders.status, OrderStatus.Paid)),
      shipped: n(eq(orders.status, OrderStatus.Shipped)),
      done: n(eq(orders.status, OrderStatus.Completed)),
      refund: n(hasRefund),
    })
    .from(orders)
    .where(ownOrders(scope));
  return row ?? { all: 0, unpaid: 0, unshipped: 0, shipped: 0, done: 0, refund: 0 };
}

interface Paging {
  pageNum?: number;
  pageSize?: number;
  now?: Date;
}

async function orderPage(
  db: DbOrTx,
  scope: ShopperScope,
  where: SQL | undefined,
  total: (counts: Awaited<ReturnType<typeof orderTabCounts>>) => Promise<number> | number,
  paging: Paging,
): Promise<OrderPage> {
  const pageNum = paging.pageNum ?? 1;
  const pageSize = paging.pageSize ?? ORDER_PAGE_SIZE;
  const now = paging.now ?? new Date();
  const [counts, rows] = await Promise.all([
    orderTabCounts(db, scope),
    db
      .select(orderColumns)
      .from(orders)
      .innerJoin(orderGroups, eq(orderGroups.id, orders.groupId))
      .where(and(ownOrders(scope), where))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize),
  ]);
  const { all, ...tabCounts } = counts;
  void all;
  return {
    list: await summaries(db, rows, now),
    total: await total(counts),
    pageNum,
    pageSize,
    counts: tabCounts,
  };
}

/** The order list (订单 tab): a tab's orders, newest first, a page at a time, with every tab's count. */
export function listOrders(
  db: DbOrTx,
  input: ShopperScope & Paging & { tab?: OrderTab },
): Promise<OrderPage> {
  const tab = input.tab ?? 'all';
  return orderPage(db, input, tabWhere(tab), (counts) => counts[tab], input);
}

/** The shopper's own orders holding a product whose name contains the keyword, or of that number. */
export function searchOrders(
  db: DbOrTx,
  input: ShopperScope & Paging & { keyword: string },
): Promise<OrderPage> {
  const where = keywordWhere(input.keyword.trim());
  return orderPage(
    db,
    input,
    where,
    async () => {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(orders)
        .where(and(ownOrders(input), where));
      return row?.n ?? 0;
    },
    input,
  );
}

/**
 * 优惠订单: the shopper's orders a coupon paid part of, newest first, with how much coupons saved
 * on all of them (cancelled orders gave their coupon back and count for nothing).
 */
export async function couponOrders(
  db: DbOrTx,
  input: ShopperScope & Paging,
): Promise<OrderPage & { savedCents: number }> {
  const where = and(gt(orders.couponCents, 0), ne(orders.status, OrderStatus.Cancelled));
  let savedCents = 0;
  const page = await orderPage(
    db,
    input,
    where,
    async () => {
      const [row] = await db
        .select({
          n: sql<number>`count(*)::int`,
          saved: sql<number>`coalesce(sum(${orders.couponCents}), 0)::int`,
        })
        .from(orders)
        .where(and(ownOrders(input), where));
      savedCents = row?.saved ?? 0;
      return row?.n ?? 0;
    },
    input,
  );
  return { ...page, savedCents };
}

/** Unpaid orders still within their pay deadline, the newest first (the unpaid-order guide). */
export async function pendingPaymentOrders(
  db: DbOrTx,
  input: ShopperScope & Paging,
): Promise<{ list: OrderSummary[]; total: number }> {
  const now = input.now ?? new Date();
  const pageNum = input.pageNum ?? 1;
  const pageSize = input.pageSize ?? PENDING_PAGE_SIZE;
  const where = and(
    ownOrders(input),
    eq(orders.status, OrderStatus.AwaitingPayment),
    gt(orders.payDeadline, now),
  );
  const [rows, [count]] = await Promise.all([
    db
      .select(orderColumns)
      .from(orders)
      .innerJoin(orderGroups, eq(orderGroups.id, orders.groupId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(where),
  ]);
  return { list: await summaries(db, rows, now), total: count?.n ?? 0 };
}

const detailColumns = {
  ...orderColumns,
  address: orders.address,
  realName: orders.realName,
  remark: orders.remark,
  paidAt: orders.paidAt,
  shippedAt: orders.shippedAt,
  completedAt: orders.completedAt,
  cancelledAt: orders.cancelledAt,
  cancelReason: orders.cancelReason,
  autoCompleteAt: orders.autoCompleteAt,
};

/** The caller's order row, or ORDER_NOT_FOUND. */
async function ownOrder(db: DbOrTx, input: ShopperScope & { orderNo: string }) {
  const [row] = await db
    .select(detailColumns)
    .from(orders)
    .innerJoin(orderGroups, eq(orderGroups.id, orders.groupId))
    .where(and(ownOrders(input), eq(orders.orderNo, input.orderNo)))
    .limit(1);
  if (!row) throw appError(Errors.ORDER_NOT_FOUND);
  return row;
}

async function timelineOf(db: DbOrTx, orderId: number): Promise<OrderEventView[]> {
  const rows = await db
    .select({
      kind: orderEvents.kind,
      actor: orderEvents.actor,
      note: orderEvents.note,
      at: orderEvents.createdAt,
    })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.id));
  return rows.map((e) => ({ kind: e.kind, text: eventText(e), at: e.at.toISOString() }));
}

async function parcelRow(db: DbOrTx, orderId: number) {
  const [row] = await db
    .select({
      carrier: logistics.carrier,
      company: logistics.company,
      trackingNo: logistics.trackingNo,
      traces: logistics.traces,
      createdAt: logistics.createdAt,
    })
    .from(logistics)
    .where(and(eq(logistics.orderId, orderId), isNull(logistics.invoiceRef)))
    .limit(1);
  return row ?? null;
}

/** The order detail (订单详情) of the caller's order; ORDER_NOT_FOUND for anyone else's. */
export async function readOrderDetail(
  db: DbOrTx,
  input: ShopperScope & { orderNo: string; now?: Date },
): Promise<OrderDetail> {
  const now = input.now ?? new Date();
  const row = await ownOrder(db, input);
  const [lines, timeline, parcel] = await Promise.all([
    linesOf(db, [row.id]),
    timelineOf(db, row.id),
    parcelRow(db, row.id),
  ]);
  const latest = parcel?.traces[0] ?? null;
  return {
    ...summaryOf(row, lines.get(row.id) ?? [], now),
    address: row.address,
    realName: row.realName,
    remark: row.remark,
    discountCents: row.discountCents,
    couponCents: row.couponCents,
    paidAt: row.paidAt?.toISOString() ?? null,
    shippedAt: row.shippedAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    cancelReason: row.cancelReason,
    autoCompleteAt: row.autoCompleteAt?.toISOString() ?? null,
    timeline,
    parcel: parcel ? { company: parcel.company, trackingNo: parcel.trackingNo, latest } : null,
    serverNow: now.toISOString(),
  };
}

/** The short form of the caller's order (the cashier polls it). */
export async function readOrderInfo(
  db: DbOrTx,
  input: ShopperScope & { orderNo: string; now?: Date },
): Promise<
  Pick<OrderDetail, 'orderNo' | 'status' | 'statusText' | 'payCents' | 'payDeadline' | 'serverNow'>
> {
  const row = await ownOrder(db, input);
  return {
    orderNo: row.orderNo,
    status: row.status as OrderStatus,
    statusText: orderStatusText(row.status),
    payCents: row.payCents,
    payDeadline: row.payDeadline.toISOString(),
    serverNow: (input.now ?? new Date()).toISOString(),
  };
}

/** What happened to the caller's order, oldest first (orderTrack). */
export async function readOrderTrack(
  db: DbOrTx,
  input: ShopperScope & { orderNo: string },
): Promise<{ orderNo: string; timeline: OrderEventView[] }> {
  const row = await ownOrder(db, input);
  return { orderNo: row.orderNo, timeline: await timelineOf(db, row.id) };
}

/** The parcel of the caller's shipped (or completed) order; ORDER_NOT_FOUND for any other. */
export async function readLogistics(
  db: DbOrTx,
  input: ShopperScope & { orderNo: string; now?: Date },
): Promise<LogisticsView> {
  const row = await ownOrder(db, input);
  const shipped = row.status === OrderStatus.Shipped || row.status === OrderStatus.Completed;
  const parcel = shipped ? await parcelRow(db, row.id) : null;
  if (!parcel) throw appError(Errors.ORDER_NOT_FOUND);
  const lines = (await linesOf(db, [row.id])).get(row.id) ?? [];
  return {
    orderNo: row.orderNo,
    carrier: parcel.carrier,
    company: parcel.company || carrierName(parcel.carrier) || parcel.carrier,
    trackingNo: parcel.trackingNo,
    // What Kuaidi100 pushed, newest first (kuaidi100/tracker.server.ts).
    traces: parcel.traces,
    address: row.address,
    imageUrl: lines.find((l) => l.imageUrl)?.imageUrl ?? null,
    pieces: lines.reduce((sum, l) => sum + l.quantity, 0),
  };
}

/** One checkout of the caller: its orders and what is to be paid (combine/detail). */
export async function readOrderGroup(
  db: DbOrTx,
  input: ShopperScope & { groupNo: string; now?: Date },
): Promise<OrderGroupView> {
  const now = input.now ?? new Date();
  const group = await ownGroup(db, input);
  const rows = await db
    .select(orderColumns)
    .from(orders)
    .innerJoin(orderGroups, eq(orderGroups.id, orders.groupId))
    .where(and(eq(orders.groupId, group.id), ownOrders(input)))
    .orderBy(asc(orders.id));
  return {
    groupNo: group.groupNo,
    payCents: group.payCents,
    payDeadline: group.payDeadline.toISOString(),
    serverNow: now.toISOString(),
    orders: await summaries(db, rows, now),
  };
}

async function ownGroup(db: DbOrTx, input: ShopperScope & { groupNo: string }) {
  const [group] = await db
    .select({
      id: orderGroups.id,
      groupNo: orderGroups.groupNo,
      payCents: orderGroups.payCents,
      payDeadline: orderGroups.payDeadline,
    })
    .from(orderGroups)
    .where(
      and(
        eq(orderGroups.groupNo, input.groupNo),
        eq(orderGroups.userId, input.userId),
        eq(orderGroups.shopId, input.shopId),
      ),
    )
    .limit(1);
  if (!group) throw appError(Errors.ORDER_NOT_FOUND);
  return group;
}

/**
 * The short form of the caller's checkout: its orders' numbers and the group's status — 已取消
 * when every order is, else the least advanced of the others (unpaid while any is unpaid).
 */
export async function readOrderGroupInfo(
  db: DbOrTx,
  input: ShopperScope & { groupNo: string; now?: Date },
): Promise<
  Pick<OrderGroupView, 'groupNo' | 'payCents' | 'payDeadline' | 'serverNow'> & {
    orderNos: string[];
    status: OrderStatus;
  }
> {
  const group = await ownGroup(db, input);
  const rows = await db
    .select({ orderNo: orders.orderNo, status: orders.status })
    .from(orders)
    .where(and(eq(orders.groupId, group.id), eq(orders.userId, input.userId)))
    .orderBy(asc(orders.id));
  const live = rows.filter((r) => r.status !== OrderStatus.Cancelled).map((r) => r.status);
  return {
    groupNo: group.groupNo,
    payCents: group.payCents,
    payDeadline: group.payDeadline.toISOString(),
    serverNow: (input.now ?? new Date()).toISOString(),
    orderNos: rows.map((r) => r.orderNo),
    status: (live.length ? Math.min(...live) : OrderStatus.Cancelled) as OrderStatus,
  };
}

/** Whether the caller has never paid for an order in this shop. */
export async function isFirstOrder(
  db: DbOrTx,
  scope: ShopperScope,
): Promise<{ isFirstOrder: boolean }> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.userId, scope.userId),
        eq(orders.shopId, scope.shopId),
        sql`${orders.paidAt} is not null`,
      ),
    )
    .limit(1);
  return { isFirstOrder: !row };
}

// --- The distributor's orders (推广订单) -------------------------------------------------------

const distributorColumns = {
  id: orders.id,
  orderNo: orders.orderNo,
  status: orders.status,
  createdAt: orders.createdAt,
  payCents: orders.payCents,
  buyerNickname: users.nickname,
  buyerPhone: users.phone,
  refundWaiting: refundUnderReviewOf(orders.id).mapWith(Boolean),
};
type DistributorRow = {
  [K in Exclude<keyof typeof distributorColumns, 'refundWaiting'>]: GetColumnData<
    (typeof distributorColumns)[K]
  >;
} & { refundWaiting: boolean };

const attributedTo = (scope: DistributorScope): SQL =>
  and(eq(orders.distributorId, scope.distributorId), eq(orders.shopId, scope.shopId))!;

async function shopOwner(db: DbOrTx, shopId: string): Promise<number | null> {
  const [row] = await db
    .select({ ownerUserId: shops.ownerUserId })
    .from(shops)
    .where(eq(shops.id, shopId))
    .limit(1);
  return row?.ownerUserId ?? null;
}

function distributorSummary(
  row: DistributorRow,
  lines: LineRow[],
  isOwner: boolean,
): DistributorOrderSummary {
  return {
    orderNo: row.orderNo,
    status: row.status as OrderStatus,
    statusText: distributorStatusText(row.status),
    createdAt: row.createdAt.toISOString(),
    buyer: maskBuyer({ nickname: row.buyerNickname, phone: row.buyerPhone }),
    payCents: row.payCents,
    // The lines' commission (distribution/commission.ts); a refunded line earns nothing.
    commissionCents: lines.reduce(
      (sum, l) => sum + (l.refundStatus === RefundStatusValue.Approved ? 0 : l.profitCents),
      0,
    ),
    lines: lines.map((l) => ({
      productName: l.productName,
      skuDesc: l.skuDesc,
      imageUrl: l.imageUrl,
      unitPriceCents: l.unitPriceCents,
      quantity: l.quantity,
    })),
    canShip: isOwner && row.status === OrderStatus.Paid && !row.refundWaiting,
    refundWaiting: row.refundWaiting,
  };
}

async function distributorPage(
  db: DbOrTx,
  scope: DistributorScope,
  where: SQL | undefined,
  paging: Paging,
): Promise<DistributorOrderPage> {
  const pageNum = paging.pageNum ?? 1;
  const pageSize = paging.pageSize ?? ORDER_PAGE_SIZE;
  const owner = await shopOwner(db, scope.shopId);
  const isOwner = owner === scope.distributorId;
  if (scope.shopWide && !isOwner) throw appError(Errors.NOT_SHOP_ORDER);
  const filter = and(scope.shopWide ? eq(orders.shopId, scope.shopId) : attributedTo(scope), where);
  const [rows, [count]] = await Promise.all([
    db
      .select(distributorColumns)
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(filter)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(filter),
  ]);
  const lines = await linesOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    list: rows.map((r) => distributorSummary(r, lines.get(r.id) ?? [], isOwner)),
    total: count?.n ?? 0,
    pageNum,
    pageSize,
  };
}

/** The distributor's promotion orders (推广订单) by tab, newest first, the buyer masked. */
export function listDistributorOrders(
  db: DbOrTx,
  input: DistributorScope & Paging & { tab?: OrderTab },
): Promise<DistributorOrderPage> {
  return distributorPage(db, input, tabWhere(input.tab ?? 'all'), input);
}

/** The distributor's promotion orders holding a product of that name, or of that number. */
export function searchDistributorOrders(
  db: DbOrTx,
  input: DistributorScope & Paging & { keyword: string },
): Promise<DistributorOrderPage> {
  return distributorPage(db, input, keywordWhere(input.keyword.trim()), input);
}

/**
 * One promotion order: an order attributed to the caller, without the buyer's private data (the
 * region only), or any order of the shop when the caller owns it, with the whole delivery to ship
 * it. ORDER_NOT_FOUND else.
 */
export async function readDistributorOrder(
  db: DbOrTx,
  input: DistributorScope & { orderNo: string },
): Promise<DistributorOrderDetail> {
  const owner = await shopOwner(db, input.shopId);
  const isOwner = owner === input.distributorId;
  const [row] = await db
    .select({
      ...distributorColumns,
      address: orders.address,
      remark: orders.remark,
      paidAt: orders.paidAt,
      shippedAt: orders.shippedAt,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(
      and(
        eq(orders.orderNo, input.orderNo),
        isOwner ? eq(orders.shopId, input.shopId) : attributedTo(input),
      ),
    )
    .limit(1);
  if (!row) throw appError(Errors.ORDER_NOT_FOUND);
  const [lines, parcel] = await Promise.all([linesOf(db, [row.id]), parcelRow(db, row.id)]);
  return {
    ...distributorSummary(row, lines.get(row.id) ?? [], isOwner),
    ...deliveryView(row, { ships: isOwner }),
    paidAt: row.paidAt?.toISOString() ?? null,
    shippedAt: row.shippedAt?.toISOString() ?? null,
    parcel: parcel ? { company: parcel.company, trackingNo: parcel.trackingNo } : null,
  };
}
