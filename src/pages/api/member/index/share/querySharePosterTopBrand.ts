import { SharingContracts } from '#lib/sharing/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { posterTopBrands } from '#lib/sharing/index.server.ts';

/** The brands the shop poster shows. */
export const GET = endpoint(SharingContracts.posterTopBrand, ({ query, context }) =>
  posterTopBrands(context.locals.database.db, { shopId: query.shopBizCode }),
);
