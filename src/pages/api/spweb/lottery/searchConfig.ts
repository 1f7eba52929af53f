import { LotteryContracts } from '#lib/lottery/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { lotteryConfig } from '#lib/lottery/index.server.ts';
import { getSessionUser, SESSION_COOKIE } from '#lib/identity/index.server.ts';

/** The lottery named (or the shop's current one, null when none) with the caller's chances. */
export const POST = endpoint(LotteryContracts.searchConfig, async ({ query, body, context }) => {
  const db = context.locals.database.db;
  const user = await getSessionUser(db, context.cookies.get(SESSION_COOKIE)?.value);
  return lotteryConfig(db, {
    shopId: query.shopBizCode,
    userId: user?.id ?? null,
    lotteryNo: body.lotteryNo,
  });
});
