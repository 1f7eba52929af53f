/**
 * The browser side of 拆红包. The request client and the contracts (zod) load on first use, so
 * the page's first load stays small. Refusals are toasted by the request client.
 */
import type { DrawResult } from './contracts.ts';

/** 抽奖: one chance spent, the prize won. */
export async function drawLottery(lotteryNo: string): Promise<DrawResult> {
  const [{ call }, { LotteryEndpoints }] = await Promise.all([
    import('#lib/platform/client.ts'),
    import('./endpoints.ts'),
  ]);
  return call(LotteryEndpoints.draw, {
    query: { shopBizCode: document.body.dataset.shopId ?? '' },
    body: { lotteryNo },
  });
}
