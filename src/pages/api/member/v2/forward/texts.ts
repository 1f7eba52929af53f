import { SharingContracts } from '#lib/sharing/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { listForwardTexts } from '#lib/sharing/index.server.ts';

/** editForward: the shop keeper's forwarding texts. */
export const GET = endpoint(SharingContracts.forwardTexts, ({ query, user, context }) =>
  listForwardTexts(context.locals.database.db, { shopId: query.shopBizCode, userId: user.id }),
);
