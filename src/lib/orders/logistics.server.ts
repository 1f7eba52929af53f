/**
 * The sandbox carriers' parcels: believable traces from the time shipped (揽收, the transfer
 * centres on the way, 派送中 with a courier, 已签收), the same for the same tracking number. The
 * Kuaidi100 sandbox (kuaidi100/sandbox/) answers its queries and pushes with them as their time
 * comes; the shop itself shows only what was pushed (parcels.server.ts).
 */
import type { OrderAddress, TraceView } from './contracts.ts';
import { carrierName } from './carriers.ts';

export interface Parcel {
  /** The carrier's code (carriers.ts). */
  carrier: string;
  trackingNo: string;
  shippedAt: Date;
  /** The city the parcel leaves from (the shop's warehouse). */
  fromCity: string;
  to: OrderAddress;
}

/** Where the shops' parcels leave from until a shop has a warehouse address of its own. */
export const DEFAULT_SHIP_FROM_CITY = '广州市';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** National sorting hubs a parcel may pass between two cities. */
const HUBS = ['武汉', '郑州', '长沙', '南京', '合肥', '南昌', '济南', '西安', '成都', '石家庄'];
const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '赵', '黄', '周', '吴'];
const SIGNED_BY = ['本人签收', '家门口', '快递柜', '驿站代收'];

/** FNV-1a: the same tracking number always gives the same numbers. */
function seedOf(text: string): () => number {
  let h = 0x811c9dc5;
  for (const ch of text) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  // A small deterministic generator (mulberry32) from the hash.
  return () => {
    h = (h + 0x6d2b79f5) >>> 0;
    let t = h;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** 杭州市 → 杭州 (a centre is named after the city without its suffix). */
const shortCity = (city: string) => city.replace(/(市|地区|自治州|盟)$/, '') || city;

/** The sandbox's traces of a parcel, oldest first, each with its time. */
export function sandboxTraces(parcel: Parcel): TraceView[] {
  const random = seedOf(`${parcel.carrier}:${parcel.trackingNo}`);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const minutes = (from: number, to: number) =>
    (from + Math.floor(random() * (to - from))) * MINUTE;
  const company = carrierName(parcel.carrier) ?? '快递公司';
  const from = shortCity(parcel.fromCity);
  const to = shortCity(parcel.to.city);
  const hub = pick(HUBS.filter((h) => h !== from && h !== to));
  const courier = `${pick(SURNAMES)}师傅`;
  const phone = `170${String(Math.floor(random() * 100_000_000)).padStart(8, '0')}`;

  let at = parcel.shippedAt.getTime();
  const steps: TraceView[] = [];
  const step = (after: number, text: string) => {
    at += after;
    steps.push({ time: new Date(at).toISOString(), text });
  };
  step(minutes(20, 120), `【${from}】${company} 已揽收，快递员正在送往${from}转运中心`);
  step(minutes(120, 300), `快件已到达【${from}转运中心】`);
  step(minutes(30, 120), `快件已从【${from}转运中心】发出，发往【${hub}转运中心】`);
  step(minutes(360, 720), `快件已到达【${hub}转运中心】`);
  step(minutes(30, 120), `快件已从【${hub}转运中心】发出，发往【${to}转运中心】`);
  step(minutes(360, 720), `快件已到达【${to}转运中心】`);
  step(minutes(60, 240), `快件已到达【${to}${parcel.to.district}营业点】`);
  step(
    minutes(60, 180),
    `【${to}${parcel.to.district}营业点】派送中，快递员：${courier}，电话：${phone}，请保持电话畅通`,
  );
  step(minutes(60, 240), `已签收（${pick(SIGNED_BY)}），感谢使用${company}，期待再次为您服务`);
  return steps;
}

/** When the sandbox's parcel is signed for at the latest (for tests and demos): two days. */
export const SANDBOX_DELIVERY_MS = 48 * HOUR;

/** How many steps a sandbox parcel takes (sandboxTraces): 揽收, six in transit, 派件, 签收. */
export const SANDBOX_STEPS = 9;

/** Kuaidi100's state after the sandbox parcel's step `index` (0-based): 1 揽收, 0 在途, 5 派件, 3 签收. */
export function sandboxStepState(index: number): string {
  if (index === 0) return '1';
  if (index === SANDBOX_STEPS - 1) return '3';
  if (index === SANDBOX_STEPS - 2) return '5';
  return '0';
}
