/**
 * The shop's settings, changed by its owner only (store-setting, im-setting; decision 024):
 * name, logo, introduction, the notice and the follow link in one update, and the consultation
 * QR code. A keeper who is not the owner, and anybody else, is refused before anything is read.
 *
 * Pictures are checked (JPEG, PNG or WebP; at most 5 MB; not too many pixels, not too small),
 * turned upright, resized with sharp and re-encoded — which drops their metadata — and stored in
 * `media`. A logo is uploaded first (the form previews it) and becomes the shop's on 保存; the QR
 * code is the shop's as soon as it is uploaded. Every UPDATE of shops raises the content version
 * (migration 0002), so every page, the seller info and the link preview follow at once.
 */
import { and, eq } from 'drizzle-orm';
import { appError, type ErrorEntry } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { media, shops } from '#lib/platform/db/schema.ts';
import {
  insertPicture,
  preparePicture,
  shrunkJpeg,
  storePicture,
  type PictureRules,
} from '#lib/media/index.server.ts';
import { ShopStatus } from './status.ts';
import { checkShopSettings, type ShopSettingsInput } from './settings.ts';

export interface ShopSettings {
  shopId: string;
  shopName: string;
  /** '' when the shop has no logo. */
  shopLogoUrl: string;
  intro: string;
  noticeEnabled: boolean;
  noticeText: string;
  /** '' when the shop has no follow link. */
  followUrl: string;
}

export interface SaveShopSettings extends ShopSettingsInput {
  /** A logo uploaded by the owner (uploadShopLogo) to become the shop's; absent keeps the logo. */
  logoMediaId?: number | undefined;
}

/** The side of a stored logo: square, large enough for a 2× phone screen. */
export const LOGO_SIDE = 400;
/** A consultation QR code keeps its shape, at most this many pixels a side. */
export const QR_MAX_SIDE = 800;
/** Smaller pictures would be blurred by the resize: refused. */
export const PICTURE_MIN_SIDE = 100;
/** Pictures one owner may upload in a day (logos and QR codes): plenty for trying a few. */
export const DAILY_PICTURE_LIMIT = 30;
const PICTURE_FORMATS = new Set(['jpeg', 'png', 'webp']);

/** The shop's owner or the refusal; an unknown or closed shop answers the same. */
export async function requireShopOwner(db: DbOrTx, shopId: string, userId: number): Promise<void> {
  const [shop] = await db
    .select({ ownerId: shops.ownerUserId, status: shops.status })
    .from(shops)
    .where(eq(shops.id, shopId));
  if (!shop || shop.status !== ShopStatus.Open || shop.ownerId !== userId) {
    throw appError(Errors.SHOP_SETTING_NOT_OWNER);
  }
}

/** Whether the user owns the open shop (for pages that show the owner's entries). */
export async function isShopOwner(db: DbOrTx, shopId: string, userId: number): Promise<boolean> {
  const [shop] = await db
    .select({ id: shops.id })
    .from(shops)
    .where(
      and(eq(shops.id, shopId), eq(shops.ownerUserId, userId), eq(shops.status, ShopStatus.Open)),
    );
  return shop !== undefined;
}

const settingsColumns = {
  shopId: shops.id,
  shopName: shops.name,
  logoUrl: shops.logoUrl,
  intro: shops.intro,
  noticeEnabled: shops.noticeEnabled,
  noticeText: shops.noticeText,
  followUrl: shops.officialAccountUrl,
};

function toSettings(row: {
  shopId: string;
  shopName: string;
  logoUrl: string | null;
  intro: string;
  noticeEnabled: boolean;
  noticeText: string;
  followUrl: string | null;
}): ShopSettings {
  const { logoUrl, followUrl, ...rest } = row;
  return { ...rest, shopLogoUrl: logoUrl ?? '', followUrl: followUrl ?? '' };
}

/** The settings as the owner edits them. */
export async function readShopSettings(
  db: DbOrTx,
  shopId: string,
  userId: number,
): Promise<ShopSettings> {
  await requireShopOwner(db, shopId, userId);
  const [row] = await db.select(settingsColumns).from(shops).where(eq(shops.id, shopId));
  if (!row) throw appError(Errors.SHOP_SETTING_NOT_OWNER);
  return toSettings(row);
}

/**
 * Saves every field at once: all are checked first, then one conditional UPDATE (still the
 * owner's shop) sets them, the new logo included. A bad field saves nothing.
 */
export async function saveShopSettings(
  db: DbOrTx,
  input: { shopId: string; userId: number; settings: SaveShopSettings },
): Promise<ShopSettings> {
  const { shopId, userId, settings } = input;
  await requireShopOwner(db, shopId, userId);
  const check = checkShopSettings(settings);
  if (!check.ok) throw appError(check.error);
  const { shopName, intro, noticeEnabled, noticeText, followUrl } = check.value;
  return db.transaction(async (tx) => {
    let logoUrl: string | undefined;
    if (settings.logoMediaId !== undefined) {
      // Only a logo this owner uploaded (public, square at the logo's side) can become the shop's.
      const [logo] = await tx
        .select({ id: media.id })
        .from(media)
        .where(
          and(
            eq(media.id, settings.logoMediaId),
            eq(media.ownerUserId, userId),
            eq(media.isPublic, true),
            eq(media.width, LOGO_SIDE),
            eq(media.height, LOGO_SIDE),
          ),
        );
      if (!logo) throw appError(Errors.LOGO_NOT_UPLOADED);
      logoUrl = `/media/${logo.id}`;
    }
    const [row] = await tx
      .update(shops)
      .set({
        name: shopName,
        intro,
        noticeEnabled,
        noticeText,
        officialAccountUrl: followUrl,
        ...(logoUrl ? { logoUrl } : {}),
      })
      .where(and(eq(shops.id, shopId), eq(shops.ownerUserId, userId)))
      .returning(settingsColumns);
    if (!row) throw appError(Errors.SHOP_SETTING_NOT_OWNER);
    return toSettings(row);
  });
}

/** The owner's pictures: public, at most DAILY_PICTURE_LIMIT a day, legible (PICTURE_MIN_SIDE). */
const pictureRules = (notPicture: ErrorEntry): PictureRules => ({
  formats: PICTURE_FORMATS,
  isPublic: true,
  dailyLimit: DAILY_PICTURE_LIMIT,
  notPicture,
  overLimit: Errors.UPLOADS_TODAY,
  minSide: PICTURE_MIN_SIDE,
});

/**
 * A logo for the shop, not yet its own: cut to a LOGO_SIDE square from the middle, PNG when it
 * has transparency, else JPEG. 保存 makes it the shop's (saveShopSettings logoMediaId).
 */
export async function uploadShopLogo(
  db: DbOrTx,
  input: { shopId: string; userId: number; upload: Uint8Array; now?: Date },
): Promise<{ logoMediaId: number; logoUrl: string }> {
  const now = input.now ?? new Date();
  await requireShopOwner(db, input.shopId, input.userId);
  const { id } = await storePicture(
    db,
    input.userId,
    input.upload,
    pictureRules(Errors.LOGO_TYPE),
    (picture, meta) => {
      const square = picture.resize({ width: LOGO_SIDE, height: LOGO_SIDE, fit: 'cover' });
      return meta.hasAlpha === true
        ? { pipeline: square.png({ compressionLevel: 9 }), contentType: 'image/png' }
        : {
            pipeline: square
              .flatten({ background: '#ffffff' })
              .jpeg({ quality: 86, mozjpeg: true }),
            contentType: 'image/jpeg',
          };
    },
    now,
  );
  return { logoMediaId: id, logoUrl: `/media/${id}` };
}

// --- im-setting: the consultation QR code ----------------------------------------------------

export interface SellerQr {
  /** The QR code shoppers scan to reach the shop; null when the owner has not set one. */
  qrUrl: string | null;
}

/** The shop's consultation QR code, as shoppers see it (im-qr); no role check. */
export async function shopConsultQr(db: DbOrTx, shopId: string): Promise<SellerQr> {
  const [row] = await db
    .select({ qrUrl: shops.consultQrUrl })
    .from(shops)
    .where(and(eq(shops.id, shopId), eq(shops.status, ShopStatus.Open)));
  return { qrUrl: row?.qrUrl ?? null };
}

/** querySellerQrUrl: the owner's view of the shop's consultation QR code. */
export async function readSellerQr(db: DbOrTx, shopId: string, userId: number): Promise<SellerQr> {
  await requireShopOwner(db, shopId, userId);
  return shopConsultQr(db, shopId);
}

/**
 * uploadSellerQrUrl: the picture checked, shrunk to at most QR_MAX_SIDE (its shape kept so the
 * code stays readable), on white, as JPEG; stored and made the shop's in one transaction.
 */
export async function uploadSellerQr(
  db: DbOrTx,
  input: { shopId: string; userId: number; upload: Uint8Array; now?: Date },
): Promise<SellerQr> {
  const now = input.now ?? new Date();
  await requireShopOwner(db, input.shopId, input.userId);
  const rules = pictureRules(Errors.QR_TYPE);
  const picture = await preparePicture(
    db,
    input.userId,
    input.upload,
    rules,
    shrunkJpeg(QR_MAX_SIDE, 90),
    now,
  );
  return db.transaction(async (tx) => {
    const { id } = await insertPicture(tx, input.userId, picture, rules, now);
    const qrUrl = `/media/${id}`;
    const [row] = await tx
      .update(shops)
      .set({ consultQrUrl: qrUrl })
      .where(and(eq(shops.id, input.shopId), eq(shops.ownerUserId, input.userId)))
      .returning({ qrUrl: shops.consultQrUrl });
    if (!row) throw appError(Errors.SHOP_SETTING_NOT_OWNER);
    return { qrUrl: row.qrUrl };
  });
}

/** deleteSellerQrUrl: the shop has no consultation QR code any more. */
export async function deleteSellerQr(
  db: DbOrTx,
  shopId: string,
  userId: number,
): Promise<SellerQr> {
  await requireShopOwner(db, shopId, userId);
  const [row] = await db
    .update(shops)
    .set({ consultQrUrl: null })
    .where(and(eq(shops.id, shopId), eq(shops.ownerUserId, userId)))
    .returning({ id: shops.id });
  if (!row) throw appError(Errors.SHOP_SETTING_NOT_OWNER);
  return { qrUrl: null };
}
