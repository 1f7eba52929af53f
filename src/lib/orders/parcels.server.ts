/**
 * A shipped order's parcel after 发货: subscribed at Kuaidi100 (retried by the order timers until
 * the service takes it; it never fails the shipment), its pushed traces stored once each, and
 * its 签收 starting the order's completion clock. The orders area is the only writer of
 * `logistics` and of `orders.auto_complete_at`.
 */
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '#lib/platform/db/client.server.ts';
import { logistics, orders, shops } from '#lib/platform/db/schema.ts';
import { recordOrderEvent } from './transitions.server.ts';
import { kuaidi100Company } from './carriers.ts';
import type { TraceView } from './contracts.ts';
import { DEFAULT_SHIP_FROM_CITY } from './logistics.server.ts';
import { SubscribeCode } from './kuaidi100/protocol.ts';
import type { Tracker } from './kuaidi100/tracker.server.ts';
import { OrderStatus } from './status.ts';

const MINUTE = 60_000;
const DAY = 86_400_000;

/** The waits after each failed subscription; after the last one it is given up (see the doctor). */
export const SUBSCRIBE_BACKOFF_MS: readonly number[] = [
  MINUTE,
  5 * MINUTE,
  30 * MINUTE,
  2 * 60 * MINUTE,
  6 * 60 * MINUTE,
  12 * 60 * MINUTE,
  24 * 60 * MINUTE,
];
/** A claimed subscription belongs to its process this long. */
const LEASE_MS = MINUTE;
const BATCH = 20;
/** After Kuaidi100 gives up on a number (abort), it is subscribed again this much later. */
export const RESUBSCRIBE_AFTER_ABORT_MS = 30 * MINUTE;

/** 浙江省杭州市西湖区 (a municipality named once). */
function placeText(a: { province: string; city: string; district: string }): string {
  return `${a.province}${a.city === a.province ? '' : a.city}${a.district}`;
}

/**
 * Subscribes one parcel at Kuaidi100 (200 提交成功 or 501 重复订阅 both mean watched) and records
 * the answer; a refusal or failure makes it due again after the next back-off. Never throws:
 * the parcel is shipped whatever the service says. Answers whether it is now subscribed.
 */
export async function subscribeParcel(
  db: DbOrTx,
  tracker: Tracker,
  parcelId: number,
  now = new Date(),
): Promise<boolean> {
  const [parcel] = await db
    .select({
      carrier: logistics.carrier,
      trackingNo: logistics.trackingNo,
      attempts: logistics.subscribeAttempts,
      subscribedAt: logistics.subscribedAt,
      invoiceRef: logistics.invoiceRef,
      status: orders.status,
      address: orders.address,
    })
    .from(logistics)
    .innerJoin(orders, eq(orders.id, logistics.orderId))
    .where(eq(logistics.id, parcelId));
  if (!parcel || parcel.subscribedAt) return Boolean(parcel);
  const company = kuaidi100Company(parcel.carrier);
  // Goods of an order no longer on its way, or a carrier Kuaidi100 is not asked about. A paper
  // invoice travels after the goods have arrived: it is watched whatever the order's state.
  const onItsWay = parcel.invoiceRef !== null || parcel.status === OrderStatus.Shipped;
  if (!onItsWay || !company) {
    await db
      .update(logistics)
      .set({
        subscribeDueAt: null,
        subscribeResult: company ? 'not subscribed: order not shipped' : 'unknown carrier',
      })
      .where(eq(logistics.id, parcelId));
    return false;
  }
  let answer: { returnCode: string; message: string };
  try {
    answer = await tracker.client.subscribe({
      company,
      number: parcel.trackingNo,
      from: DEFAULT_SHIP_FROM_CITY,
      to: placeText(parcel.address),
      parameters: {
        callbackurl: tracker.callbackUrl,
        salt: tracker.salt,
        resultv2: '1',
        phone: parcel.address.phone,
      },
    });
  } catch (error) {
    answer = { returnCode: 'ERROR', message: (error as Error).message };
  }
  const result = `${answer.returnCode} ${answer.message}`.slice(0, 300);
  if (
    answer.returnCode === SubscribeCode.Accepted ||
    answer.returnCode === SubscribeCode.Repeated
  ) {
    await db
      .update(logistics)
      .set({ subscribedAt: now, subscribeDueAt: null, subscribeResult: result })
      .where(and(eq(logistics.id, parcelId), isNull(logistics.subscribedAt)));
    return true;
  }
  const wait = SUBSCRIBE_BACKOFF_MS[parcel.attempts];
  await db
    .update(logistics)
    .set({
      subscribeAttempts: parcel.attempts + 1,
      subscribeDueAt: wait === undefined ? null : new Date(now.getTime() + wait),
      subscribeResult: wait === undefined ? `gave up: ${result}` : result,
    })
    .where(and(eq(logistics.id, parcelId), isNull(logistics.subscribedAt)));
  return false;
}

/**
 * Subscribes every parcel whose (re)try is due; answers how many are now subscribed. Each is
 * claimed first (its due time moved a lease ahead, `SKIP LOCKED`), so processes running this at
 * once ask the service once per parcel.
 */
export async function subscribeDueParcels(
  db: DbOrTx,
  tracker: Tracker,
  now = new Date(),
): Promise<number> {
  const due = db
    .select({ id: logistics.id })
    .from(logistics)
    .where(lte(logistics.subscribeDueAt, now))
    .orderBy(asc(logistics.subscribeDueAt))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(logistics)
    .set({ subscribeDueAt: new Date(now.getTime() + LEASE_MS) })
    .where(and(inArray(logistics.id, due), lte(logistics.subscribeDueAt, now)))
    .returning({ id: logistics.id });
  let subscribed = 0;
  for (const { id } of claimed) {
    if (await subscribeParcel(db, tracker, id, now)) subscribed += 1;
  }
  return subscribed;
}

export interface PushedTraces {
  /** The carrier's code (carriers.ts) and the tracking number the push is about. */
  carrier: string;
  trackingNo: string;
  /** Every trace so far, newest first. */
  traces: TraceView[];
  /** Kuaidi100's state (3 签收). */
  state: string;
  /** When it was signed for, when the push says it was. */
  signedAt: Date | null;
  /** The service gave up watching (abort): subscribe again later. */
  aborted: boolean;
  now: Date;
}

/**
 * Stores a push's traces on the parcels of its number, in one transaction. Only a newer push
 * changes a parcel (its newest trace later than the stored one, or as late with more traces): a
 * repeated or older push changes nothing. The first 签收 starts the order's completion clock:
 * auto_complete_at = signed + the shop's autoCompleteDays, while the order is still shipped.
 * Answers how many parcels changed.
 */
export async function recordParcelTraces(db: DbOrTx, input: PushedTraces): Promise<number> {
  const newest = input.traces[0] ? new Date(input.traces[0].time) : null;
  return db.transaction(async (tx) => {
    const ofNumber = and(
      eq(logistics.carrier, input.carrier),
      eq(logistics.trackingNo, input.trackingNo),
    );
    if (input.aborted) {
      await tx
        .update(logistics)
        .set({
          subscribedAt: null,
          subscribeDueAt: new Date(input.now.getTime() + RESUBSCRIBE_AFTER_ABORT_MS),
        })
        .where(and(ofNumber, isNull(logistics.signedAt)));
    }
    if (!newest) return 0;
    const changed = await tx
      .update(logistics)
      .set({ traces: input.traces, state: input.state, latestTraceAt: newest })
      .where(
        and(
          ofNumber,
          or(
            isNull(logistics.latestTraceAt),
            lt(logistics.latestTraceAt, newest),
            and(
              eq(logistics.latestTraceAt, newest),
              sql`jsonb_array_length(${logistics.traces}) < ${input.traces.length}`,
            ),
          ),
        ),
      )
      .returning({
        id: logistics.id,
        orderId: logistics.orderId,
        invoiceRef: logistics.invoiceRef,
      });
    if (input.signedAt) {
      for (const parcel of changed) {
        const [signed] = await tx
          .update(logistics)
          .set({ signedAt: input.signedAt })
          .where(and(eq(logistics.id, parcel.id), isNull(logistics.signedAt)))
          .returning({ id: logistics.id });
        // The goods' 签收 starts the completion clock; a paper invoice's completes nothing.
        if (signed && parcel.invoiceRef === null) {
          await startCompletionClock(tx, parcel.orderId, input.signedAt, input.now);
        }
      }
    }
    return changed.length;
  });
}

/** 签收: the shipped order completes the shop's autoCompleteDays after it (one guarded UPDATE). */
async function startCompletionClock(
  tx: Tx,
  orderId: number,
  signedAt: Date,
  now: Date,
): Promise<void> {
  const [shop] = await tx
    .select({ days: shops.autoCompleteDays })
    .from(orders)
    .innerJoin(shops, eq(shops.id, orders.shopId))
    .where(eq(orders.id, orderId));
  if (!shop) return;
  const [moved] = await tx
    .update(orders)
    .set({ autoCompleteAt: new Date(signedAt.getTime() + shop.days * DAY) })
    .where(and(eq(orders.id, orderId), eq(orders.status, OrderStatus.Shipped)))
    .returning({ id: orders.id });
  if (!moved) return;
  await recordOrderEvent(tx, { orderId, kind: 'signed', actor: 'gateway', now });
}
