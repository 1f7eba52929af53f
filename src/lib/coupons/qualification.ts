/**
 * Whether a shopper may draw a coupon now, and why not (queryUserTicketQualification): the same
 * refusals, in the same order, as the draw command (draw.server.ts) — the shopper's per-user
 * limit first, then the template: stopped, before or after its claim window, none left — and the
 * coupon centre's button for it. Pure: the caller reads the template and the shopper's counts.
 */
import { CouponErrors } from './errors.ts';
import { CENTER_STATE_TEXT, centerState, type CenterState } from './rules.ts';
import { CouponStatus } from './status.ts';

/** The draw refusals, by their entry in CouponErrors. */
export type DrawRefusal =
  | 'COUPON_LIMIT_REACHED'
  | 'COUPON_STOPPED'
  | 'COUPON_NOT_STARTED'
  | 'COUPON_ENDED'
  | 'COUPON_SOLD_OUT';

export interface DrawFacts {
  status: number;
  claimFrom: Date;
  claimTo: Date;
  issued: number;
  total: number;
  perUserLimit: number;
  /** How many the shopper has claimed (coupon_user_claims). */
  claimedByMe: number;
  /** How many of them the shopper holds unused and still valid. */
  unusedByMe: number;
}

/** Why drawing the coupon now would be refused, or null when it would not. */
export function drawRefusal(facts: DrawFacts, now: Date): DrawRefusal | null {
  if (facts.claimedByMe >= facts.perUserLimit) return 'COUPON_LIMIT_REACHED';
  if (facts.status !== CouponStatus.Active) return 'COUPON_STOPPED';
  if (now < facts.claimFrom) return 'COUPON_NOT_STARTED';
  if (now >= facts.claimTo) return 'COUPON_ENDED';
  if (facts.issued >= facts.total) return 'COUPON_SOLD_OUT';
  return null;
}

export interface TicketQualification {
  couponId: number;
  /** Drawing now would succeed. */
  mayDraw: boolean;
  /** The centre's button: 立即领取 / 去使用 / 已领取 / 已抢光. */
  state: CenterState;
  stateText: string;
  /** What drawing now would be refused with; null when it may draw. */
  reason: string | null;
}

/**
 * The shopper's qualification for a coupon. The button is the coupon centre's; a coupon not
 * offered now (stopped, before or after its window) reads as one with none left: 去使用 when the
 * shopper holds one unused, else 已领取 or 已抢光 — never 立即领取 for a draw that would fail.
 */
export function ticketQualification(
  couponId: number,
  facts: DrawFacts,
  now: Date,
): TicketQualification {
  const refusal = drawRefusal(facts, now);
  const offered =
    facts.status === CouponStatus.Active && now >= facts.claimFrom && now < facts.claimTo;
  const state = centerState({
    issued: offered ? facts.issued : facts.total,
    total: facts.total,
    perUserLimit: facts.perUserLimit,
    claimedByMe: facts.claimedByMe,
    unusedByMe: facts.unusedByMe,
  });
  return {
    couponId,
    mayDraw: refusal === null,
    state,
    stateText: CENTER_STATE_TEXT[state],
    reason: refusal ? CouponErrors[refusal].message : null,
  };
}
