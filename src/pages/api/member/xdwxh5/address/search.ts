import { AddressContracts } from '#lib/addresses/contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { searchRegions } from '#lib/addresses/addresses.server.ts';

/** GET ?keyword= → districts by name with their city and province. */
export const GET = endpoint(AddressContracts.search, ({ query }) => searchRegions(query.keyword));
