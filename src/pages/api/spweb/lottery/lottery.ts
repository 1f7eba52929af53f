import { LotteryContracts } from '#lib/lottery/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { drawLottery } from '#lib/lottery/index.server.ts';

/** 抽奖: spends one of the caller's chances and answers the prize won. */
export const POST = endpoint(LotteryContracts.draw, async ({ query, body, user, context }) =>
  drawLottery(context.locals.database.db, {
    shopId: query.shopBizCode,
    userId: user.id,
    lotteryNo: body.lotteryNo,
  }),
);
