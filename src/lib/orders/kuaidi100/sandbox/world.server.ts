/**
 * What the sandbox's carriers know of a parcel: the shop's own parcel when the number is one it
 * shipped (so the traces start when the owner shipped, from the shop's city to the order's
 * address, exactly as the sandbox traces of orders/logistics.server.ts), else the number as first
 * heard of (a subscription or query for a number the shop never shipped).
 */
import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { logistics, orders } from '#lib/platform/db/schema.ts';
import type { OrderAddress } from '#lib/orders/contracts.ts';
import { carrierOfKuaidi100 } from '#lib/orders/carriers.ts';
import {
  DEFAULT_SHIP_FROM_CITY,
  sandboxStepState,
  sandboxTraces,
  type Parcel,
} from '#lib/orders/logistics.server.ts';
import { STATE_NAMES, chinaTime, type Kuaidi100Trace } from '../protocol.ts';

/** Where a number unknown to the shop was said to go (the `from` and `to` texts of the request). */
export interface HeardOf {
  since: Date;
  from: string;
  to: string;
}

/** 浙江省杭州市西湖区 → 杭州市, 西湖区 (the province, when there is one, is left out). */
export function placeOf(text: string): Pick<OrderAddress, 'city' | 'district'> {
  const rest = text.trim().replace(/^.+?(省|自治区|特别行政区)/, '');
  const m = /^(.+?(?:市|自治州|地区|盟))(.*)$/.exec(rest);
  return m ? { city: m[1]!, district: m[2] ?? '' } : { city: rest, district: '' };
}

/** The parcel behind a Kuaidi100 company and number; null for a company no carrier here has. */
export async function sandboxParcel(
  db: DbOrTx,
  company: string,
  number: string,
  heard: HeardOf | null,
): Promise<Parcel | null> {
  const carrier = carrierOfKuaidi100(company);
  if (!carrier) return null;
  const [shipped] = await db
    .select({
      createdAt: logistics.createdAt,
      invoiceRef: logistics.invoiceRef,
      shippedAt: orders.shippedAt,
      address: orders.address,
    })
    .from(logistics)
    .innerJoin(orders, eq(orders.id, logistics.orderId))
    .where(and(eq(logistics.carrier, carrier), eq(logistics.trackingNo, number)))
    .orderBy(desc(logistics.id))
    .limit(1);
  if (shipped) {
    return {
      carrier,
      trackingNo: number,
      // A paper invoice leaves when it is mailed, after the goods have arrived.
      shippedAt: shipped.invoiceRef ? shipped.createdAt : (shipped.shippedAt ?? shipped.createdAt),
      fromCity: DEFAULT_SHIP_FROM_CITY,
      to: shipped.address,
    };
  }
  if (!heard) return null;
  const to = placeOf(heard.to);
  return {
    carrier,
    trackingNo: number,
    shippedAt: heard.since,
    fromCity: heard.from ? placeOf(heard.from).city : DEFAULT_SHIP_FROM_CITY,
    to: { name: '', phone: '', province: '', detail: '', ...to },
  };
}

export interface TrackState {
  /** Newest first, as the service sends them. */
  data: Kuaidi100Trace[];
  state: string;
  signed: boolean;
  /** When the next step happens; null after the last. */
  nextAt: Date | null;
}

/** What the service knows of the parcel at `now`. */
export function trackAt(parcel: Parcel, now: Date): TrackState {
  const steps = sandboxTraces(parcel);
  const due = steps.filter((s) => Date.parse(s.time) <= now.getTime());
  const data = due.map((s, i): Kuaidi100Trace => {
    const time = chinaTime(new Date(s.time));
    const state = sandboxStepState(i);
    return {
      time,
      ftime: time,
      context: s.text,
      status: STATE_NAMES[state]!,
      areaCode: null,
      areaName: null,
    };
  });
  const state = due.length ? sandboxStepState(due.length - 1) : '0';
  const next = steps[due.length];
  return {
    data: data.reverse(),
    state,
    signed: due.length === steps.length,
    nextAt: next ? new Date(next.time) : null,
  };
}
