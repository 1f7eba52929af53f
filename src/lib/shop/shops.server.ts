/** Shops: the public face of a shop (name, logo, notice, skin). */
import { and, eq, sql } from 'drizzle-orm';
import { appError } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { shops, skins, users, type SkinTheme } from '#lib/platform/db/schema.ts';
import { ShopStatus } from './status.ts';

export interface SellerInfo {
  shopId: string;
  shopBizCode: string;
  shopName: string;
  shopLogoUrl: string;
}

export interface ShopDetail extends SellerInfo {
  /** ON when the shop has a notice to show on insideTips. */
  shopNotice: 'ON' | 'OFF';
  noticeText: string;
  /** The owner's introduction of the shop (store-setting); '' when none. */
  intro: string;
  skin: { id: number; name: string; theme: SkinTheme } | null;
}

/** The shop behind a shopId, or an AppError 404 the link-expired page can show. */
export async function getShopDetail(db: DbOrTx, shopId: string): Promise<ShopDetail> {
  const [row] = await db
    .select({
      id: shops.id,
      name: shops.name,
      logoUrl: shops.logoUrl,
      status: shops.status,
      noticeEnabled: shops.noticeEnabled,
      noticeText: shops.noticeText,
      intro: shops.intro,
      skinId: skins.id,
      skinName: skins.name,
      skinTheme: skins.theme,
    })
    .from(shops)
    .leftJoin(skins, eq(skins.id, shops.skinId))
    .where(eq(shops.id, shopId))
    .limit(1);
  if (!row || row.status !== ShopStatus.Open) throw appError(Errors.SHOP_NOT_FOUND);
  return {
    shopId: row.id,
    shopBizCode: row.id,
    shopName: row.name,
    shopLogoUrl: row.logoUrl ?? '',
    shopNotice: row.noticeEnabled ? 'ON' : 'OFF',
    noticeText: row.noticeText,
    intro: row.intro,
    skin:
      row.skinId !== null && row.skinTheme !== null
        ? { id: row.skinId, name: row.skinName ?? '', theme: row.skinTheme }
        : null,
  };
}

/** GET /api/member/xdwxh5/seller/info/{shopId}: just the name and the logo. */
export async function getSellerInfo(db: DbOrTx, shopId: string): Promise<SellerInfo> {
  const { shopBizCode, shopName, shopLogoUrl } = await getShopDetail(db, shopId);
  return { shopId, shopBizCode, shopName, shopLogoUrl };
}

/** The name a message sent for the shop is signed with (an SMS code); null for no open shop. */
export async function shopSignature(
  db: DbOrTx,
  shopId: string | null | undefined,
): Promise<string | null> {
  if (!shopId) return null;
  const [row] = await db
    .select({ name: shops.name })
    .from(shops)
    .where(and(eq(shops.id, shopId), eq(shops.status, ShopStatus.Open)))
    .limit(1);
  return row?.name ?? null;
}

/** Whether an open shop goes by this name (a demo's SMS sandbox approves them as signatures). */
export async function isOpenShopName(db: DbOrTx, name: string): Promise<boolean> {
  const [row] = await db
    .select({ id: shops.id })
    .from(shops)
    .where(and(eq(shops.name, name), eq(shops.status, ShopStatus.Open)))
    .limit(1);
  return row !== undefined;
}

/**
 * Makes the user the shop's owner when their phone is the owner phone the shop was opened with,
 * in one conditional update. Returns whether it did.
 */
export async function bindShopOwner(tx: DbOrTx, shopId: string, userId: number): Promise<boolean> {
  const bound = await tx
    .update(shops)
    .set({ ownerUserId: userId })
    .where(
      and(
        eq(shops.id, shopId),
        sql`${shops.ownerPhone} = (select ${users.phone} from ${users} where ${users.id} = ${userId})`,
      ),
    )
    .returning({ id: shops.id });
  return bound.length > 0;
}

/** Stores the shop's global markup (catalog checks it against the shop's limit first). */
export async function saveGlobalMarkup(
  tx: DbOrTx,
  shopId: string,
  markup: { bp: number; cents: number },
): Promise<{ bp: number; cents: number } | undefined> {
  const [row] = await tx
    .update(shops)
    .set({ globalAddPriceBp: markup.bp, globalAddPriceCents: markup.cents })
    .where(eq(shops.id, shopId))
    .returning({ bp: shops.globalAddPriceBp, cents: shops.globalAddPriceCents });
  return row;
}
