import { RecruitingContracts } from '#lib/recruiting/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { sendUnbindCode } from '#lib/recruiting/index.server.ts';
import { requestClientAddress } from '#lib/platform/http.server.ts';

/** POST ?shopBizCode= → sends the unbinding code to the caller's phone; { phone } masked. Shop keepers. */
export const POST = endpoint(RecruitingContracts.unbindCode, ({ query, user, context }) =>
  sendUnbindCode(context.locals.database.db, {
    shopId: query.shopBizCode,
    userId: user.id,
    clientIp: requestClientAddress(context),
  }),
);
