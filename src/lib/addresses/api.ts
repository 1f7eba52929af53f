/**
 * The address calls of the browser.
 */
import type { Address, AddressFields, SplitAddress } from './addresses.ts';
import type { CityRegions } from './regions.ts';
import { call } from '#lib/platform/client.ts';
import * as AddressEndpoints from './endpoints.ts';

/** 智能识别. Rejects after the request client's toast. */
export async function splitPasted(text: string): Promise<SplitAddress> {
  return call(AddressEndpoints.split, { body: { text } });
}

const provinces = new Map<string, Promise<CityRegions[]>>();

/** One province's cities and districts, asked once per page. */
export function provinceRegions(code: string): Promise<CityRegions[]> {
  let found = provinces.get(code);
  if (!found) {
    found = call(AddressEndpoints.regions, { query: { province: code } });
    found.catch(() => provinces.delete(code));
    provinces.set(code, found);
  }
  return found;
}

/** Adds (no id) or changes an address; resolves with it as saved. */
export async function saveAddress(id: number | null, fields: AddressFields): Promise<Address> {
  return id === null
    ? call(AddressEndpoints.add, { body: fields })
    : call(AddressEndpoints.update, { body: { id, ...fields } });
}

export async function removeAddress(id: number): Promise<void> {
  await call(AddressEndpoints.delete, { body: { id } });
}
