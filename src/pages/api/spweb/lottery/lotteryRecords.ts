import { LotteryContracts } from '#lib/lottery/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { listLotteryRecords } from '#lib/lottery/index.server.ts';

/** 中奖记录: the caller's draws in the shop, newest first. */
export const GET = endpoint(LotteryContracts.records, async ({ query, user, context }) =>
  listLotteryRecords(context.locals.database.db, {
    shopId: query.shopBizCode,
    userId: user.id,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
  }),
);
