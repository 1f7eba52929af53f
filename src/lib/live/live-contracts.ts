/**
 * The live room's calls (issue #16): the small live-room data of the shell (shell §3), the room,
 * its event stream (server-sent events; anyone may watch), comments and likes (signed in), and
 * the host's actions (the shop's owner, checked by room.server.ts and host.server.ts: 开始直播 and
 * 结束直播 too). Every room is asked for with its shop: a room of another or a closed shop is
 * 直播间不存在.
 */
import { z } from 'zod';
import { contract } from '#lib/platform/contract.ts';
import { shopIdSchema } from '#lib/platform/id-schemas.ts';
import type { CouponPopup } from '#lib/coupons/index.ts';
import { COMMENT_MAX, LIKE_BATCH_MAX } from './room.ts';
import type { LiveCurrent, LiveMessage, LiveRoomView } from './room.server.ts';
import type { LiveStateChange } from './host.server.ts';

const liveNo = { liveNo: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, '直播间不存在') };
const shop = { shopBizCode: shopIdSchema };

export const LiveContracts = {
  /** The small live window's data: the shop's room live now (normal before radio and school). */
  current: contract<LiveCurrent | null>()({
    method: 'GET',
    path: '/api/live/current',
    query: shop,
  }),
  /** The room as opened, with the online count of every process. */
  room: contract<LiveRoomView & { online: number }>()({
    method: 'GET',
    path: '/api/live/room/{liveNo}',
    params: liveNo,
    query: shop,
  }),
  /**
   * The room's server-sent events: `hello` and `stats` (online, likes, views; no id), then
   * `message` events with the stored id. Resumes after Last-Event-ID (or `lastEventId`); `since`
   * is the last id a page rendered (0 for none), read when there is no Last-Event-ID.
   */
  events: contract<never>()({
    method: 'GET',
    path: '/api/live/room/{liveNo}/events',
    params: liveNo,
    query: {
      ...shop,
      lastEventId: z.string().max(20).optional(),
      since: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
    },
  }),
  comment: contract<LiveMessage>()({
    method: 'POST',
    path: '/api/live/room/{liveNo}/comment',
    params: liveNo,
    query: shop,
    // Checked again after trimming (room.ts checkComment): the limit there is the one shown.
    body: { text: z.string().max(COMMENT_MAX * 4, '评论不能超过50个字') },
    access: 'signed-in',
    message: '发送成功',
  }),
  /** The taps of up to a second at once. */
  like: contract<{ likes: number }>()({
    method: 'POST',
    path: '/api/live/room/{liveNo}/like',
    params: liveNo,
    query: shop,
    body: { count: z.number().int().min(1).max(LIKE_BATCH_MAX) },
    access: 'signed-in',
  }),
  /** 置顶 (the host): a comment of the room, or null to unpin. */
  pin: contract<LiveMessage>()({
    method: 'POST',
    path: '/api/live/room/{liveNo}/pin',
    params: liveNo,
    query: shop,
    body: { messageId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullable() },
    access: 'signed-in',
    message: '操作成功',
  }),
  /** 讲解 (the host): the product being explained, one of the room's. */
  product: contract<LiveMessage>()({
    method: 'POST',
    path: '/api/live/room/{liveNo}/product',
    params: liveNo,
    query: shop,
    body: { productNo: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, '该商品不在本场直播中') },
    access: 'signed-in',
    message: '已切换讲解商品',
  }),
  /** 发券 (the host): the room's live coupon popup goes to every viewer. */
  coupon: contract<LiveMessage>()({
    method: 'POST',
    path: '/api/live/room/{liveNo}/coupon',
    params: liveNo,
    query: shop,
    body: {},
    access: 'signed-in',
    message: '优惠券已发放',
  }),
  /** The room's coupon popup for this shopper (the coupons they may still draw), or null. */
  couponPopup: contract<CouponPopup | null>()({
    method: 'GET',
    path: '/api/live/room/{liveNo}/coupon-popup',
    params: liveNo,
    query: shop,
  }),
  /** The demo stream's playlist: live (a window sliding with the clock) or the whole replay. */
  playlist: contract<never>()({
    method: 'GET',
    path: '/api/live/hls/{stream}/{kind}',
    params: {
      stream: z.string().regex(/^\d{1,15}-\d{1,3}$/, '直播流不存在'),
      kind: z.enum(['live.m3u8', 'vod.m3u8']),
    },
  }),
  /** 开始直播 (the host): only from 预告; the room is live now with the demo stream. */
  start: contract<LiveStateChange>()({
    method: 'POST',
    path: '/api/live/room/{liveNo}/start',
    params: liveNo,
    query: shop,
    body: {},
    access: 'signed-in',
    message: '直播已开始',
  }),
  /** 结束直播 (the host): only from 直播中; the replay is set and every viewer is told. */
  end: contract<LiveStateChange>()({
    method: 'POST',
    path: '/api/live/room/{liveNo}/end',
    params: liveNo,
    query: shop,
    body: {},
    access: 'signed-in',
    message: '直播已结束',
  }),
};
