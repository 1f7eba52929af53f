/**
 * Every endpoint contract: each area's under one name, and as one list. The server's edge reads
 * the upload endpoints from it, and the tests check every endpoint against it.
 *
 * Assembled from the areas' doors: each door's exports named `…Contracts` are its contract
 * groups, so an area adds one by exporting it from its `index.ts`; contract.test.ts finds every
 * door and fails when one is not read here.
 */
import type { AnyContract } from '#lib/platform/contract.ts';
import { PlatformContracts } from '#lib/platform/contracts.ts';
import * as addresses from '#lib/addresses/index.ts';
import * as afterSales from '#lib/after-sales/index.ts';
import * as cart from '#lib/cart/index.ts';
import * as catalog from '#lib/catalog/index.ts';
import * as certification from '#lib/certification/index.ts';
import * as coupons from '#lib/coupons/index.ts';
import * as decoration from '#lib/decoration/index.ts';
import * as distribution from '#lib/distribution/index.ts';
import * as guides from '#lib/guides/index.ts';
import * as identity from '#lib/identity/index.ts';
import * as insurance from '#lib/insurance/index.ts';
import * as invoices from '#lib/invoices/index.ts';
import * as legal from '#lib/legal/index.ts';
import * as live from '#lib/live/index.ts';
import * as lottery from '#lib/lottery/index.ts';
import * as membership from '#lib/membership/index.ts';
import * as orders from '#lib/orders/index.ts';
import * as payments from '#lib/payments/index.ts';
import * as recruiting from '#lib/recruiting/index.ts';
import * as service from '#lib/service/index.ts';
import * as sharing from '#lib/sharing/index.ts';
import * as shop from '#lib/shop/index.ts';

/** The contract groups a door exports: its exports whose name ends in `Contracts`. */
type GroupsOf<Door> = {
  [Name in keyof Door as Name extends `${string}Contracts` ? Name : never]: Door[Name];
};

function groupsOf<Door extends object>(door: Door): GroupsOf<Door> {
  return Object.fromEntries(
    Object.entries(door).filter(([name]) => name.endsWith('Contracts')),
  ) as GroupsOf<Door>;
}

/** The doors read here, by area folder; contract.test.ts checks that none is missing. */
export const ContractDoors = {
  addresses,
  'after-sales': afterSales,
  cart,
  catalog,
  certification,
  coupons,
  decoration,
  distribution,
  guides,
  identity,
  insurance,
  invoices,
  legal,
  live,
  lottery,
  membership,
  orders,
  payments,
  recruiting,
  service,
  sharing,
  shop,
};

/** Every contract group by its name (`OrderContracts`, …). */
export const ContractAreas = {
  PlatformContracts,
  ...groupsOf(addresses),
  ...groupsOf(afterSales),
  ...groupsOf(cart),
  ...groupsOf(catalog),
  ...groupsOf(certification),
  ...groupsOf(coupons),
  ...groupsOf(decoration),
  ...groupsOf(distribution),
  ...groupsOf(guides),
  ...groupsOf(identity),
  ...groupsOf(insurance),
  ...groupsOf(invoices),
  ...groupsOf(legal),
  ...groupsOf(live),
  ...groupsOf(lottery),
  ...groupsOf(membership),
  ...groupsOf(orders),
  ...groupsOf(payments),
  ...groupsOf(recruiting),
  ...groupsOf(service),
  ...groupsOf(sharing),
  ...groupsOf(shop),
};

export const allContracts: readonly AnyContract[] = Object.values(ContractAreas).flatMap(
  (group): AnyContract[] => Object.values(group),
);
