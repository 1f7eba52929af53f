/**
 * The shop's business licence (网上亮照, 电子商务法 §15): the registered facts and the picture its
 * owner enters on license-setting, shown to everyone on businessLicense. Only the shop's owner
 * (shops.owner_user_id) writes it; the picture goes through media's storePicture (public, shrunk
 * to a legible size) and becomes the licence's when the facts are saved.
 */
import { and, eq } from 'drizzle-orm';
import { appError } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { shopDay } from '#lib/platform/time.ts';
import { media, shops } from '#lib/platform/db/schema.ts';
import { shrunkJpeg, storePicture, type PictureRules } from '#lib/media/index.server.ts';
import { ShopStatus } from '#lib/shop/index.ts';
import { shopLicences } from './tables.server.ts';
import { LegalErrors as E } from './errors.ts';
import { checkLicence, type LicenceFacts, type LicenceInput } from './licence.ts';
import type { LicenceView } from './views.ts';

/** A licence photo stays readable at this many pixels a side, and no larger is kept. */
export const LICENCE_PICTURE_MAX_SIDE = 1600;
/** The characters of a licence must stay legible: smaller pictures are refused. */
export const LICENCE_PICTURE_MIN_SIDE = 400;
/** Licence pictures an owner may upload in a day. */
export const LICENCE_PICTURES_PER_DAY = 20;

const pictureRules: PictureRules = {
  formats: new Set(['jpeg', 'png', 'webp']),
  isPublic: true,
  dailyLimit: LICENCE_PICTURES_PER_DAY,
  notPicture: E.LICENCE_PICTURE_TYPE,
  overLimit: Errors.UPLOADS_TODAY,
  minSide: LICENCE_PICTURE_MIN_SIDE,
};

/** The owner of the open shop, or the refusal. */
async function requireOwner(db: DbOrTx, shopId: string, userId: number): Promise<void> {
  const [shop] = await db
    .select({ id: shops.id })
    .from(shops)
    .where(
      and(eq(shops.id, shopId), eq(shops.ownerUserId, userId), eq(shops.status, ShopStatus.Open)),
    );
  if (!shop) throw appError(E.LICENCE_NOT_OWNER);
}

/** Whether the user owns the open shop: the license-setting page's question. */
export async function ownsShop(db: DbOrTx, shopId: string, userId: number): Promise<boolean> {
  try {
    await requireOwner(db, shopId, userId);
    return true;
  } catch {
    return false;
  }
}

/** The licence as the shop shows it, or null before its owner entered one. */
export async function readLicence(db: DbOrTx, shopId: string): Promise<LicenceView | null> {
  const [row] = await db.select().from(shopLicences).where(eq(shopLicences.shopId, shopId));
  if (!row) return null;
  const facts: LicenceFacts = {
    kind: row.kind,
    name: row.name,
    creditCode: row.creditCode,
    representative: row.representative,
    capital: row.capital,
    foundedOn: row.foundedOn,
    termStart: row.termStart,
    termEnd: row.termEnd,
    address: row.address,
    scope: row.scope,
    authority: row.authority,
  };
  return {
    facts,
    pictureUrl: row.pictureMediaId === null ? null : `/media/${row.pictureMediaId}`,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The owner's upload: stored public (its JPEG at most LICENCE_PICTURE_MAX_SIDE a side), the licence's once saved. */
export async function uploadLicencePicture(
  db: DbOrTx,
  input: { shopId: string; userId: number; upload: Uint8Array; now?: Date },
): Promise<{ pictureMediaId: number; pictureUrl: string }> {
  await requireOwner(db, input.shopId, input.userId);
  const { id } = await storePicture(
    db,
    input.userId,
    input.upload,
    pictureRules,
    shrunkJpeg(LICENCE_PICTURE_MAX_SIDE, 88),
    input.now,
  );
  return { pictureMediaId: id, pictureUrl: `/media/${id}` };
}

/**
 * 保存: every fact at once, checked first (licence.ts), with the picture: one the owner uploaded
 * (`pictureMediaId`), else the one the licence has. A licence without a picture is refused.
 */
export async function saveLicence(
  db: DbOrTx,
  input: {
    shopId: string;
    userId: number;
    licence: LicenceInput;
    pictureMediaId?: number | undefined;
    now?: Date;
  },
): Promise<LicenceView> {
  const now = input.now ?? new Date();
  await requireOwner(db, input.shopId, input.userId);
  const check = checkLicence(input.licence, shopDay(now));
  if (!check.ok) throw appError(check.error);
  await db.transaction(async (tx) => {
    let pictureMediaId: number | null = null;
    if (input.pictureMediaId !== undefined) {
      // Only a public picture this owner uploaded can become the licence's.
      const [picture] = await tx
        .select({ id: media.id })
        .from(media)
        .where(
          and(
            eq(media.id, input.pictureMediaId),
            eq(media.ownerUserId, input.userId),
            eq(media.isPublic, true),
          ),
        );
      if (!picture) throw appError(E.LICENCE_PICTURE_NOT_UPLOADED);
      pictureMediaId = picture.id;
    } else {
      const [existing] = await tx
        .select({ id: shopLicences.pictureMediaId })
        .from(shopLicences)
        .where(eq(shopLicences.shopId, input.shopId));
      pictureMediaId = existing?.id ?? null;
    }
    if (pictureMediaId === null) throw appError(E.LICENCE_PICTURE_MISSING);
    const values = { ...check.value, pictureMediaId, updatedBy: input.userId, updatedAt: now };
    await tx
      .insert(shopLicences)
      .values({ shopId: input.shopId, ...values })
      .onConflictDoUpdate({ target: shopLicences.shopId, set: values });
  });
  return (await readLicence(db, input.shopId))!;
}
