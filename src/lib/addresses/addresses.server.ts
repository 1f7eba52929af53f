/**
 * A user's delivery addresses: list, read, add, update, delete, and 智能识别 / region search.
 *
 * Only the owner reads or changes an address: every query names the user, and another user's id
 * answers ADDRESS_NOT_FOUND like a missing one. Every change runs in one transaction that first
 * locks the user's row (`FOR NO KEY UPDATE`): one user's address changes run one at a time, so
 * the cap of 20 holds under concurrent adds and the default moves without two defaults ever
 * existing (the partial unique index `addresses_default_unique` would refuse that).
 */
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { Errors } from '#lib/errors.ts';
import { appError } from '#lib/platform/errors.ts';
import type { DbOrTx, Tx } from '#lib/platform/db/client.server.ts';
import { addresses, users } from '#lib/platform/db/schema.ts';
import {
  MAX_ADDRESSES,
  checkAddress,
  splitAddress as split,
  type Address,
  type AddressFields,
  type AddressInput,
  type AddressProblem,
  type SplitAddress,
} from './addresses.ts';
import { regions } from './regions.server.ts';
import { searchRegions as search, type RegionPath } from './regions.ts';

export type { Address, AddressFields };

const columns = {
  id: addresses.id,
  name: addresses.name,
  phone: addresses.phone,
  province: addresses.province,
  city: addresses.city,
  district: addresses.district,
  regionCode: addresses.regionCode,
  detail: addresses.detail,
  isDefault: addresses.isDefault,
};

/** The default first, then the newest. */
const listOrder = [desc(addresses.isDefault), desc(addresses.createdAt), desc(addresses.id)];

export function listAddresses(db: DbOrTx, userId: number): Promise<Address[]> {
  return db
    .select(columns)
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(...listOrder);
}

/** The user's address, or null when it is missing or someone else's. */
export async function readAddress(
  db: DbOrTx,
  userId: number,
  addressId: number,
): Promise<Address | null> {
  const [row] = await db
    .select(columns)
    .from(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)));
  return row ?? null;
}

/** readAddress for the endpoints: missing or someone else's is ADDRESS_NOT_FOUND. */
export async function addressDetail(db: DbOrTx, userId: number, addressId: number) {
  const found = await readAddress(db, userId, addressId);
  if (!found) throw appError(Errors.ADDRESS_NOT_FOUND);
  return found;
}

export async function countAddresses(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(addresses)
    .where(eq(addresses.userId, userId));
  return row?.n ?? 0;
}

const PROBLEM_ERRORS = {
  NAME: Errors.ADDRESS_NAME,
  PHONE: Errors.ADDRESS_PHONE,
  REGION: Errors.ADDRESS_REGION,
  DETAIL: Errors.ADDRESS_DETAIL,
} as const satisfies Record<AddressProblem, unknown>;

function valid(fields: AddressInput) {
  const checked = checkAddress(regions(), fields);
  if (checked.problem !== null) throw appError(PROBLEM_ERRORS[checked.problem]);
  return checked.address;
}

/** Waits for and holds the user's row: their address changes run one at a time. */
async function lockUser(tx: Tx, userId: number): Promise<void> {
  const locked = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, userId))
    .for('no key update');
  if (locked.length === 0) throw appError(Errors.ADDRESS_NOT_FOUND);
}

async function clearDefault(tx: Tx, userId: number, except?: number): Promise<void> {
  await tx
    .update(addresses)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(
      and(
        eq(addresses.userId, userId),
        eq(addresses.isDefault, true),
        except === undefined ? undefined : ne(addresses.id, except),
      ),
    );
}

/**
 * Adds an address. The first one is the default whatever was asked; asking for the default moves
 * it here. Refused with ADDRESS_LIMIT at 20.
 */
export async function addAddress(
  db: DbOrTx,
  userId: number,
  fields: AddressFields,
): Promise<Address> {
  const address = valid(fields);
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const count = await countAddresses(tx, userId);
    if (count >= MAX_ADDRESSES) throw appError(Errors.ADDRESS_LIMIT);
    const isDefault = count === 0 || fields.isDefault;
    if (isDefault) await clearDefault(tx, userId);
    const [row] = await tx
      .insert(addresses)
      .values({ userId, ...address, isDefault })
      .returning(columns);
    return row!;
  });
}

/** Changes the user's address; another user's or a missing one is ADDRESS_NOT_FOUND. */
export async function updateAddress(
  db: DbOrTx,
  userId: number,
  addressId: number,
  fields: AddressFields,
): Promise<Address> {
  const address = valid(fields);
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    if (fields.isDefault) await clearDefault(tx, userId, addressId);
    const [row] = await tx
      .update(addresses)
      .set({ ...address, isDefault: fields.isDefault, updatedAt: new Date() })
      .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
      .returning(columns);
    if (!row) throw appError(Errors.ADDRESS_NOT_FOUND);
    return row;
  });
}

/** Makes one of the user's addresses the default. */
export async function setDefaultAddress(
  db: DbOrTx,
  userId: number,
  addressId: number,
): Promise<Address> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    await clearDefault(tx, userId, addressId);
    const [row] = await tx
      .update(addresses)
      .set({ isDefault: true, updatedAt: new Date() })
      .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
      .returning(columns);
    if (!row) throw appError(Errors.ADDRESS_NOT_FOUND);
    return row;
  });
}

/**
 * Deletes the user's address; when it was the default, the newest remaining one becomes the
 * default. Another user's or a missing one is ADDRESS_NOT_FOUND.
 */
export async function deleteAddress(db: DbOrTx, userId: number, addressId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const [gone] = await tx
      .delete(addresses)
      .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
      .returning({ isDefault: addresses.isDefault });
    if (!gone) throw appError(Errors.ADDRESS_NOT_FOUND);
    if (!gone.isDefault) return;
    const [newest] = await tx
      .select({ id: addresses.id })
      .from(addresses)
      .where(eq(addresses.userId, userId))
      .orderBy(desc(addresses.createdAt), desc(addresses.id))
      .limit(1);
    if (newest) {
      await tx
        .update(addresses)
        .set({ isDefault: true, updatedAt: new Date() })
        .where(eq(addresses.id, newest.id));
    }
  });
}

/** 智能识别: the parts of a pasted address. */
export function splitAddress(text: string): SplitAddress {
  return split(regions(), text);
}

/** Districts whose name (or written path: 杭州西湖) matches, for the address-search page. */
export function searchRegions(keyword: string): RegionPath[] {
  return search(regions(), keyword);
}

/** The district's path by its code, or null (the address-search page's answer). */
export function regionPath(code: string): RegionPath | null {
  return regions().pathOf(code);
}
