/** Shop 1001's live rooms in every state, and the school variant (liveType 30). */
import { LiveStatus, LiveType } from '#lib/live/status.ts';
import type { Tx } from '../client.server.ts';
import * as t from '../schema.ts';
import { BRANDS } from './catalog-data.ts';
import { bannerSvg } from './images.ts';
import { insertSvgs } from './media.ts';
import { SHOP_RED } from './shop.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;

const LIVE_ROOMS = [
  {
    title: '森野冬季新品首发',
    status: LiveStatus.Living,
    type: LiveType.Normal,
    start: -1 * HOUR,
    palette: BRANDS[0]!.palette,
  },
  {
    title: '白鹭通勤穿搭预告',
    status: LiveStatus.Preheat,
    type: LiveType.Normal,
    start: 1 * DAY,
    palette: BRANDS[2]!.palette,
  },
  {
    title: '跃动跑鞋测评回放',
    status: LiveStatus.Ended,
    type: LiveType.Normal,
    start: -2 * DAY,
    palette: BRANDS[4]!.palette,
  },
  {
    title: '禾木好物清仓',
    status: LiveStatus.Ended,
    type: LiveType.Normal,
    start: -5 * DAY,
    palette: BRANDS[5]!.palette,
  },
  {
    title: '店主商学院：社群运营',
    status: LiveStatus.Living,
    type: LiveType.School,
    start: -30 * 60_000,
    palette: SHOP_RED,
  },
  {
    title: '店主商学院：选品技巧',
    status: LiveStatus.Preheat,
    type: LiveType.School,
    start: 2 * DAY,
    palette: SHOP_RED,
  },
];

/** `productNos`: shop 1001's brand-sale products in seeding order; each room shows five. */
export async function seedLiveRooms(tx: Tx, now: Date, productNos: string[]): Promise<void> {
  const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);
  const covers = await insertSvgs(
    tx,
    LIVE_ROOMS.map((l) => ({ svg: bannerSvg(l.title, '直播间', l.palette), w: 750, h: 320 })),
  );
  await tx.insert(t.liveRooms).values(
    LIVE_ROOMS.map((l, i) => ({
      liveNo: `L1001${String(i + 1).padStart(3, '0')}`,
      shopId: '1001',
      title: l.title,
      coverUrl: covers[i]!,
      liveType: l.type,
      liveStatus: l.status,
      startAt: at(l.start),
      endAt: l.status === LiveStatus.Ended ? at(l.start + 2 * HOUR) : null,
      productNos: productNos.slice(i * 3, i * 3 + 5),
    })),
  );
}
