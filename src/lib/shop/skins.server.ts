/** Shop skins (shell §3 "Skin"): the list a manager picks from, the pick, and the skin in use. */
import { and, asc, eq, sql } from 'drizzle-orm';
import { appError } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { shops, skins } from '#lib/platform/db/schema.ts';
import type { SkinTheme } from './skins.ts';

export interface SkinEntry {
  id: number;
  name: string;
  homePreviewUrl: string | null;
  /** The skin's colours: the skin page previews them on a mock tab bar, button and price. */
  theme: SkinTheme;
  /** 1: the shop's skin in use; 0 otherwise. */
  skinStatus: 0 | 1;
}

/** querySkinInfo: the skin the shop wears, or null when it wears none (the platform's colours). */
export interface SkinInfo {
  id: number;
  name: string;
  homePreviewUrl: string | null;
  theme: SkinTheme;
}

/** querySkinList: every skin, the one in use first (shell §3). */
export async function listSkins(db: DbOrTx, shopId: string): Promise<SkinEntry[]> {
  const [shop] = await db.select({ skinId: shops.skinId }).from(shops).where(eq(shops.id, shopId));
  if (!shop) throw appError(Errors.SHOP_NOT_FOUND);
  const rows = await db
    .select({
      id: skins.id,
      name: skins.name,
      homePreviewUrl: skins.homePreviewUrl,
      theme: skins.theme,
    })
    .from(skins)
    .orderBy(sql`${skins.id} = ${shop.skinId ?? -1} desc`, asc(skins.sort), asc(skins.id));
  return rows.map((row) => ({ ...row, skinStatus: row.id === shop.skinId ? 1 : 0 }));
}

export async function skinInfo(db: DbOrTx, shopId: string): Promise<SkinInfo | null> {
  const [row] = await db
    .select({
      shopId: shops.id,
      id: skins.id,
      name: skins.name,
      homePreviewUrl: skins.homePreviewUrl,
      theme: skins.theme,
    })
    .from(shops)
    .leftJoin(skins, eq(skins.id, shops.skinId))
    .where(eq(shops.id, shopId));
  if (!row) throw appError(Errors.SHOP_NOT_FOUND);
  if (row.id === null || row.theme === null) return null;
  return { id: row.id, name: row.name ?? '', homePreviewUrl: row.homePreviewUrl, theme: row.theme };
}

/**
 * saveSelectedSkin: the shop wears this skin from now on, on every page (the shops row's update
 * raises the content version, so cached pages take the new colours). One conditional update: a
 * skin already worn changes nothing; an unknown skin or shop is refused.
 */
export async function selectSkin(db: DbOrTx, shopId: string, skinId: number): Promise<void> {
  const changed = await db
    .update(shops)
    .set({ skinId })
    .where(
      and(
        eq(shops.id, shopId),
        sql`${shops.skinId} is distinct from ${skinId}`,
        sql`exists (select 1 from ${skins} where ${skins.id} = ${skinId})`,
      ),
    )
    .returning({ id: shops.id });
  if (changed.length > 0) return;
  const [skin] = await db.select({ id: skins.id }).from(skins).where(eq(skins.id, skinId));
  if (!skin) throw appError(Errors.SKIN_NOT_FOUND);
  const [shop] = await db.select({ id: shops.id }).from(shops).where(eq(shops.id, shopId));
  if (!shop) throw appError(Errors.SHOP_NOT_FOUND);
}
