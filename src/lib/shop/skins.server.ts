/** Shop skins (shell §3 "Skin"): the list a manager picks from, and the pick. */
import { asc, eq, sql } from 'drizzle-orm';
import { appError } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { shops, skins } from '#lib/platform/db/schema.ts';

export interface SkinEntry {
  id: number;
  name: string;
  homePreviewUrl: string | null;
  /** 1: the shop's skin in use; 0 otherwise. */
  skinStatus: 0 | 1;
}

/** querySkinList: every skin, the one in use first (shell §3). */
export async function listSkins(db: DbOrTx, shopId: string): Promise<SkinEntry[]> {
  const [shop] = await db.select({ skinId: shops.skinId }).from(shops).where(eq(shops.id, shopId));
  if (!shop) throw appError(Errors.SHOP_NOT_FOUND);
  const rows = await db
    .select({ id: skins.id, name: skins.name, homePreviewUrl: skins.homePreviewUrl })
    .from(skins)
    .orderBy(sql`${skins.id} = ${shop.skinId ?? -1} desc`, asc(skins.sort), asc(skins.id));
  return rows.map((row) => ({ ...row, skinStatus: row.id === shop.skinId ? 1 : 0 }));
}

/** saveSelectedSkin: the shop wears this skin from now on, on every page. */
export async function selectSkin(db: DbOrTx, shopId: string, skinId: number): Promise<void> {
  const [skin] = await db.select({ id: skins.id }).from(skins).where(eq(skins.id, skinId));
  if (!skin) throw appError(Errors.SKIN_NOT_FOUND);
  await db.update(shops).set({ skinId }).where(eq(shops.id, shopId));
}
