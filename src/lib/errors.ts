/**
 * The one error catalogue: every area's `{ code, message }` entries under one name, so a throw
 * site names its refusal (`throw appError(Errors.OUT_OF_STOCK)`) instead of pairing a code and a
 * text by hand. Isomorphic: the browser may compare an answer with an entry.
 *
 * Assembled from the areas' doors: each door's exports named `…Errors` are its catalogues, so an
 * area adds a catalogue by exporting it from its `index.ts`; errors.test.ts finds every door and
 * fails when one is not read here.
 */
import { PlatformErrors } from '#lib/platform/errors.ts';
import * as addresses from '#lib/addresses/index.ts';
import * as afterSales from '#lib/after-sales/index.ts';
import * as cart from '#lib/cart/index.ts';
import * as catalog from '#lib/catalog/index.ts';
import * as coupons from '#lib/coupons/index.ts';
import * as decoration from '#lib/decoration/index.ts';
import * as distribution from '#lib/distribution/index.ts';
import * as guides from '#lib/guides/index.ts';
import * as identity from '#lib/identity/index.ts';
import * as certification from '#lib/certification/index.ts';
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

/** The catalogues a door exports: its exports whose name ends in `Errors`. */
type CataloguesOf<Door> = {
  [Name in keyof Door as Name extends `${string}Errors` ? Name : never]: Door[Name];
};

function cataloguesOf<Door extends object>(door: Door): CataloguesOf<Door> {
  return Object.fromEntries(
    Object.entries(door).filter(([name]) => name.endsWith('Errors')),
  ) as CataloguesOf<Door>;
}

/** The doors read here, by area folder; errors.test.ts checks that none is missing. */
export const ErrorDoors = {
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

/** Every catalogue by its name (`OrderErrors`, …); errors.test.ts checks that no two use one name. */
export const ErrorAreas = {
  PlatformErrors,
  ...cataloguesOf(addresses),
  ...cataloguesOf(afterSales),
  ...cataloguesOf(cart),
  ...cataloguesOf(catalog),
  ...cataloguesOf(certification),
  ...cataloguesOf(coupons),
  ...cataloguesOf(decoration),
  ...cataloguesOf(distribution),
  ...cataloguesOf(guides),
  ...cataloguesOf(identity),
  ...cataloguesOf(insurance),
  ...cataloguesOf(invoices),
  ...cataloguesOf(legal),
  ...cataloguesOf(live),
  ...cataloguesOf(lottery),
  ...cataloguesOf(membership),
  ...cataloguesOf(orders),
  ...cataloguesOf(payments),
  ...cataloguesOf(recruiting),
  ...cataloguesOf(service),
  ...cataloguesOf(sharing),
  ...cataloguesOf(shop),
};

type Catalogue = (typeof ErrorAreas)[keyof typeof ErrorAreas];
type AllOf<U> = (U extends unknown ? (all: U) => void : never) extends (all: infer I) => void
  ? I
  : never;

export const Errors = Object.freeze(Object.assign({}, ...Object.values(ErrorAreas))) as Readonly<
  AllOf<Catalogue>
>;
