import { RecruitingContracts } from '#lib/recruiting/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { unbindKeeper } from '#lib/recruiting/index.server.ts';
import { requestClientAddress } from '#lib/platform/http.server.ts';

/** POST ?shopBizCode= { verifyCode } → the caller leaves the shop: { currentRole: 1 }. Shop keepers. */
export const POST = endpoint(RecruitingContracts.unbind, ({ query, body, user, context }) =>
  unbindKeeper(context.locals.database.db, {
    shopId: query.shopBizCode,
    userId: user.id,
    code: body.verifyCode,
    clientIp: requestClientAddress(context),
  }),
);
