/**
 * Coupons a shop keeper hands out (issue #13 item 5): the shop's shareable coupons (in_share,
 * active, claim window open) with the card a share shows, a coupon as the receive pages show it
 * (receive-coupon for a share link, receive-coupon-frompay for the success page's after_pay
 * coupons) with the caller's button, the sharer a link names (only a shop keeper of the shop), and
 * the draw, which the one draw command refuses for a coupon not offered there.
 */
import { and, asc, eq, gt, lte } from 'drizzle-orm';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { coupons } from '#lib/platform/db/schema.ts';
import { appError } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';
import { activeKeeper } from '#lib/attribution/index.server.ts';
import { CouponStatus } from './status.ts';
import { couponCondition, couponFace, validityText } from './rules.ts';
import { drawCoupon, rulesOf } from './draw.server.ts';
import { withCallerState } from './center.server.ts';
import { buildLink } from '#lib/platform/links.ts';
import { shareDesc, shareTitle, type HandoutScene } from './share.ts';
import type { CouponShareInfo, HandoutCoupon, ShareableCoupon } from './contracts.ts';

type Template = typeof coupons.$inferSelect;

/** Offered in the scene (a share link or the success page), active, its claim window open. */
function offeredIn(scene: HandoutScene, now: Date) {
  return and(
    scene === 'share' ? eq(coupons.inShare, true) : eq(coupons.afterPay, true),
    eq(coupons.status, CouponStatus.Active),
    lte(coupons.claimFrom, now),
    gt(coupons.claimTo, now),
  );
}

async function offeredTemplates(
  db: DbOrTx,
  input: { shopId: string; scene: HandoutScene; couponId?: number | undefined; now: Date },
): Promise<Template[]> {
  return db
    .select()
    .from(coupons)
    .where(
      and(
        eq(coupons.shopId, input.shopId),
        offeredIn(input.scene, input.now),
        input.couponId === undefined ? undefined : eq(coupons.id, input.couponId),
      ),
    )
    .orderBy(asc(coupons.claimTo), asc(coupons.id));
}

async function asHandout(
  db: DbOrTx,
  rows: Template[],
  userId: number | null,
  now: Date,
): Promise<HandoutCoupon[]> {
  const seen = await withCallerState(db, rows, userId, now);
  return seen.map((coupon, i) => ({ ...coupon, validity: validityText(rows[i]!) }));
}

/** The coupons offered in the scene now, each with the caller's button (null: nobody). */
export async function handoutCoupons(
  db: DbOrTx,
  input: { shopId: string; scene: HandoutScene; userId: number | null; now?: Date },
): Promise<HandoutCoupon[]> {
  const now = input.now ?? new Date();
  return asHandout(db, await offeredTemplates(db, { ...input, now }), input.userId, now);
}

/**
 * One coupon as a receive page shows it, with the caller's button; null when the shop has no such
 * coupon offered in the scene now (unknown, not shared, stopped, its window closed).
 */
export async function handoutCoupon(
  db: DbOrTx,
  input: {
    shopId: string;
    scene: HandoutScene;
    couponId: number;
    userId: number | null;
    now?: Date;
  },
): Promise<HandoutCoupon | null> {
  const now = input.now ?? new Date();
  const rows = await offeredTemplates(db, { ...input, now });
  const [coupon] = await asHandout(db, rows, input.userId, now);
  return coupon ?? null;
}

/**
 * The receive-coupon link of a coupon (absolute), naming the sharer when there is one. Built with
 * a clean context: nothing of the page it is built on is carried into someone else's link.
 */
function shareLink(input: {
  origin: string;
  shopId: string;
  couponId: number;
  distributorId: number | null;
}): string {
  const path = buildLink(
    {
      name: 'receive-coupon',
      query: { couponId: input.couponId, distributorId: input.distributorId },
    },
    { query: new URLSearchParams({ shopId: input.shopId }), defaultShopId: input.shopId },
  );
  return `${input.origin}${path}`;
}

/** The share card of one template: the title, the line, the receive link naming the sharer. */
function shareCard(
  row: Template,
  input: { origin: string; shopId: string; distributorId: number | null },
): CouponShareInfo {
  const rules = rulesOf(row);
  return {
    couponId: row.id,
    title: shareTitle(couponFace(rules)),
    desc: shareDesc(couponCondition(rules), validityText(row)),
    link: shareLink({ ...input, couponId: row.id }),
  };
}

/**
 * What a shop keeper shares: the shop's shareable coupons with their cards. `distributorId` is the
 * caller's own id, known to be a shop keeper of the shop; never a value a client sent.
 */
export async function shareableCoupons(
  db: DbOrTx,
  input: { shopId: string; distributorId: number; origin: string; now?: Date },
): Promise<ShareableCoupon[]> {
  const now = input.now ?? new Date();
  const rows = await offeredTemplates(db, { shopId: input.shopId, scene: 'share', now });
  const seen = await asHandout(db, rows, null, now);
  return seen.map((coupon, i) => ({ ...coupon, share: shareCard(rows[i]!, input) }));
}

/** The share card of one shareable coupon; 优惠券不存在 when it is not shared now. */
export async function couponShareInfo(
  db: DbOrTx,
  input: {
    shopId: string;
    couponId: number;
    distributorId: number | null;
    origin: string;
    now?: Date;
  },
): Promise<CouponShareInfo> {
  const now = input.now ?? new Date();
  const [row] = await offeredTemplates(db, { ...input, scene: 'share', now });
  if (!row) throw appError(Errors.COUPON_NOT_FOUND);
  return shareCard(row, input);
}

/**
 * The shop keeper a link names, for display only: an active keeper of this shop (distribution's
 * activeKeeper), else null. Nothing is decided by it.
 */
export async function linkSharer(
  db: DbOrTx,
  input: { shopId: string; distributorId: number | null },
): Promise<{ nickname: string } | null> {
  const keeper = await activeKeeper(db, input.shopId, input.distributorId);
  return keeper && { nickname: keeper.nickname };
}

/**
 * 立即领取 on a receive page: drawn with the scene as its source (the draw refuses a coupon not
 * offered there); answers the coupon's new state for the caller.
 */
export async function drawHandout(
  db: DbOrTx,
  input: { shopId: string; userId: number; couponId: number; scene: HandoutScene; now?: Date },
): Promise<HandoutCoupon> {
  const now = input.now ?? new Date();
  await drawCoupon(db, { ...input, source: input.scene, now });
  const coupon = await handoutCoupon(db, { ...input, now });
  // Claimed, but no longer offered meanwhile (its last one, its window closing).
  if (!coupon) throw appError(Errors.COUPON_ENDED);
  return coupon;
}
