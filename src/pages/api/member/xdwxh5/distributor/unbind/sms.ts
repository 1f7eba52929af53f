import { RecruitingContracts } from '#lib/recruiting/contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { sendUnbindCode } from '#lib/recruiting/unbinding.server.ts';
import { requestClientAddress } from '#lib/platform/http.server.ts';

/** POST ?shopBizCode= → sends the unbinding code to the caller's phone; { phone } masked. Shop keepers. */
export const POST = endpoint(RecruitingContracts.unbindCode, ({ query, user, context }) =>
  sendUnbindCode(context.locals.database.db, {
    shopId: query.shopBizCode,
    userId: user.id,
    clientIp: requestClientAddress(context),
  }),
);
