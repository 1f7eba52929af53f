/**
 * The one error catalogue: every area's `{ code, message }` entries under one name, so a throw
 * site names its refusal (`throw appError(Errors.OUT_OF_STOCK)`) instead of pairing a code and a
 * text by hand. Isomorphic: the browser may compare an answer with an entry.
 */
import { PlatformErrors } from '#lib/platform/errors.ts';
import { AddressErrors } from '#lib/addresses/errors.ts';
import { CartErrors } from '#lib/cart/errors.ts';
import { CatalogErrors } from '#lib/catalog/errors.ts';
import { IdentityErrors } from '#lib/identity/errors.ts';
import { MembershipErrors } from '#lib/membership/errors.ts';
import { RealNameErrors } from '#lib/identity/real-name-errors.ts';
import { ShopErrors } from '#lib/shop/errors.ts';
import { OrderErrors } from '#lib/orders/errors.ts';
import { PaymentErrors } from '#lib/payments/errors.ts';
import { AfterSaleErrors } from '#lib/after-sales/errors.ts';
import { InsuranceErrors } from '#lib/insurance/errors.ts';
import { CouponErrors } from '#lib/coupons/errors.ts';
import { LotteryErrors } from '#lib/lottery/errors.ts';
import { DistributionErrors } from '#lib/distribution/errors.ts';
import { SharingErrors } from '#lib/sharing/errors.ts';
import { ReportErrors } from '#lib/distribution/report-errors.ts';
import { RecruitingErrors } from '#lib/recruiting/errors.ts';
import { DecorationErrors } from '#lib/shop/decoration-errors.ts';
import { MarkupErrors } from '#lib/catalog/markups-errors.ts';
import { BlacklistErrors } from '#lib/catalog/blacklist-errors.ts';
import { ShopSettingErrors } from '#lib/shop/settings-errors.ts';
import { ServiceErrors } from '#lib/service/service-errors.ts';
import { LiveChannelErrors } from '#lib/live/channel-errors.ts';
import { LiveErrors } from '#lib/live/live-errors.ts';
import { IdentityCheckErrors } from '#lib/identity/identity-check-errors.ts';

/** Each area's entries, by area; errors.test.ts checks that no two areas use one name. */
export const ErrorAreas = {
  platform: PlatformErrors,
  cart: CartErrors,
  catalog: CatalogErrors,
  identity: IdentityErrors,
  membership: MembershipErrors,
  shop: ShopErrors,
  orders: OrderErrors,
  addresses: AddressErrors,
  realName: RealNameErrors,
  payments: PaymentErrors,
  afterSales: AfterSaleErrors,
  insurance: InsuranceErrors,
  coupons: CouponErrors,
  lottery: LotteryErrors,
  distribution: DistributionErrors,
  sharing: SharingErrors,
  distributionReports: ReportErrors,
  recruiting: RecruitingErrors,
  decoration: DecorationErrors,
  markups: MarkupErrors,
  blacklist: BlacklistErrors,
  shopSettings: ShopSettingErrors,
  service: ServiceErrors,
  liveChannel: LiveChannelErrors,
  live: LiveErrors,
  identityChecks: IdentityCheckErrors,
} as const;

export const Errors = {
  ...PlatformErrors,
  ...CartErrors,
  ...CatalogErrors,
  ...IdentityErrors,
  ...MembershipErrors,
  ...ShopErrors,
  ...OrderErrors,
  ...AddressErrors,
  ...RealNameErrors,
  ...PaymentErrors,
  ...AfterSaleErrors,
  ...InsuranceErrors,
  ...CouponErrors,
  ...LotteryErrors,
  ...DistributionErrors,
  ...SharingErrors,
  ...ReportErrors,
  ...RecruitingErrors,
  ...DecorationErrors,
  ...MarkupErrors,
  ...BlacklistErrors,
  ...ShopSettingErrors,
  ...ServiceErrors,
  ...LiveChannelErrors,
  ...LiveErrors,
  ...IdentityCheckErrors,
} as const;
