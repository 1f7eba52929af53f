/**
 * Coupon rules (pure, isomorphic): what a coupon takes off which goods, whether it can be used on
 * a checkout and why not, the best of several, how it reads (满199减20, 8.5折), and the coupon
 * centre's button. The pricing module shares the amount over the lines a coupon applies to.
 */
import { formatYuan } from '#lib/platform/money.ts';
import { shopDateFormat } from '#lib/platform/time.ts';

/** The specification's page size for the product's coupons (shell §7 and §9: 100000). */
export const PRODUCT_COUPON_PAGE_MAX = 100_000;

/** A coupon's rules as claimed: a user's coupon keeps them even if the template changes. */
export interface CouponRules {
  name: string;
  description: string;
  kind: 'reduce' | 'discount';
  /** reduce: the amount off. */
  amountCents: number;
  thresholdCents: number;
  /** discount: the percentage paid, 85 = 8.5折. */
  discountRate: number | null;
  /** discount: the most it takes off. */
  maxDiscountCents: number | null;
  scope: 'shop' | 'brand' | 'activity' | 'product';
  scopeRef: string | null;
}

/** A line of a checkout as a coupon's scope sees it. */
export interface ScopeLine {
  brandId: number | null;
  activityNo: string | null;
  productNo: string;
  /** The line's goods after promotions (N件X折), in cents. */
  goodsCents: number;
}

/** Whether the coupon applies to the line. */
export function inScope(rules: Pick<CouponRules, 'scope' | 'scopeRef'>, line: ScopeLine): boolean {
  switch (rules.scope) {
    case 'shop':
      return true;
    case 'brand':
      return line.brandId !== null && String(line.brandId) === rules.scopeRef;
    case 'activity':
      return line.activityNo !== null && line.activityNo === rules.scopeRef;
    case 'product':
      return line.productNo === rules.scopeRef;
  }
}

/** What the coupon takes off goods worth `eligibleCents` (0 below its threshold). */
export function couponOff(rules: CouponRules, eligibleCents: number): number {
  if (eligibleCents <= 0 || eligibleCents < rules.thresholdCents) return 0;
  if (rules.kind === 'reduce') return Math.min(rules.amountCents, eligibleCents);
  const off = Math.floor((eligibleCents * (100 - rules.discountRate!)) / 100);
  return Math.min(off, rules.maxDiscountCents!);
}

export const CouponRefusals = {
  USED: '优惠券已使用',
  EXPIRED: '优惠券已过期',
  NOT_YET: '优惠券未到使用时间',
  OUT_OF_SCOPE: '订单中没有可使用此券的商品',
  BELOW_THRESHOLD: '未达到优惠券使用门槛',
} as const;

/** A user's coupon as a checkout weighs it. */
export interface HeldCoupon {
  rules: CouponRules;
  validFrom: Date;
  validTo: Date;
  /** Still unused. */
  unused: boolean;
}

export interface CouponFit {
  /** null when usable. */
  refusal: string | null;
  /** The lines (by index) it applies to. */
  eligible: boolean[];
  eligibleCents: number;
  offCents: number;
}

/** Whether a held coupon can pay for part of these lines now, and how much. */
export function fitCoupon(coupon: HeldCoupon, lines: readonly ScopeLine[], now: Date): CouponFit {
  const eligible = lines.map((line) => inScope(coupon.rules, line));
  const eligibleCents = lines.reduce(
    (sum, line, i) => sum + (eligible[i] ? line.goodsCents : 0),
    0,
  );
  const offCents = couponOff(coupon.rules, eligibleCents);
  const refusal = !coupon.unused
    ? CouponRefusals.USED
    : now >= coupon.validTo
      ? CouponRefusals.EXPIRED
      : now < coupon.validFrom
        ? CouponRefusals.NOT_YET
        : eligibleCents === 0
          ? CouponRefusals.OUT_OF_SCOPE
          : offCents === 0
            ? CouponRefusals.BELOW_THRESHOLD
            : null;
  return { refusal, eligible, eligibleCents, offCents: refusal ? 0 : offCents };
}

/**
 * The best of the usable coupons: the most off, then the one expiring first (use it before it is
 * lost), then the earliest claimed (lowest id). Null when none is usable.
 */
export function bestCoupon<C extends { id: number; validTo: Date; fit: CouponFit }>(
  coupons: readonly C[],
): C | null {
  const usable = coupons.filter((c) => c.fit.refusal === null);
  usable.sort(
    (a, b) =>
      b.fit.offCents - a.fit.offCents || a.validTo.getTime() - b.validTo.getTime() || a.id - b.id,
  );
  return usable[0] ?? null;
}

/** The big figure of a coupon: ¥20 or 8.5折. */
export function couponFace(rules: CouponRules): string {
  return rules.kind === 'reduce'
    ? `¥${formatYuan(rules.amountCents)}`
    : `${(rules.discountRate! / 10).toFixed(1).replace(/\.0$/, '')}折`;
}

/** The condition line: 满199减20, 无门槛, 满399享8.5折 最高减50. */
export function couponCondition(rules: CouponRules): string {
  const threshold =
    rules.thresholdCents > 0 ? `满${formatYuan(rules.thresholdCents).replace(/\.00$/, '')}` : '';
  if (rules.kind === 'reduce') {
    const off = formatYuan(rules.amountCents).replace(/\.00$/, '');
    return threshold ? `${threshold}减${off}` : `无门槛减${off}`;
  }
  const cap = formatYuan(rules.maxDiscountCents!).replace(/\.00$/, '');
  return `${threshold || '无门槛'}享${couponFace(rules)} 最高减${cap}`;
}

/** The scope line of a coupon. */
export function couponScopeText(rules: Pick<CouponRules, 'scope'>): string {
  return {
    shop: '全店通用',
    brand: '指定品牌可用',
    activity: '指定特卖可用',
    product: '指定商品可用',
  }[rules.scope];
}

/** The coupon centre's button for a coupon. */
export type CenterState = 'draw' | 'use' | 'claimed' | 'soldOut';

export const CENTER_STATE_TEXT: Record<CenterState, string> = {
  draw: '立即领取',
  use: '去使用',
  claimed: '已领取',
  soldOut: '已抢光',
};

/**
 * 立即领取 while the caller may still claim and some are left; 去使用 when they hold an unused
 * one; 已领取 when they reached their limit and hold none unused; 已抢光 when none is left.
 */
export function centerState(input: {
  issued: number;
  total: number;
  perUserLimit: number;
  claimedByMe: number;
  unusedByMe: number;
}): CenterState {
  const mayClaim = input.claimedByMe < input.perUserLimit;
  if (mayClaim && input.issued < input.total) return 'draw';
  if (input.unusedByMe > 0) return 'use';
  return mayClaim ? 'soldOut' : 'claimed';
}

const dayFormat = /* @__PURE__ */ shopDateFormat('zh-CN', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const dayText = (at: Date) => dayFormat.format(at).replaceAll('/', '.');

/** How long a coupon is valid once claimed: 领取后7天内有效, or 2026.11.20-2026.11.30. */
export function validityText(template: {
  validFrom: Date | null;
  validTo: Date | null;
  validDays: number | null;
}): string {
  if (template.validDays !== null) return `领取后${template.validDays}天内有效`;
  return `${dayText(template.validFrom!)}-${dayText(template.validTo!)}`;
}

/** When a claimed coupon is valid: the template's window, or validDays from the claim. */
export function validityOf(
  template: { validFrom: Date | null; validTo: Date | null; validDays: number | null },
  claimedAt: Date,
): { validFrom: Date; validTo: Date } {
  if (template.validDays !== null) {
    return {
      validFrom: claimedAt,
      validTo: new Date(claimedAt.getTime() + template.validDays * 86_400_000),
    };
  }
  return { validFrom: template.validFrom!, validTo: template.validTo! };
}
