import { BlacklistContracts } from '#lib/catalog/blacklist-contracts.ts';
import { hideSale } from '#lib/catalog/blacklist.server.ts';
import { shopOfPath } from '#lib/catalog/markups.server.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';

/** Hides one of the shop's sales from every shopper page (idempotent). */
export const POST = endpoint(BlacklistContracts.hide, ({ params, query, user, context }) =>
  hideSale(context.locals.database.db, {
    shopId: shopOfPath(params.shopBizCode, query.shopBizCode),
    activityNo: params.activityNoStr,
    userId: user.id,
  }),
);
