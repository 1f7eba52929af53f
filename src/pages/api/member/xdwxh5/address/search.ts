import { AddressContracts } from '#lib/addresses/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { searchRegions } from '#lib/addresses/index.server.ts';

/** GET ?keyword= → districts by name with their city and province. */
export const GET = endpoint(AddressContracts.search, ({ query }) => searchRegions(query.keyword));
