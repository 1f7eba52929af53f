/**
 * The checkout's coupon calls (firmOrderTicketList, recommendCoupons, selectCoupon): each is the
 * order confirmation's own preview (orders/place-order.server.ts previewCheckout: the same lines,
 * the same pricing module, the same choice of coupon) answered in part, so a call and the
 * 确认订单 page can never disagree on a coupon or an amount.
 */
import { AppError } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { previewCheckout, type CheckoutInput } from '#lib/orders/place-order.server.ts';
import type { CheckoutPreview } from '#lib/orders/contracts.ts';
import type { CouponOption } from '#lib/coupons/index.ts';

/** What a checkout buys and where it goes, without a coupon choice. */
export type CheckoutSource = Omit<CheckoutInput, 'userCouponId'>;

/** firmOrderTicketList: the shopper's coupons for this checkout and the one it is priced with. */
export interface CheckoutTickets {
  /** Usable here, the most saving first, each with what it takes off. */
  usable: CouponOption[];
  /** Not usable here, each with the reason. */
  unusable: CouponOption[];
  /** The coupon the checkout is priced with: the one asked for, else the best; null for none. */
  selectedId: number | null;
  couponCents: number;
  payCents: number;
  /** Why the coupon asked for was not used (then the best one is); null otherwise. */
  refused: string | null;
}

/** recommendCoupons: the best coupon for the checkout, as the confirmation preselects it. */
export interface RecommendedCoupon {
  coupon: CouponOption | null;
  couponCents: number;
  payCents: number;
}

/** selectCoupon: the checkout priced with the coupon chosen (or none). */
export interface CouponQuote {
  userCouponId: number | null;
  coupon: CouponOption | null;
  goodsCents: number;
  discountCents: number;
  couponCents: number;
  freightCents: number;
  insuranceCents: number;
  payCents: number;
  /** The preview's token of these prices: createOrder takes it with the same coupon. */
  quote: string;
}

const selectedOption = (preview: CheckoutPreview): CouponOption | null =>
  preview.coupons.usable.find((c) => c.userCouponId === preview.coupons.selectedId) ?? null;

const couponRefusal = (error: unknown): error is AppError =>
  error instanceof AppError &&
  (error.code === Errors.COUPON_UNUSABLE.code || error.code === Errors.COUPON_ALREADY_USED.code);

/**
 * The coupon lists of the checkout. A coupon asked for that cannot be used here is dropped for
 * the best one and the reason said, as the confirmation page does.
 */
export async function checkoutTickets(db: DbOrTx, input: CheckoutInput): Promise<CheckoutTickets> {
  let refused: string | null = null;
  let preview: CheckoutPreview;
  try {
    preview = await previewCheckout(db, input);
  } catch (error) {
    if (input.userCouponId === undefined || !couponRefusal(error)) throw error;
    refused = error.message;
    preview = await previewCheckout(db, { ...input, userCouponId: undefined });
  }
  return {
    usable: preview.coupons.usable,
    unusable: preview.coupons.unusable,
    selectedId: preview.coupons.selectedId,
    couponCents: preview.couponCents,
    payCents: preview.payCents,
    refused,
  };
}

/** The best coupon for the checkout (the confirmation's preselection); null when none fits. */
export async function recommendCheckoutCoupon(
  db: DbOrTx,
  input: CheckoutSource,
): Promise<RecommendedCoupon> {
  const preview = await previewCheckout(db, { ...input, userCouponId: undefined });
  return {
    coupon: selectedOption(preview),
    couponCents: preview.couponCents,
    payCents: preview.payCents,
  };
}

/**
 * The checkout priced with the coupon chosen (null: none). A coupon that cannot pay for it is
 * refused with its reason (45006, or 45007 优惠券已使用), exactly as placing the order would be.
 */
export async function selectCheckoutCoupon(
  db: DbOrTx,
  input: CheckoutSource & { userCouponId: number | null },
): Promise<CouponQuote> {
  const preview = await previewCheckout(db, input);
  return {
    userCouponId: preview.coupons.selectedId,
    coupon: selectedOption(preview),
    goodsCents: preview.goodsCents,
    discountCents: preview.discountCents,
    couponCents: preview.couponCents,
    freightCents: preview.freightCents,
    insuranceCents: preview.insuranceCents,
    payCents: preview.payCents,
    quote: preview.quote,
  };
}
