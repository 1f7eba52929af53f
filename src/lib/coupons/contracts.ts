/**
 * The coupon calls of commerce §7 "Coupons" built so far: the coupon centre (switch, categories,
 * coupons by category, drawing), the caller's coupons and their count. Bodies carry a coupon's
 * id only; what it is worth always comes from the server.
 */
import { z } from 'zod';
import { contract } from '#lib/platform/contract.ts';
import { rowIdSchema, shopIdSchema } from '#lib/platform/id-schemas.ts';
import type { CenterState } from './rules.ts';
import { HANDOUT_SCENES } from './share.ts';
import type { ProductCard } from '#lib/catalog/index.server.ts';
import type { CheckoutTickets, CouponQuote, RecommendedCoupon } from '#lib/orders/index.server.ts';
import type { TicketQualification } from './qualification.ts';
import type { CouponProductsPage } from './products.server.ts';
import type { ProductCouponsPage } from './for-product.server.ts';
import { PRODUCT_COUPON_PAGE_MAX } from './rules.ts';
import {
  checkoutBody,
  checkoutLinesBody,
  COUPON_PRODUCTS_PAGE_MAX,
  COUPON_PRODUCTS_PAGE_SIZE,
  couponIdText,
  productNoText,
  RECOMMEND_TYPES,
  selectCouponBody,
} from './calls.ts';

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
const handoutScene = z.enum(HANDOUT_SCENES).default('share');

/** The pages a coupon popup is configured for (couponWindow; venues use couponWindowForVenue). */
export const POPUP_PAGE_CODES = ['home_page', 'cart_page', 'venue_page'] as const;
export type PopupPageCode = (typeof POPUP_PAGE_CODES)[number];

/** A coupon of a popup (shell §3 spCouponActivities). */
export interface PopupCoupon {
  ticketId: number;
  couponName: string;
  /** The face: ¥20.00 or 8.8折. */
  amount: string;
  /** The condition: 满199减20. */
  tag: string;
  rangList: string;
  /** 领取后7天内有效, or the fixed window. */
  time: string;
}

/** A coupon popup: popType 0 lists the coupons, 1 rains red envelopes (commerce §4). */
export interface CouponPopup {
  id: number;
  popType: 0 | 1;
  title: string;
  popDesc: string;
  brandName: string;
  brandLogoUrl: string;
  backimageUrl: string;
  /** Shown again to the same shopper only after this many minutes. */
  intervalMinutes: number;
  spCouponActivities: PopupCoupon[];
}

/** What a list draw won, and why the rest were refused. */
export interface PopupDraw {
  won: MyCoupon[];
  refused: { couponId: number; message: string }[];
}

/** The shell's coupon list (shell §5): status 0 unused, 1 used, 2 expired. */
export const TAB_OF_STATUS = {
  '0': 'unused',
  '1': 'used',
  '2': 'expired',
} as const satisfies Record<string, MyCouponTab>;

export const CouponContracts = {
  /** The shell's coupon list: the notice asks for status 0 and reads totalSize. */
  list: contract<{ totalSize: number; list: MyCoupon[] }>()({
    method: 'GET',
    path: '/api/spweb/queryUserCouponList',
    query: {
      shopBizCode: shopIdSchema,
      status: z.enum(['0', '1', '2']).default('0'),
      pageNum: z.coerce.number().int().min(1).max(10_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(100).default(10),
    },
    access: 'signed-in',
  }),
  /** The coupon popup of a page (home_page on home, cart_page on the cart), or null. */
  popup: contract<CouponPopup | null>()({
    method: 'GET',
    path: '/api/spweb/order/couponWindow',
    query: { shopBizCode: shopIdSchema, pageCode: z.enum(['home_page', 'cart_page']) },
  }),
  /** The coupon popup of a venue, or null. */
  venuePopup: contract<CouponPopup | null>()({
    method: 'GET',
    path: '/api/spweb/order/couponWindowForVenue',
    query: { shopBizCode: shopIdSchema, venueId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) },
  }),
  /**
   * 领取 on a brand page: a coupon of the centre for that brand (or the whole shop). The brand is
   * required: without it the answer is 参数缺失！ (shell §8).
   */
  drawForBrand: contract<CenterCoupon>()({
    method: 'POST',
    path: '/api/spweb/order/drawCoupon',
    query: { shopBizCode: shopIdSchema },
    body: {
      couponId,
      brandId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
    },
    access: 'signed-in',
  }),
  /** Draws several coupons at once: a popup's (with its id) or the centre's. */
  drawList: contract<PopupDraw>()({
    method: 'POST',
    path: '/api/spweb/order/drawCouponListForCenter',
    query: { shopBizCode: shopIdSchema },
    body: {
      couponIdList: z.array(couponId).min(1).max(20),
      popupId: couponId.optional(),
    },
    access: 'signed-in',
  }),
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

  // --- Checkout, product page and 可用商品 (issue #13 items 2 and 4) ---------------------------
  /** The checkout's coupons, usable (most saving first) and not (with the reason). */
  checkoutTickets: contract<CheckoutTickets>()({
    method: 'POST',
    path: '/api/spweb/order/firmOrderTicketList',
    query: { shopBizCode: shopIdSchema },
    body: checkoutBody,
    access: 'signed-in',
  }),
  /** The best coupon for the checkout: the one 确认订单 preselects. */
  recommendCoupons: contract<RecommendedCoupon>()({
    method: 'POST',
    path: '/api/spweb/order/recommendCoupons',
    query: { shopBizCode: shopIdSchema },
    body: checkoutLinesBody,
    access: 'signed-in',
  }),
  /** The checkout priced with the coupon chosen (or 'none'). */
  selectCoupon: contract<CouponQuote>()({
    method: 'POST',
    path: '/api/spweb/order/selectCoupon',
    query: { shopBizCode: shopIdSchema },
    body: selectCouponBody,
    access: 'signed-in',
  }),
  /** The caller's coupons usable now in the shop, on one product when named. */
  usableTickets: contract<MyCoupon[]>()({
    method: 'GET',
    path: '/api/spweb/order/selectUserTicketlist',
    query: { shopBizCode: shopIdSchema, productNo: productNoText.optional() },
    access: 'signed-in',
  }),
  /** May the caller draw the coupon now: the centre's button and the reason when not. */
  ticketQualification: contract<TicketQualification>()({
    method: 'GET',
    path: '/api/spweb/order/queryUserTicketQualification',
    query: { shopBizCode: shopIdSchema, couponId: couponIdText },
    access: 'signed-in',
  }),
  /** 可用商品: the products on sale the coupon applies to, one page. */
  couponProducts: contract<CouponProductsPage>()({
    method: 'POST',
    path: '/api/commodity/subscribe/v2/discountCoupon/queryPage/{shopBizCode}/{couponId}',
    params: { shopBizCode: shopIdSchema, couponId: couponIdText },
    body: {
      pageNum: z.number().int().min(1).max(10_000).default(1),
      pageSize: z
        .number()
        .int()
        .min(1)
        .max(COUPON_PRODUCTS_PAGE_MAX)
        .default(COUPON_PRODUCTS_PAGE_SIZE),
    },
  }),
  /** A short list of products the coupon applies to: type 1 热销, 2 凑单 (cheapest first). */
  couponRecommendation: contract<{ list: ProductCard[] }>()({
    method: 'POST',
    path: '/api/commodity/recommend/product/product/coupon/recommendation/user/{shopId}',
    params: { shopId: shopIdSchema },
    query: {
      shopId: shopIdSchema.optional(),
      couponId: couponIdText,
      type: z.enum(RECOMMEND_TYPES).default('1'),
    },
    body: {},
  }),
  /** The centre's coupons that apply to a product, with the caller's button (领券). */
  productCoupons: contract<ProductCouponsPage>()({
    method: 'GET',
    path: '/api/spweb/queryCouponListByUserProduct',
    query: {
      shopBizCode: shopIdSchema,
      productNo: productNoText,
      pageNum: z.coerce.number().int().min(1).max(10_000).default(1),
      pageSize: z.coerce
        .number()
        .int()
        .min(1)
        .max(PRODUCT_COUPON_PAGE_MAX)
        .default(PRODUCT_COUPON_PAGE_MAX),
    },
  }),

  // --- Coupons a shop keeper hands out: share links and the success page (issue #13 item 5) ---
  /** A shareable coupon's card, for a shop keeper of the shop: the link names the caller. */
  share: contract<CouponShareInfo>()({
    method: 'GET',
    path: '/api/member/coupon/share/{shopId}/{couponId}',
    params: { shopId: shopIdSchema, couponId: couponIdText },
    access: 'signed-in',
  }),
  /** The shop's shareable coupons (in_share, active, claim window open), each with its card. */
  shareCoupons: contract<ShareableCoupon[]>()({
    method: 'GET',
    path: '/api/member/coupon/shareCoupons/{shopId}',
    params: { shopId: shopIdSchema },
    access: 'signed-in',
  }),
  /** A coupon as a receive page shows it (without the caller's button being theirs). */
  handoutInfo: contract<HandoutCoupon>()({
    method: 'GET',
    path: '/api/spweb/order/after/share/coupon/iteration/selectCouponInfo',
    query: { shopBizCode: shopIdSchema, couponId: couponIdText, scene: handoutScene },
  }),
  /** The caller's button for a handed-out coupon: 立即领取 / 去使用 / 已领取 / 已抢光. */
  handoutState: contract<HandoutState>()({
    method: 'GET',
    path: '/api/spweb/order/after/share/coupon/iteration/selectCouponDrawInfoById',
    query: { shopBizCode: shopIdSchema, couponId: couponIdText, scene: handoutScene },
    access: 'signed-in',
  }),
  /**
   * A receive page's share card: the link names the caller when they are a shop keeper of the
   * shop; the sharer is the page's distributorId when it is one (for display only).
   */
  handoutShareInfo: contract<CouponShareInfo & { sharer: CouponSharer | null }>()({
    method: 'GET',
    path: '/api/spweb/order/after/share/coupon/iteration/selectShareInfo',
    query: { shopBizCode: shopIdSchema, couponId: couponIdText },
    access: 'signed-in',
  }),
  /** A handed-out coupon with the caller's button. */
  handoutForCaller: contract<HandoutCoupon>()({
    method: 'GET',
    path: '/api/spweb/order/after/shop/keeper/coupon/selectCouponInfoById',
    query: { shopBizCode: shopIdSchema, couponId: couponIdText, scene: handoutScene },
    access: 'signed-in',
  }),
  /** 立即领取 on a receive page: drawn only where the coupon is offered (share or after pay). */
  drawHandout: contract<HandoutCoupon>()({
    method: 'POST',
    path: '/api/spweb/order/after/shop/keeper/coupon/drawCouponToC',
    query: { shopBizCode: shopIdSchema },
    body: { couponId, scene: handoutScene },
    access: 'signed-in',
  }),
};

/** A coupon of a receive page (share link or after payment): the centre's view and its validity. */
export interface HandoutCoupon extends CenterCoupon {
  /** 领取后7天内有效, or the fixed window. */
  validity: string;
}

export type HandoutState = Pick<HandoutCoupon, 'couponId' | 'state' | 'stateText' | 'left'>;

/** What a shared coupon says: 送你一张¥20优惠券, its condition and validity, the receive link. */
export interface CouponShareInfo {
  couponId: number;
  title: string;
  desc: string;
  link: string;
}

export interface CouponSharer {
  nickname: string;
}

export type ShareableCoupon = HandoutCoupon & { share: CouponShareInfo };
