/**
 * Shop 1001's live rooms in every state, a radio channel (liveType 20) and the school (30); shop
 * 1002's live, upcoming and replayed rooms.
 */
import { eq } from 'drizzle-orm';
import { LiveStatus, LiveType } from '#lib/live/index.ts';
import { streamOfUrl, streamPath } from '#lib/live/index.ts';
import type { Tx } from '#lib/platform/db/client.server.ts';
import * as t from '#lib/platform/db/schema.ts';
import { BRANDS } from './catalog-data.ts';
import { bannerSvg } from './images.ts';
import { insertSvgs } from './media.ts';
import { SHOP_RED } from './shop.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/**
 * L1001001–L1001006 keep their states (sharing and other tests name them); the rest give every
 * channel and page something: a radio room live now, a radio replay, a second upcoming room and a
 * school course that ended. Replay and stream URLs are the live room's own seeding (decision 027).
 */
export const LIVE_ROOMS = [
  {
    title: '森野冬季新品首发',
    status: LiveStatus.Living,
    type: LiveType.Normal,
    start: -1 * HOUR,
    palette: BRANDS[0]!.palette,
    host: '小鹿店长',
    intro: '森野冬季新品全场首发，羽绒服、针织衫直播间专享价，边看边买。',
    views: 12_860,
    likes: 35_420,
  },
  {
    title: '白鹭通勤穿搭预告',
    status: LiveStatus.Preheat,
    type: LiveType.Normal,
    start: 1 * DAY,
    palette: BRANDS[2]!.palette,
    host: '搭配师阿鹭',
    intro: '一周通勤穿搭不重样：西装、衬衫和半裙怎么配，开播前预约，开播即提醒。',
    views: 0,
    likes: 0,
  },
  {
    title: '跃动跑鞋测评回放',
    status: LiveStatus.Ended,
    type: LiveType.Normal,
    start: -2 * DAY,
    palette: BRANDS[4]!.palette,
    host: '跑者老周',
    intro: '五款跑鞋实测：缓震、回弹、抓地逐项对比，回放里的商品仍可购买。',
    views: 8_930,
    likes: 21_077,
  },
  {
    title: '禾木好物清仓',
    status: LiveStatus.Ended,
    type: LiveType.Normal,
    start: -5 * DAY,
    palette: BRANDS[5]!.palette,
    host: '小鹿店长',
    intro: '禾木家居好物清仓专场，已结束。',
    views: 5_412,
    likes: 9_804,
  },
  {
    title: '店主商学院：社群运营',
    status: LiveStatus.Living,
    type: LiveType.School,
    start: -30 * 60_000,
    palette: SHOP_RED,
    host: '商学院林老师',
    intro: '从建群到复购：社群运营的五个关键动作，店主必修课。',
    views: 3_208,
    likes: 6_130,
  },
  {
    title: '店主商学院：选品技巧',
    status: LiveStatus.Preheat,
    type: LiveType.School,
    start: 2 * DAY,
    palette: SHOP_RED,
    host: '商学院林老师',
    intro: '爆款怎么选、价格怎么定：用数据选品的实操方法。',
    views: 0,
    likes: 0,
  },
  {
    title: '小鹿电台：冬日好物夜话',
    status: LiveStatus.Living,
    type: LiveType.Radio,
    start: -20 * 60_000,
    palette: BRANDS[1]!.palette,
    host: '电台主播小满',
    intro: '边听边逛：主播聊聊这个冬天值得买的暖心好物。',
    views: 1_506,
    likes: 2_318,
  },
  {
    title: '小鹿电台：早安穿搭',
    status: LiveStatus.Ended,
    type: LiveType.Radio,
    start: -1 * DAY,
    palette: BRANDS[3]!.palette,
    host: '电台主播小满',
    intro: '早安电台，十分钟听完今天的穿搭建议。',
    views: 2_740,
    likes: 4_102,
  },
  {
    title: '周末家居焕新预告',
    status: LiveStatus.Preheat,
    type: LiveType.Normal,
    start: 3 * DAY + 2 * HOUR,
    palette: BRANDS[5]!.palette,
    host: '小鹿店长',
    intro: '床品、收纳、香氛一站焕新，周末直播间见。',
    views: 0,
    likes: 0,
  },
  {
    title: '店主商学院：朋友圈文案',
    status: LiveStatus.Ended,
    type: LiveType.School,
    start: -3 * DAY,
    palette: SHOP_RED,
    host: '商学院周老师',
    intro: '朋友圈怎么发不招人烦：文案、配图和发圈时间。',
    views: 6_045,
    likes: 8_771,
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
      productNos: productNos.slice((i * 3) % 30, ((i * 3) % 30) + 5),
      hostName: l.host,
      intro: l.intro,
      viewCount: l.views,
      likeCount: l.likes,
    })),
  );
}

/**
 * Shop 1002's rooms (seeded after everything else, so the serial ids above stay): one live now,
 * one upcoming, one replay. They play the demo stream the rooms of 1001 play.
 */
export const LIVE_ROOMS_1002 = [
  {
    title: '橙子好物 冬日家居直播',
    status: LiveStatus.Living,
    type: LiveType.Normal,
    start: -40 * 60_000,
    palette: BRANDS[5]!.palette,
    host: '橙子店长',
    intro: '毛毯、香薰、收纳一起焕新，直播间下单享专属价。',
    views: 4_216,
    likes: 9_310,
  },
  {
    title: '小满童装上新预告',
    status: LiveStatus.Preheat,
    type: LiveType.Normal,
    start: 1 * DAY + 3 * HOUR,
    palette: BRANDS[6]!.palette,
    host: '橙子店长',
    intro: '冬季童装上新，尺码怎么选、面料怎么挑，开播前预约。',
    views: 0,
    likes: 0,
  },
  {
    title: '极简风格穿搭回放',
    status: LiveStatus.Ended,
    type: LiveType.Normal,
    start: -2 * DAY,
    palette: BRANDS[7]!.palette,
    host: '搭配师小橙',
    intro: '极简风格一衣多穿，回放里的商品仍可购买。',
    views: 3_087,
    likes: 6_402,
  },
];

/** `productNos`: shop 1002's brand-sale products in seeding order. */
export async function seedLiveRooms1002(tx: Tx, now: Date, productNos: string[]): Promise<void> {
  const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);
  const covers = await insertSvgs(
    tx,
    LIVE_ROOMS_1002.map((l) => ({ svg: bannerSvg(l.title, '直播间', l.palette), w: 750, h: 320 })),
  );
  // The demo stream seedLiveStreams stored for the rooms of 1001.
  const [live] = await tx
    .select({ streamUrl: t.liveRooms.streamUrl })
    .from(t.liveRooms)
    .where(eq(t.liveRooms.liveNo, 'L1001001'));
  const stream = streamOfUrl(live?.streamUrl ?? null);
  await tx.insert(t.liveRooms).values(
    LIVE_ROOMS_1002.map((l, i) => ({
      liveNo: `L1002${String(i + 1).padStart(3, '0')}`,
      shopId: '1002',
      title: l.title,
      coverUrl: covers[i]!,
      liveType: l.type,
      liveStatus: l.status,
      startAt: at(l.start),
      endAt: l.status === LiveStatus.Ended ? at(l.start + 2 * HOUR) : null,
      streamUrl:
        stream && l.status === LiveStatus.Living
          ? streamPath(stream.first, stream.count, 'live')
          : null,
      replayUrl:
        stream && l.status === LiveStatus.Ended
          ? streamPath(stream.first, stream.count, 'vod')
          : null,
      productNos: productNos.slice(i * 3, i * 3 + 5),
      hostName: l.host,
      intro: l.intro,
      viewCount: l.views,
      likeCount: l.likes,
    })),
  );
}
