import { SharingContracts } from '#lib/sharing/contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { posterTopBrands } from '#lib/sharing/share.server.ts';

/** The brands the shop poster shows. */
export const GET = endpoint(SharingContracts.posterTopBrand, ({ query, context }) =>
  posterTopBrands(context.locals.database.db, { shopId: query.shopBizCode }),
);
