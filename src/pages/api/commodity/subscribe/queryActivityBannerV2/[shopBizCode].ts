import { CatalogContracts } from '#lib/catalog/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { listBanners } from '#lib/catalog/index.server.ts';

/**
 * The live banners of one location (indexBanner, brandBanner, proDetailBanner) in the shop's
 * order: `{ title, imageUrl, link: { route, params } | null }[]`, link naming a route of the
 * route table. newFlag (always 1 from the client) is accepted. Empty for an unknown shop.
 */
export const POST = endpoint(CatalogContracts.banners, ({ params, query, context }) =>
  listBanners(context.locals.database.db, params.shopBizCode, query.location),
);
