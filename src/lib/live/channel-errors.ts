/** Around a live (channels, 预约): the refusals of the room pages' calls. Codes 49861–49879. */
import type { ErrorEntry } from '#lib/platform/errors.ts';

export const LiveChannelErrors = {
  /** Unknown, or another shop's room: the shop has no such live. */
  LIVE_NOT_FOUND: { code: 49861, message: '直播不存在' },
  /** 预约 a room that is live or over. */
  LIVE_REMIND_NOT_UPCOMING: { code: 49862, message: '直播已开始或已结束，无需预约' },
} as const satisfies Record<string, ErrorEntry>;
