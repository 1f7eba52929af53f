import { AddressContracts } from '#lib/addresses/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { provinceRegions } from '#lib/addresses/index.server.ts';

/** GET ?province= → the province's cities with their districts, for the region picker. */
export const GET = endpoint(AddressContracts.regions, ({ query }) =>
  provinceRegions(query.province),
);
