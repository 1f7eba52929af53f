/**
 * Every endpoint contract: each area's under one name, and as one list. The server's edge reads
 * the upload endpoints from it, and the tests check every endpoint against it.
 */
import type { AnyContract } from '#lib/platform/contract.ts';
import { PlatformContracts } from '#lib/platform/contracts.ts';
import { AddressContracts } from '#lib/addresses/contracts.ts';
import { CartContracts } from '#lib/cart/contracts.ts';
import { CatalogContracts } from '#lib/catalog/contracts.ts';
import { DistributionContracts } from '#lib/distribution/contracts.ts';
import { IdentityContracts } from '#lib/identity/contracts.ts';
import { MembershipContracts } from '#lib/membership/contracts.ts';
import { RealNameContracts } from '#lib/identity/real-name-contracts.ts';
import { ShopContracts } from '#lib/shop/contracts.ts';
import { OrderContracts } from '#lib/orders/contracts.ts';
import { PaymentContracts } from '#lib/payments/contracts.ts';
import { AfterSaleContracts } from '#lib/after-sales/contracts.ts';
import { InsuranceContracts } from '#lib/insurance/contracts.ts';
import { CouponContracts } from '#lib/coupons/contracts.ts';
import { GuideContracts } from '#lib/guides/contracts.ts';
import { LotteryContracts } from '#lib/lottery/contracts.ts';
import { DistributionReportContracts } from '#lib/distribution/reports-contracts.ts';
import { SharingContracts } from '#lib/sharing/contracts.ts';
import { RecruitingContracts } from '#lib/recruiting/contracts.ts';
import { DecorationContracts } from '#lib/shop/decoration-contracts.ts';
import { MarkupContracts } from '#lib/catalog/markups-contracts.ts';
import { BlacklistContracts } from '#lib/catalog/blacklist-contracts.ts';
import { ShopSettingContracts } from '#lib/shop/settings-contracts.ts';
import { ShopConfigContracts } from '#lib/shop/config-contracts.ts';
import { ServiceContracts } from '#lib/service/service-contracts.ts';
import { LiveChannelContracts } from '#lib/live/channel-contracts.ts';
import { LiveContracts } from '#lib/live/live-contracts.ts';

export const ContractAreas = {
  platform: PlatformContracts,
  cart: CartContracts,
  catalog: CatalogContracts,
  distribution: DistributionContracts,
  identity: IdentityContracts,
  membership: MembershipContracts,
  shop: ShopContracts,
  orders: OrderContracts,
  addresses: AddressContracts,
  realName: RealNameContracts,
  payments: PaymentContracts,
  afterSales: AfterSaleContracts,
  insurance: InsuranceContracts,
  coupons: CouponContracts,
  guides: GuideContracts,
  lottery: LotteryContracts,
  distributionReports: DistributionReportContracts,
  sharing: SharingContracts,
  recruiting: RecruitingContracts,
  decoration: DecorationContracts,
  markups: MarkupContracts,
  blacklist: BlacklistContracts,
  shopSettings: ShopSettingContracts,
  shopConfig: ShopConfigContracts,
  service: ServiceContracts,
  liveChannel: LiveChannelContracts,
  live: LiveContracts,
} as const;

export const allContracts: readonly AnyContract[] = Object.values(ContractAreas).flatMap(
  (area): AnyContract[] => Object.values(area),
);
