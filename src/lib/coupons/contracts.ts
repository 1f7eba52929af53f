/**
 * The coupon calls of commerce §7 "Coupons" built so far: the coupon centre (switch, categories,
 * coupons by category, drawing), the caller's coupons and their count. Bodies carry a coupon's
 * id only; what it is worth always comes from the server.
 */
import { z } from 'zod';
import { contract } from '#lib/platform/contract.ts';
import { rowIdSchema, shopIdSchema } from '#lib/platform/ids.ts';
import type { CenterState } from './rules.ts';

export const MY_COUPON_TABS = ['unused', 'used', 'expired'] as const;
export type MyCouponTab = (typeof MY_COUPON_TABS)[number];

/** A coupon of 我的优惠券. */
export interface MyCoupon {
  userCouponId: number;
  name: string;
  description: string;
  face: string;
  condition: string;
  scopeText: string;
  validFrom: string;
  validTo: string;
}

/** A coupon of 领券中心, with the caller's button. */
export interface CenterCoupon {
  couponId: number;
  name: string;
  description: string;
  face: string;
  condition: string;
  scopeText: string;
  /** Per cent of the total already claimed, for the 已抢 bar. */
  claimedPercent: number;
  left: number;
  claimTo: string;
  state: CenterState;
  stateText: string;
}

const couponId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const CouponContracts = {
  centreSwitch: contract<{ enabled: boolean }>()({
    method: 'GET',
    path: '/api/spweb/couponCentreSwitch',
    query: { shopBizCode: shopIdSchema },
  }),
  categories: contract<{ id: number; name: string }[]>()({
    method: 'GET',
    path: '/api/spweb/queryCouponCategory',
    query: { shopBizCode: shopIdSchema },
  }),
  byCategory: contract<CenterCoupon[]>()({
    method: 'GET',
    path: '/api/spweb/queryCouponByCategoryId',
    query: { shopBizCode: shopIdSchema, categoryId: rowIdSchema('分类编号格式不正确').optional() },
  }),
  /** 立即领取 in the coupon centre: the coupon's new state for the caller. */
  drawForCenter: contract<CenterCoupon>()({
    method: 'POST',
    path: '/api/spweb/drawCouponForCenter',
    query: { shopBizCode: shopIdSchema },
    body: { couponId },
    access: 'signed-in',
  }),
  count: contract<{ unused: number }>()({
    method: 'GET',
    path: '/api/spweb/queryCouponCount',
    query: { shopBizCode: shopIdSchema },
    access: 'signed-in',
  }),
  mine: contract<{ list: MyCoupon[]; counts: Record<MyCouponTab, number> }>()({
    method: 'GET',
    path: '/api/spweb/selectUserCoupon',
    query: { shopBizCode: shopIdSchema, tab: z.enum(MY_COUPON_TABS).default('unused') },
    access: 'signed-in',
  }),
};
