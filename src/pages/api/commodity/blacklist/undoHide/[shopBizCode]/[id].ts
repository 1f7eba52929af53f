import { BlacklistContracts } from '#lib/catalog/index.ts';
import { undoHide } from '#lib/catalog/index.server.ts';
import { shopOfPath } from '#lib/catalog/index.server.ts';
import { endpoint } from '#lib/shell/index.server.ts';

/** Ends a black-list row: its sale shows again (idempotent). */
export const POST = endpoint(BlacklistContracts.undoHide, ({ params, query, user, context }) =>
  undoHide(context.locals.database.db, {
    shopId: shopOfPath(params.shopBizCode, query.shopBizCode),
    id: params.id,
    userId: user.id,
  }),
);
