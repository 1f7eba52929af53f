/**
 * The address calls of the browser. The request client and the contracts (zod) load on first
 * use, so the address pages' first load carries neither.
 */
import type { Address, AddressFields, SplitAddress } from './addresses.ts';
import type { CityRegions } from './regions.ts';

async function client() {
  const [{ call }, { AddressEndpoints }] = await Promise.all([
    import('#lib/platform/client.ts'),
    import('./endpoints.ts'),
  ]);
  return { call, AddressEndpoints };
}

/** 智能识别. Rejects after the request client's toast. */
export async function splitPasted(text: string): Promise<SplitAddress> {
  const { call, AddressEndpoints } = await client();
  return call(AddressEndpoints.split, { body: { text } });
}

const provinces = new Map<string, Promise<CityRegions[]>>();

/** One province's cities and districts, asked once per page. */
export function provinceRegions(code: string): Promise<CityRegions[]> {
  let found = provinces.get(code);
  if (!found) {
    found = client().then(({ call, AddressEndpoints }) =>
      call(AddressEndpoints.regions, { query: { province: code } }),
    );
    found.catch(() => provinces.delete(code));
    provinces.set(code, found);
  }
  return found;
}

/** Adds (no id) or changes an address; resolves with it as saved. */
export async function saveAddress(id: number | null, fields: AddressFields): Promise<Address> {
  const { call, AddressEndpoints } = await client();
  return id === null
    ? call(AddressEndpoints.add, { body: fields })
    : call(AddressEndpoints.update, { body: { id, ...fields } });
}

export async function removeAddress(id: number): Promise<void> {
  const { call, AddressEndpoints } = await client();
  await call(AddressEndpoints.delete, { body: { id } });
}
