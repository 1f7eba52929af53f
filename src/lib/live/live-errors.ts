/**
 * The live room's refusals (codes 49801–49829): the room, comments, likes and the host's actions
 * (置顶, 讲解, 发券, 开始直播, 结束直播).
 */
import { ErrorCode, type ErrorEntry } from '#lib/platform/errors.ts';

export const LiveErrors = {
  /** Unknown room, or a room of a closed shop or of another shop than the one asked. */
  LIVE_ROOM_NOT_FOUND: { code: 49801, message: '直播间不存在' },
  LIVE_NOT_LIVING: { code: 49802, message: '直播未开始或已结束' },
  LIVE_COMMENT_EMPTY: { code: 49803, message: '请输入评论内容' },
  LIVE_COMMENT_TOO_LONG: { code: 49804, message: '评论不能超过50个字' },
  LIVE_COMMENT_FILTERED: { code: 49805, message: '评论包含不文明用语，请修改后再发' },
  LIVE_COMMENT_TOO_FAST: { code: 49806, message: '发言太快了，请稍后再试' },
  LIVE_COMMENT_TOO_MANY: { code: 49807, message: '发言太频繁，请1分钟后再试' },
  /** Only the shop's owner hosts: pins, switches the product, drops a coupon. */
  LIVE_NOT_HOST: { code: ErrorCode.NO_PERMISSION, message: '只有主播可以操作' },
  LIVE_MESSAGE_NOT_FOUND: { code: 49808, message: '评论不存在' },
  LIVE_PRODUCT_NOT_IN_ROOM: { code: 49809, message: '该商品不在本场直播中' },
  LIVE_NO_COUPON: { code: 49810, message: '本场直播没有可发放的优惠券' },
  LIVE_STREAM_NOT_FOUND: { code: 49811, message: '直播流不存在' },
  /** 开始直播 of a room that is no longer a preheat (a second tap, another tab). */
  LIVE_ALREADY_STARTED: { code: 49812, message: '直播已经开始了' },
  /** 结束直播 of a room that has not started. */
  LIVE_NOT_STARTED: { code: 49813, message: '直播还没有开始' },
  /** 开始直播 or 结束直播 of a room already over. */
  LIVE_ALREADY_ENDED: { code: 49814, message: '直播已经结束了' },
} as const satisfies Record<string, ErrorEntry>;
