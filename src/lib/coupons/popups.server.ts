/**
 * Coupon popups (shell §3, §4; commerce §4): the popup a page offers a shopper — the list
 * (popType 0) or the red-envelope rain (popType 1) — with the coupons of it they may still
 * draw, and drawing a popup's coupons (couponIdList) in one call. A popup with nothing left for
 * the shopper is not offered at all; how often it comes back is kept on the phone.
 */
import { and, asc, desc, eq, gt, lte } from 'drizzle-orm';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { couponPopupCoupons, couponPopups, coupons } from '#lib/platform/db/schema.ts';
import { AppError } from '#lib/platform/errors.ts';
import { validityText } from './rules.ts';
import { withCallerState } from './center.server.ts';
import { drawCoupon, type ClaimSource } from './draw.server.ts';
import { userCouponsByIds } from './mine.server.ts';
import type { CouponPopup, PopupDraw, PopupPageCode } from './contracts.ts';

export async function popupFor(
  db: DbOrTx,
  input: {
    shopId: string;
    userId: number | null;
    pageCode: PopupPageCode | 'live_page';
    venueRef?: string | undefined;
    /** The live room a live_page popup was dropped in. */
    liveNo?: string | undefined;
    now?: Date;
  },
): Promise<CouponPopup | null> {
  // Drawing needs a shopper: a visitor who is not signed in is not offered coupons yet.
  if (input.userId === null) return null;
  const now = input.now ?? new Date();
  const popups = await db
    .select()
    .from(couponPopups)
    .where(
      and(
        eq(couponPopups.shopId, input.shopId),
        eq(couponPopups.pageCode, input.pageCode),
        input.venueRef === undefined ? undefined : eq(couponPopups.venueRef, input.venueRef),
        input.liveNo === undefined ? undefined : eq(couponPopups.liveNo, input.liveNo),
        eq(couponPopups.active, true),
        lte(couponPopups.startsAt, now),
        gt(couponPopups.endsAt, now),
      ),
    )
    .orderBy(desc(couponPopups.id));
  for (const popup of popups) {
    const rows = await db
      .select({ coupon: coupons })
      .from(couponPopupCoupons)
      .innerJoin(coupons, eq(coupons.id, couponPopupCoupons.couponId))
      .where(eq(couponPopupCoupons.popupId, popup.id))
      .orderBy(asc(couponPopupCoupons.sort), asc(coupons.id));
    const templates = rows.map((row) => row.coupon);
    const seen = await withCallerState(db, templates, input.userId, now);
    const drawable = seen.filter((coupon) => coupon.state === 'draw');
    if (drawable.length === 0) continue;
    return {
      id: popup.id,
      popType: popup.popType === 1 ? 1 : 0,
      title: popup.title,
      popDesc: popup.popDesc,
      brandName: popup.brandName,
      brandLogoUrl: popup.brandLogoUrl,
      backimageUrl: popup.backimageUrl,
      intervalMinutes: popup.intervalMinutes,
      spCouponActivities: drawable.map((coupon) => {
        const template = templates.find((t) => t.id === coupon.couponId)!;
        return {
          ticketId: coupon.couponId,
          couponName: coupon.name,
          amount: coupon.face,
          tag: coupon.condition,
          rangList: coupon.scopeText,
          time: validityText(template),
        };
      }),
    };
  }
  return null;
}

/**
 * Draws each listed coupon on its own (one refused does not undo the others): answers the
 * coupons won, in the order asked, and why the others were refused. Nothing won at all is the
 * first refusal, so the shopper reads the server's reason.
 */
export async function drawCouponList(
  db: DbOrTx,
  input: {
    shopId: string;
    userId: number;
    couponIds: readonly number[];
    popupId?: number | undefined;
    now?: Date;
  },
): Promise<PopupDraw> {
  const now = input.now ?? new Date();
  const source: ClaimSource = input.popupId === undefined ? 'center' : 'popup';
  const wonIds: number[] = [];
  const refused: PopupDraw['refused'] = [];
  let firstRefusal: unknown;
  for (const couponId of new Set(input.couponIds)) {
    try {
      wonIds.push(
        await drawCoupon(db, {
          shopId: input.shopId,
          userId: input.userId,
          couponId,
          source,
          popupId: input.popupId,
          now,
        }),
      );
    } catch (failure) {
      if (!(failure instanceof AppError)) throw failure;
      firstRefusal ??= failure;
      refused.push({ couponId, message: failure.message });
    }
  }
  if (wonIds.length === 0) throw firstRefusal;
  return { won: await userCouponsByIds(db, input.userId, wonIds), refused };
}
