import { AddressContracts } from '#lib/addresses/contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { provinceRegions } from '#lib/addresses/regions.server.ts';

/** GET ?province= → the province's cities with their districts, for the region picker. */
export const GET = endpoint(AddressContracts.regions, ({ query }) =>
  provinceRegions(query.province),
);
