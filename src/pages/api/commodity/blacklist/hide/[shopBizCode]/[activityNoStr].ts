import { BlacklistContracts } from '#lib/catalog/index.ts';
import { hideSale } from '#lib/catalog/index.server.ts';
import { shopOfPath } from '#lib/catalog/index.server.ts';
import { endpoint } from '#lib/shell/index.server.ts';

/** Hides one of the shop's sales from every shopper page (idempotent). */
export const POST = endpoint(BlacklistContracts.hide, ({ params, query, user, context }) =>
  hideSale(context.locals.database.db, {
    shopId: shopOfPath(params.shopBizCode, query.shopBizCode),
    activityNo: params.activityNoStr,
    userId: user.id,
  }),
);
