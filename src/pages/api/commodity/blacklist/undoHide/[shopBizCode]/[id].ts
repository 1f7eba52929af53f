import { BlacklistContracts } from '#lib/catalog/blacklist-contracts.ts';
import { undoHide } from '#lib/catalog/blacklist.server.ts';
import { shopOfPath } from '#lib/catalog/markups.server.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';

/** Ends a black-list row: its sale shows again (idempotent). */
export const POST = endpoint(BlacklistContracts.undoHide, ({ params, query, user, context }) =>
  undoHide(context.locals.database.db, {
    shopId: shopOfPath(params.shopBizCode, query.shopBizCode),
    id: params.id,
    userId: user.id,
  }),
);
