/**
 * After-sale: one order line's 仅退款 (paid, not shipped) or 退货退款 (shipped or recently
 * completed). Applying puts the line under review; the shop owner approves or refuses it; an
 * approved 仅退款 is refunded at once, an approved 退货退款 once the shop has the goods back.
 * Each step is one conditional UPDATE in a transaction — ten owners' taps on 同意 make one
 * approval and so one refund, whose out_refund_no (RA + the after-sale number) is saved before the
 * gateway is asked. Stock comes back with the goods; the refund is what the line paid for itself.
 */
import { and, desc, eq, inArray, isNull, isNotNull, or, sql } from 'drizzle-orm';
import { adjustCommissionForRefund } from '#lib/commission/index.server.ts';
import { appError } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';
import type { DbOrTx, Tx } from '#lib/platform/db/client.server.ts';
import {
  afterSales,
  insuranceClaims,
  media,
  orderLines,
  orders,
  paymentOrders,
  payments,
  refunds,
  shops,
} from '#lib/platform/db/schema.ts';
import { OrderStatus, RefundStatus, refundTransitions } from '#lib/orders/index.ts';
import {
  closeWhenAllRefunded,
  lockOrder,
  moveLineRefund,
  recordOrderEvent,
} from '#lib/orders/index.server.ts';
import { returnStock } from '#lib/catalog/index.server.ts';
import { newNumber } from '#lib/platform/numbers.server.ts';
import { fileClaim } from '#lib/insurance/index.server.ts';
import { CLAIM_STATUS_TEXT, type ClaimStatus } from '#lib/insurance/index.ts';
import { PaymentOrderOutcome, RefundState } from '#lib/payments/index.ts';
import { saveRefund } from '#lib/payments/index.server.ts';
import { sendRefund } from '#lib/payments/index.server.ts';
import type { PaymentGateway } from '#lib/payments/index.server.ts';
import { noteInvoiceRefund, reconcileAfterRefund } from '#lib/invoices/index.server.ts';
import type { AfterSaleKind, AfterSaleView, RefundProgress } from './contracts.ts';
import {
  AFTER_SALE_KIND_TEXT,
  RETURN_WINDOW_MS,
  afterSaleAmount,
  afterSaleKindFor,
  afterSaleStatusText,
} from './after-sale-view.ts';

export { RETURN_WINDOW_MS };

/** Where the shopper's photos are read (the owner and the shop's owner only). */
export function afterSalePhotoUrl(photoId: number): string {
  return `/api/order/afterSale/photo/${photoId}`;
}

interface Viewer {
  userId: number;
  /** The viewer reads as the shop's owner (the review screen). */
  asOwner?: boolean;
}

const columns = {
  id: afterSales.id,
  afterSaleNo: afterSales.afterSaleNo,
  orderId: afterSales.orderId,
  orderNo: orders.orderNo,
  lineId: afterSales.orderLineId,
  productName: orderLines.productName,
  skuDesc: orderLines.skuDesc,
  imageUrl: orderLines.imageUrl,
  unitPriceCents: orderLines.unitPriceCents,
  quantity: orderLines.quantity,
  kind: afterSales.kind,
  reason: afterSales.reason,
  description: afterSales.description,
  photoIds: afterSales.photoIds,
  amountCents: afterSales.amountCents,
  status: afterSales.status,
  refusal: afterSales.refusal,
  auditChannel: afterSales.auditChannel,
  returnCompany: afterSales.returnCompany,
  returnTrackingNo: afterSales.returnTrackingNo,
  returnShippedAt: afterSales.returnShippedAt,
  returnReceivedAt: afterSales.returnReceivedAt,
  reviewedAt: afterSales.reviewedAt,
  createdAt: afterSales.createdAt,
  refundStatus: refunds.status,
  refundSettledAt: refunds.settledAt,
  claimNo: insuranceClaims.claimNo,
  claimCents: insuranceClaims.amountCents,
  claimStatus: insuranceClaims.status,
};

type Row = {
  [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] | null;
};

function selectViews(db: DbOrTx) {
  return db
    .select(columns)
    .from(afterSales)
    .innerJoin(orders, eq(orders.id, afterSales.orderId))
    .innerJoin(orderLines, eq(orderLines.id, afterSales.orderLineId))
    .leftJoin(refunds, eq(refunds.afterSaleId, afterSales.id))
    .leftJoin(insuranceClaims, eq(insuranceClaims.afterSaleId, afterSales.id));
}

function progressOf(refundStatus: number | null): RefundProgress {
  if (refundStatus === null) return 'none';
  if (refundStatus === RefundState.Succeeded) return 'refunded';
  if (refundStatus === RefundState.Failed) return 'failed';
  return 'refunding';
}

function toView(row: Row, viewer: Viewer): AfterSaleView {
  const kind = row.kind as AfterSaleKind;
  const refund = progressOf(row.refundStatus);
  const status = row.status as RefundStatus;
  const actions: AfterSaleView['actions'] = [];
  if (viewer.asOwner) {
    if (status === RefundStatus.UnderReview) actions.push('approve', 'refuse');
    if (
      status === RefundStatus.Approved &&
      kind === 'return' &&
      row.returnShippedAt &&
      !row.returnReceivedAt
    ) {
      actions.push('receiveReturn');
    }
  } else if (status === RefundStatus.Approved && kind === 'return' && !row.returnShippedAt) {
    actions.push('shipReturn');
  }
  return {
    afterSaleNo: row.afterSaleNo!,
    orderNo: row.orderNo!,
    lineId: row.lineId!,
    productName: row.productName!,
    skuDesc: row.skuDesc!,
    imageUrl: row.imageUrl,
    unitPriceCents: row.unitPriceCents!,
    quantity: row.quantity!,
    kind,
    kindText: AFTER_SALE_KIND_TEXT[kind],
    reason: row.reason!,
    description: row.description!,
    photos: (row.photoIds ?? []).map(afterSalePhotoUrl),
    amountCents: row.amountCents!,
    status,
    statusText: afterSaleStatusText({ ...row, kind, status, refund }),
    refusal: row.refusal,
    auditChannel: row.auditChannel as 2 | 6,
    returnCompany: row.returnCompany,
    returnTrackingNo: row.returnTrackingNo,
    returnShippedAt: row.returnShippedAt?.toISOString() ?? null,
    returnReceivedAt: row.returnReceivedAt?.toISOString() ?? null,
    refund,
    createdAt: row.createdAt!.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    refundedAt: refund === 'refunded' ? (row.refundSettledAt?.toISOString() ?? null) : null,
    claim:
      row.claimNo === null
        ? null
        : {
            claimNo: row.claimNo,
            amountCents: row.claimCents!,
            statusText: CLAIM_STATUS_TEXT[row.claimStatus as ClaimStatus],
          },
    actions,
  };
}

/** The shopper's own after-sale, or the shop owner's view of one in their shop. */
export async function readAfterSale(
  db: DbOrTx,
  input: { shopId: string; afterSaleNo: string } & Viewer,
): Promise<AfterSaleView> {
  const [row] = await selectViews(db).where(
    and(
      eq(afterSales.afterSaleNo, input.afterSaleNo),
      eq(afterSales.shopId, input.shopId),
      input.asOwner ? undefined : eq(afterSales.userId, input.userId),
    ),
  );
  if (!row) throw appError(Errors.AFTER_SALE_NOT_FOUND);
  return toView(row, input);
}

/** The shopper's after-sales of one of their orders, newest first. */
export async function listOrderAfterSales(
  db: DbOrTx,
  input: { shopId: string; userId: number; orderNo: string },
): Promise<AfterSaleView[]> {
  const rows = await selectViews(db)
    .where(
      and(
        eq(orders.orderNo, input.orderNo),
        eq(afterSales.shopId, input.shopId),
        eq(afterSales.userId, input.userId),
      ),
    )
    .orderBy(desc(afterSales.id));
  return rows.map((row) => toView(row, input));
}

/** The owner's check, first: anyone else learns nothing about the shop's after-sales. */
async function requireOwner(db: DbOrTx, shopId: string, userId: number): Promise<void> {
  const [shop] = await db
    .select({ ownerId: shops.ownerUserId })
    .from(shops)
    .where(eq(shops.id, shopId));
  if (!shop || shop.ownerId !== userId) throw appError(Errors.NOT_SHOP_AFTER_SALE);
}

/** The review screen: the shop's after-sales, those waiting for a decision first. */
export async function listShopAfterSales(
  db: DbOrTx,
  input: { shopId: string; ownerId: number; status: 'waiting' | 'all' },
): Promise<{ list: AfterSaleView[]; waiting: number }> {
  await requireOwner(db, input.shopId, input.ownerId);
  const rows = await selectViews(db)
    .where(
      and(
        eq(afterSales.shopId, input.shopId),
        input.status === 'waiting'
          ? or(
              eq(afterSales.status, RefundStatus.UnderReview),
              and(
                eq(afterSales.status, RefundStatus.Approved),
                isNotNull(afterSales.returnShippedAt),
                isNull(afterSales.returnReceivedAt),
              ),
            )
          : undefined,
      ),
    )
    .orderBy(
      sql`case when ${afterSales.status} = ${RefundStatus.UnderReview} then 0 else 1 end`,
      desc(afterSales.id),
    )
    .limit(100);
  const viewer = { userId: input.ownerId, asOwner: true };
  return {
    list: rows.map((row) => toView(row, viewer)),
    waiting: await countWaiting(db, input.shopId),
  };
}

/** The waiting-audit refund count: how many of the owner's shop's after-sales await review. */
export async function waitingAuditCount(
  db: DbOrTx,
  input: { shopId: string; ownerId: number },
): Promise<number> {
  await requireOwner(db, input.shopId, input.ownerId);
  return countWaiting(db, input.shopId);
}

async function countWaiting(db: DbOrTx, shopId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(afterSales)
    .where(and(eq(afterSales.shopId, shopId), eq(afterSales.status, RefundStatus.UnderReview)));
  return row?.n ?? 0;
}

export interface AfterSaleOffer {
  kind: AfterSaleKind;
  amountCents: number;
  line: {
    lineId: number;
    productName: string;
    skuDesc: string;
    imageUrl: string | null;
    unitPriceCents: number;
    quantity: number;
    refundStatus: number | null;
  };
}

/**
 * What 申请售后 offers on a line of the caller's order: the kind its order's status decides and
 * the amount applyAfterSale would refund; the refusal applyAfterSale would give otherwise.
 */
export async function readAfterSaleOffer(
  db: DbOrTx,
  input: { shopId: string; userId: number; orderNo: string; lineId: number; now?: Date },
): Promise<AfterSaleOffer> {
  const [row] = await db
    .select({
      status: orders.status,
      completedAt: orders.completedAt,
      lineId: orderLines.id,
      productName: orderLines.productName,
      skuDesc: orderLines.skuDesc,
      imageUrl: orderLines.imageUrl,
      unitPriceCents: orderLines.unitPriceCents,
      quantity: orderLines.quantity,
      refundStatus: orderLines.refundStatus,
      paidCents: orderLines.paidCents,
      freightCents: orderLines.freightCents,
      insuranceCents: orderLines.insuranceCents,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orders.orderNo, input.orderNo),
        eq(orders.shopId, input.shopId),
        eq(orders.userId, input.userId),
        eq(orderLines.id, input.lineId),
      ),
    );
  if (!row) throw appError(Errors.ORDER_NOT_FOUND);
  const now = input.now ?? new Date();
  const kind = afterSaleKindFor(row, null, now);
  if (!kind) {
    throw appError(
      row.status === OrderStatus.Completed
        ? Errors.RETURN_WINDOW_CLOSED
        : Errors.AFTER_SALE_NOT_ALLOWED,
    );
  }
  if (afterSaleKindFor(row, row.refundStatus, now) === null) throw appError(Errors.AFTER_SALE_OPEN);
  const amountCents = afterSaleAmount(kind, row);
  if (amountCents <= 0) throw appError(Errors.AFTER_SALE_NOT_ALLOWED);
  return {
    kind,
    amountCents,
    line: {
      lineId: row.lineId,
      productName: row.productName,
      skuDesc: row.skuDesc,
      imageUrl: row.imageUrl,
      unitPriceCents: row.unitPriceCents,
      quantity: row.quantity,
      refundStatus: row.refundStatus,
    },
  };
}

/**
 * Refuses a kind the order's status does not take: 仅退款 only while paid (its goods have not
 * left), 退货退款 only once shipped or completed.
 */
function refuseKindMisfit(kind: AfterSaleKind, status: number | null): void {
  const fits =
    kind === 'refund'
      ? status === OrderStatus.Paid
      : status === OrderStatus.Shipped || status === OrderStatus.Completed;
  if (fits) return;
  const other: readonly (number | null)[] =
    kind === 'refund' ? [OrderStatus.Shipped, OrderStatus.Completed] : [OrderStatus.Paid];
  throw appError(
    other.includes(status) ? Errors.AFTER_SALE_KIND_MISMATCH : Errors.AFTER_SALE_NOT_ALLOWED,
  );
}

export interface ApplyInput {
  shopId: string;
  userId: number;
  orderNo: string;
  lineId: number;
  kind: AfterSaleKind;
  reason: string;
  description: string;
  photoIds: number[];
  /** 2 inside the messaging app, else 6. */
  auditChannel: 2 | 6;
  now?: Date;
}

/**
 * Applies for an after-sale on one line of the caller's order: 仅退款 while paid and unshipped,
 * 退货退款 once shipped (or within seven days of completion). The photos must be the caller's
 * own uploads. The line goes under review in the same transaction.
 */
export async function applyAfterSale(db: DbOrTx, input: ApplyInput): Promise<AfterSaleView> {
  const now = input.now ?? new Date();
  const [line] = await db
    .select({
      orderId: orders.id,
      status: orders.status,
      completedAt: orders.completedAt,
      lineId: orderLines.id,
      paidCents: orderLines.paidCents,
      freightCents: orderLines.freightCents,
      insuranceCents: orderLines.insuranceCents,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orders.orderNo, input.orderNo),
        eq(orders.shopId, input.shopId),
        eq(orders.userId, input.userId),
        eq(orderLines.id, input.lineId),
      ),
    );
  if (!line) throw appError(Errors.ORDER_NOT_FOUND);
  refuseKindMisfit(input.kind, line.status);
  if (
    line.status === OrderStatus.Completed &&
    line.completedAt &&
    now.getTime() - line.completedAt.getTime() > RETURN_WINDOW_MS
  ) {
    throw appError(Errors.RETURN_WINDOW_CLOSED);
  }
  const photoIds = [...new Set(input.photoIds)];
  if (photoIds.length > 0) {
    const owned = await db
      .select({ id: media.id })
      .from(media)
      .where(
        and(
          inArray(media.id, photoIds),
          eq(media.ownerUserId, input.userId),
          eq(media.isPublic, false),
        ),
      );
    if (owned.length !== photoIds.length) throw appError(Errors.AFTER_SALE_PHOTO_INVALID);
  }
  const amountCents = afterSaleAmount(input.kind, line);
  if (amountCents <= 0) throw appError(Errors.AFTER_SALE_NOT_ALLOWED);

  const afterSaleNo = newNumber('S', now);
  await db.transaction(async (tx) => {
    // The order's row is locked first, so shipping (or completion) cannot slip in between: a
    // 仅退款 is applied for while the order is paid, or refused once it has shipped.
    refuseKindMisfit(input.kind, await lockOrder(tx, line.orderId));
    const marked = await moveLineRefund(tx, {
      lineId: line.lineId,
      to: RefundStatus.UnderReview,
    });
    if (!marked) throw appError(Errors.AFTER_SALE_OPEN);
    await tx.insert(afterSales).values({
      afterSaleNo,
      orderId: line.orderId,
      orderLineId: line.lineId,
      userId: input.userId,
      shopId: input.shopId,
      kind: input.kind,
      reason: input.reason,
      description: input.description,
      photoIds,
      amountCents,
      status: RefundStatus.UnderReview,
      auditChannel: input.auditChannel,
      createdAt: now,
    });
    await recordOrderEvent(tx, {
      orderId: line.orderId,
      kind: 'refund_applied',
      actor: 'shopper',
      note: `${marked.productName}：${AFTER_SALE_KIND_TEXT[input.kind]}，${input.reason}`,
      now,
    });
  });
  return readAfterSale(db, { shopId: input.shopId, userId: input.userId, afterSaleNo });
}

/** After an approved 退货退款 the shopper names the parcel the goods go back in. */
export async function shipReturn(
  db: DbOrTx,
  input: {
    shopId: string;
    userId: number;
    afterSaleNo: string;
    company: string;
    trackingNo: string;
    now?: Date;
  },
): Promise<AfterSaleView> {
  const now = input.now ?? new Date();
  const [moved] = await db
    .update(afterSales)
    .set({ returnCompany: input.company, returnTrackingNo: input.trackingNo, returnShippedAt: now })
    .where(
      and(
        eq(afterSales.afterSaleNo, input.afterSaleNo),
        eq(afterSales.shopId, input.shopId),
        eq(afterSales.userId, input.userId),
        eq(afterSales.kind, 'return'),
        eq(afterSales.status, RefundStatus.Approved),
        isNull(afterSales.returnShippedAt),
      ),
    )
    .returning({ id: afterSales.id });
  if (!moved) {
    // Tell a missing one from one that moved on.
    await readAfterSale(db, input);
    throw appError(Errors.AFTER_SALE_STATE_CHANGED);
  }
  return readAfterSale(db, input);
}

/** The line's stock comes back (the goods never left, or came back). */
async function restock(tx: Tx, lineId: number): Promise<void> {
  const [line] = await tx
    .select({ skuId: orderLines.skuId, quantity: orderLines.quantity })
    .from(orderLines)
    .where(eq(orderLines.id, lineId));
  if (line) await returnStock(tx, line.skuId, line.quantity);
}

/** Saves the refund of an approved after-sale against the payment that paid its order. */
async function saveAfterSaleRefund(
  tx: Tx,
  afterSale: {
    id: number;
    afterSaleNo: string;
    orderId: number;
    orderLineId: number;
    amountCents: number;
    reason: string;
  },
  now: Date,
): Promise<number> {
  const [paid] = await tx
    .select({ paymentId: paymentOrders.paymentId })
    .from(paymentOrders)
    .innerJoin(payments, eq(payments.id, paymentOrders.paymentId))
    .where(
      and(
        eq(paymentOrders.orderId, afterSale.orderId),
        eq(paymentOrders.outcome, PaymentOrderOutcome.PaidOrder),
      ),
    );
  if (!paid) throw new Error(`order ${afterSale.orderId} has no payment to refund from`);
  const refundNo = `RA${afterSale.afterSaleNo}`;
  const refundId = await saveRefund(tx, {
    paymentId: paid.paymentId,
    orderId: afterSale.orderId,
    refundNo,
    amountCents: afterSale.amountCents,
    cause: 'after_sale',
    afterSaleId: afterSale.id,
    reason: afterSale.reason,
    now,
  });
  if (refundId === null) throw new Error(`refund ${refundNo} exists already`);
  // An invoiced order's invoice is reversed and issued again for what remains (invoices area).
  await noteInvoiceRefund(tx, { orderId: afterSale.orderId, refundNo, now });
  // The shop keeper's commission on the line shrinks with what the shopper got back.
  await adjustCommissionForRefund(tx, { orderLineId: afterSale.orderLineId, refundNo, now });
  return refundId;
}

function sendAfterCommit(
  db: DbOrTx,
  gateway: PaymentGateway,
  refundId: number | null,
  orderId: number,
): void {
  if (refundId === null) return;
  void sendRefund(db, gateway, refundId).catch((error: unknown) =>
    console.error('[after-sales] refund not sent yet, the refund timer retries:', error),
  );
  reconcileAfterRefund(db, orderId);
}

/**
 * The owner's decision on an after-sale under review. Approving a 仅退款 refunds it (and puts
 * the stock back) — only while the order is unshipped; once every line is refunded the order is
 * closed. Approving a 退货退款 waits for the goods. Refusing needs a reason the shopper reads.
 */
export async function reviewAfterSale(
  db: DbOrTx,
  gateway: PaymentGateway,
  input: {
    shopId: string;
    ownerId: number;
    afterSaleNo: string;
    approve: boolean;
    refusal?: string | undefined;
    now?: Date;
  },
): Promise<AfterSaleView> {
  const now = input.now ?? new Date();
  await requireOwner(db, input.shopId, input.ownerId);
  if (!input.approve && !input.refusal) throw appError(Errors.REFUSAL_REASON_REQUIRED);
  const to = input.approve ? RefundStatus.Approved : RefundStatus.Failed;
  const found = await findAfterSale(db, input);
  const refundId = await db.transaction(async (tx) => {
    if (!found) return undefined;
    // Locked first, as shipping locks it: a 仅退款 is approved only while the goods are here.
    const status = await lockOrder(tx, found.orderId);
    if (input.approve && found.kind === 'refund' && status !== OrderStatus.Paid) return undefined;
    const decided = await moveAfterSale(tx, {
      afterSaleId: found.id,
      to,
      set: { reviewedAt: now, refusal: input.approve ? null : input.refusal! },
    });
    if (!decided) return undefined;
    await moveLineRefund(tx, { lineId: decided.orderLineId, to });
    await recordOrderEvent(tx, {
      orderId: decided.orderId,
      kind: input.approve ? 'refund_approved' : 'refund_refused',
      actor: 'shop',
      note: input.approve ? decided.afterSaleNo : `${decided.afterSaleNo}：${input.refusal}`,
      now,
    });
    if (input.approve && decided.kind === 'return') await fileClaim(tx, decided, now);
    if (!input.approve || decided.kind !== 'refund') return null;
    await restock(tx, decided.orderLineId);
    const id = await saveAfterSaleRefund(tx, decided, now);
    await closeWhenAllRefunded(tx, { orderId: decided.orderId, now });
    return id;
  });
  if (refundId === undefined) {
    await readAfterSale(db, { ...input, userId: input.ownerId, asOwner: true });
    throw appError(Errors.AFTER_SALE_STATE_CHANGED);
  }
  if (found) sendAfterCommit(db, gateway, refundId, found.orderId);
  return readAfterSale(db, { ...input, userId: input.ownerId, asOwner: true });
}

/** The shop's after-sale by its number: which order it is on, so the order is locked first. */
async function findAfterSale(
  db: DbOrTx,
  input: { shopId: string; afterSaleNo: string },
): Promise<{ id: number; orderId: number; kind: string } | undefined> {
  const [found] = await db
    .select({ id: afterSales.id, orderId: afterSales.orderId, kind: afterSales.kind })
    .from(afterSales)
    .where(and(eq(afterSales.afterSaleNo, input.afterSaleNo), eq(afterSales.shopId, input.shopId)));
  return found;
}

/**
 * The one writer of an after-sale's status: the owner's decision on one under review, as one
 * conditional UPDATE guarded by the refund transition table. The after-sale as decided, or
 * undefined when it had been decided already.
 */
async function moveAfterSale(
  tx: Tx,
  input: {
    afterSaleId: number;
    to: RefundStatus;
    set: { reviewedAt: Date; refusal: string | null };
  },
) {
  const [moved] = await tx
    .update(afterSales)
    .set({ ...input.set, status: input.to })
    .where(
      and(
        eq(afterSales.id, input.afterSaleId),
        inArray(afterSales.status, refundTransitions.allowedFrom(input.to)),
      ),
    )
    .returning();
  return moved;
}

/**
 * The owner has the returned goods: they go back to stock and the line is refunded; once every
 * line of a shipped order is refunded the order is closed.
 */
export async function receiveReturn(
  db: DbOrTx,
  gateway: PaymentGateway,
  input: { shopId: string; ownerId: number; afterSaleNo: string; now?: Date },
): Promise<AfterSaleView> {
  const now = input.now ?? new Date();
  await requireOwner(db, input.shopId, input.ownerId);
  const found = await findAfterSale(db, input);
  const refundId = await db.transaction(async (tx) => {
    if (!found) return undefined;
    await lockOrder(tx, found.orderId);
    const [received] = await tx
      .update(afterSales)
      .set({ returnReceivedAt: now })
      .where(
        and(
          eq(afterSales.id, found.id),
          eq(afterSales.kind, 'return'),
          eq(afterSales.status, RefundStatus.Approved),
          isNotNull(afterSales.returnShippedAt),
          isNull(afterSales.returnReceivedAt),
        ),
      )
      .returning();
    if (!received) return undefined;
    await restock(tx, received.orderLineId);
    await recordOrderEvent(tx, {
      orderId: received.orderId,
      kind: 'return_received',
      actor: 'shop',
      note: received.afterSaleNo,
      now,
    });
    const id = await saveAfterSaleRefund(tx, received, now);
    // Every line back and refunded: nothing is left to receive.
    await closeWhenAllRefunded(tx, { orderId: received.orderId, now });
    return id;
  });
  if (refundId === undefined) {
    await readAfterSale(db, { ...input, userId: input.ownerId, asOwner: true });
    throw appError(Errors.AFTER_SALE_STATE_CHANGED);
  }
  if (found) sendAfterCommit(db, gateway, refundId, found.orderId);
  return readAfterSale(db, { ...input, userId: input.ownerId, asOwner: true });
}
