/**
 * The browser side of 拆红包. Refusals are toasted by the request client.
 */
import type { DrawResult } from './contracts.ts';
import { call } from '#lib/platform/client.ts';
import * as LotteryEndpoints from './endpoints.ts';

/** 抽奖: one chance spent, the prize won. */
export async function drawLottery(lotteryNo: string): Promise<DrawResult> {
  return call(LotteryEndpoints.draw, {
    query: { shopBizCode: document.body.dataset.shopId ?? '' },
    body: { lotteryNo },
  });
}
