/**
 * The skin popup (shell §3, §4): a new-skins announcement shown to a shop's administrator on home
 * while the skin switch (feature 1010) is on, until they close it (asyncModifyPopupStatus
 * records the close per user and popup code). It offers skins to change to: the one the shop
 * wears is never among them, and a popup left with none is not shown.
 */
import { and, desc, eq, getTableColumns, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { popupCloses, shops, skinPopups, skins } from '#lib/platform/db/schema.ts';
import { Feature } from './features.ts';
import { featureEnabled } from './features.server.ts';

export { featureEnabled };
export const SKIN_FEATURE_CODE = Feature.SkinPopup;

export interface SkinPopup {
  id: number;
  code: string;
  headline: string;
  headlineColor: string;
  subheadline: string;
  subheadlineColor: string;
  /** The skin the shop wears now (never one of the list). */
  skinId: number | null;
  ringShopSkinVOList: { id: number; name: string; homePreview: string | null }[];
}

/** queryPopup: the newest active skin popup the user has not closed, or null. */
export async function skinPopupFor(
  db: DbOrTx,
  input: { shopId: string; userId: number },
): Promise<SkinPopup | null> {
  if (!(await featureEnabled(db, input.shopId, SKIN_FEATURE_CODE))) return null;
  const [popup] = await db
    .select(getTableColumns(skinPopups))
    .from(skinPopups)
    .leftJoin(
      popupCloses,
      and(eq(popupCloses.code, skinPopups.code), eq(popupCloses.userId, input.userId)),
    )
    .where(and(eq(skinPopups.active, true), isNull(popupCloses.code)))
    .orderBy(desc(skinPopups.id))
    .limit(1);
  if (!popup) return null;
  const [shop] = await db
    .select({ skinId: shops.skinId })
    .from(shops)
    .where(eq(shops.id, input.shopId));
  const shown =
    popup.skinIds.length === 0
      ? []
      : await db
          .select({ id: skins.id, name: skins.name, homePreview: skins.homePreviewUrl })
          .from(skins)
          .where(inArray(skins.id, popup.skinIds));
  return {
    id: popup.id,
    code: popup.code,
    headline: popup.headline,
    headlineColor: popup.headlineColor,
    subheadline: popup.subheadline,
    subheadlineColor: popup.subheadlineColor,
    skinId: shop?.skinId ?? null,
    ringShopSkinVOList: popup.skinIds
      .filter((id) => id !== shop?.skinId)
      .flatMap((id) => shown.filter((skin) => skin.id === id)),
  };
}

/** asyncModifyPopupStatus: the user closed the popup; it does not come back. */
export async function closeSkinPopup(
  db: DbOrTx,
  input: { userId: number; code: string },
): Promise<true> {
  await db.insert(popupCloses).values(input).onConflictDoNothing();
  return true;
}
