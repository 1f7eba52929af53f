/** The lottery refusals: finding the lottery, its window, the user's chances, the prizes. */
import type { ErrorEntry } from '#lib/platform/errors.ts';

export const LotteryErrors = {
  LOTTERY_NOT_FOUND: { code: 40416, message: '抽奖活动不存在' },
  LOTTERY_NOT_STARTED: { code: 46001, message: '抽奖活动尚未开始' },
  LOTTERY_ENDED: { code: 46002, message: '抽奖活动已结束' },
  LOTTERY_STOPPED: { code: 46003, message: '抽奖活动已下线' },
  LOTTERY_NO_CHANCES: { code: 46004, message: '抽奖次数已用完' },
  /** The drawn prize is gone and the lottery has no consolation left to give instead. */
  LOTTERY_PRIZES_GONE: { code: 46005, message: '奖品已抽完，请下次再来' },
} as const satisfies Record<string, ErrorEntry>;
