import { ShopContracts } from '#lib/shop/contracts.ts';
import { endpoint } from '#lib/platform/endpoint.server.ts';
import { getConfigMap } from '#lib/shop/config.server.ts';

/** The shop-wide front configuration (system notice and the like). */
export const GET = endpoint(ShopContracts.configMap, ({ context }) =>
  getConfigMap(context.locals.database.db),
);
