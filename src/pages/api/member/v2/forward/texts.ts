import { SharingContracts } from '#lib/sharing/contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { listForwardTexts } from '#lib/sharing/share.server.ts';

/** editForward: the shop keeper's forwarding texts. */
export const GET = endpoint(SharingContracts.forwardTexts, ({ query, user, context }) =>
  listForwardTexts(context.locals.database.db, { shopId: query.shopBizCode, userId: user.id }),
);
