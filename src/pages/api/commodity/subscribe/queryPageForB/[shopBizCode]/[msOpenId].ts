import { CatalogContracts } from '#lib/catalog/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { pageSales } from '#lib/catalog/index.server.ts';

/**
 * One page of the running brand sales of a tab: `{ tag, pageNum, pageSize, total, list }`, list
 * items `{ activityNo, title, subtitle, bannerUrl, brandName, brandLogoUrl, startAt, endAt }`
 * (ISO times) in the shop's order. Without activityTagNo every running sale; an unknown tag or
 * shop gives an empty page. msOpenId (the messaging app's open id) is checked and not used: the
 * list is the same for everyone.
 */
export const POST = endpoint(CatalogContracts.salesPage, ({ params, query, context }) =>
  pageSales(context.locals.database.db, params.shopBizCode, {
    tagNo: query.activityTagNo,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
  }),
);
