/**
 * The home's decoration (issue #15 item 1): the manager's draft, its publication and the
 * published layout shoppers get. Until a manager publishes, the draft and the home are the home
 * as it has always rendered (every module, the shop's indexBanner rows), so nothing changes by
 * itself. Publishing is one transaction: the published document becomes the draft and the shop's
 * indexBanner rows become the draft's banners (the content version rises by trigger, so cached
 * pages refresh).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { appError } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { banners, media, shopDecorations, shops, users } from '#lib/platform/db/schema.ts';
import { storePicture } from '#lib/media/index.server.ts';
import { mediaId } from '#lib/media/index.ts';
import { listBanners } from '#lib/catalog/index.server.ts';
import { listOngoingSales } from '#lib/catalog/index.server.ts';
import { routeByName } from '#lib/platform/routes.ts';
import { ShopStatus } from '#lib/shop/index.ts';
import {
  BANNER_LINK_ROUTES,
  MODULE_KINDS,
  MODULE_NAMES,
  bannerFromRow,
  defaultLayout,
  normalLayout,
  parseLayout,
  sameLayout,
  visibleModules,
  type BannerLink,
  type DecorationBanner,
  type HomeLayout,
  type ModuleKind,
} from './decoration.ts';
import { DecorationErrors } from './errors.ts';

const LOCATION = 'indexBanner';
/** A banner picture is stored at 750×320's proportions, large enough for a share card. */
const BANNER_WIDTH = 1200;
const BANNER_HEIGHT = 512;
const BANNER_FORMATS = new Set(['jpeg', 'png', 'webp']);
/** Banner pictures one manager may upload in a day. */
export const DAILY_BANNER_UPLOADS = 60;

export interface DecorationState {
  draft: HomeLayout;
  /** The draft differs from what shoppers see. */
  unpublished: boolean;
  publishedAt: Date | null;
  /** The nickname of who published last, when someone did. */
  publishedBy: string | null;
  updatedAt: Date | null;
}

/** The shop's indexBanner rows shown now, as a draft's banners (what the home shows today). */
async function currentBanners(db: DbOrTx, shopId: string, now: Date): Promise<DecorationBanner[]> {
  const rows = await listBanners(db, shopId, LOCATION, now);
  return rows.flatMap((row) => {
    const banner = bannerFromRow({
      title: row.title,
      imageUrl: row.imageUrl,
      link: row.link
        ? {
            route: row.link.route,
            ...(Object.keys(row.link.params).length ? { params: row.link.params } : {}),
          }
        : null,
    });
    return banner ? [banner] : [];
  });
}

async function decorationRow(db: DbOrTx, shopId: string) {
  const [row] = await db
    .select({
      draft: shopDecorations.draft,
      published: shopDecorations.published,
      publishedAt: shopDecorations.publishedAt,
      publishedBy: users.nickname,
      updatedAt: shopDecorations.updatedAt,
    })
    .from(shopDecorations)
    .leftJoin(users, eq(users.id, shopDecorations.publishedBy))
    .where(eq(shopDecorations.shopId, shopId));
  return row ?? null;
}

/** A stored document as a layout; null when it no longer keeps the rules (e.g. a route was removed). */
function stored(value: unknown): HomeLayout | null {
  if (value == null) return null;
  const parsed = parseLayout(value);
  return parsed.ok ? parsed.value : null;
}

/** The manager's draft (the current home until one is saved) and when it was last published. */
export async function readDecoration(
  db: DbOrTx,
  shopId: string,
  now = new Date(),
): Promise<DecorationState> {
  const row = await decorationRow(db, shopId);
  const published = stored(row?.published);
  const shown = published ?? defaultLayout(await currentBanners(db, shopId, now));
  const draft = stored(row?.draft) ?? shown;
  return {
    draft,
    unpublished: !sameLayout(draft, shown),
    publishedAt: row?.publishedAt ?? null,
    publishedBy: row?.publishedAt ? row.publishedBy || '管理员' : null,
    updatedAt: row?.updatedAt ?? null,
  };
}

/** Refuses a layout whose pictures are not public media of the shop's database. */
async function requirePictures(db: DbOrTx, layout: HomeLayout): Promise<void> {
  const ids = [...new Set(layout.banners.map((b) => mediaId(b.imageUrl)!))];
  if (ids.length === 0) return;
  const found = await db
    .select({ id: media.id })
    .from(media)
    .where(and(inArray(media.id, ids), eq(media.isPublic, true)));
  if (found.length !== ids.length) throw appError(DecorationErrors.DECORATION_IMAGE_MISSING);
}

function validLayout(input: unknown): HomeLayout {
  const parsed = parseLayout(input);
  if (!parsed.ok) {
    throw appError({ code: DecorationErrors.DECORATION_INVALID.code, message: parsed.message });
  }
  return normalLayout(parsed.value);
}

/**
 * Saves the manager's draft; shoppers see nothing of it until it is published. After the shop's
 * first save (the row's insert) only the draft column changes, so cached pages stay: the content
 * version follows `published`.
 */
export async function saveDraft(
  db: DbOrTx,
  shopId: string,
  input: unknown,
  now = new Date(),
): Promise<DecorationState> {
  const layout = validLayout(input);
  await requirePictures(db, layout);
  const update = () =>
    db
      .update(shopDecorations)
      .set({ draft: layout, updatedAt: now })
      .where(eq(shopDecorations.shopId, shopId))
      .returning({ shopId: shopDecorations.shopId });
  // The first draft inserts the row; a concurrent first draft turns the insert into an update.
  if ((await update()).length === 0) {
    const inserted = await db
      .insert(shopDecorations)
      .values({ shopId, draft: layout, updatedAt: now })
      .onConflictDoNothing()
      .returning({ shopId: shopDecorations.shopId });
    if (inserted.length === 0) await update();
  }
  return readDecoration(db, shopId, now);
}

/**
 * Publishes the draft: in one transaction the published layout becomes the draft (one update)
 * and the shop's indexBanner rows are replaced by the draft's banners. A shop with no draft yet
 * publishes the home as it is.
 */
export async function publishDecoration(
  db: DbOrTx,
  shopId: string,
  userId: number,
  now = new Date(),
): Promise<DecorationState> {
  await db.transaction(async (tx) => {
    const initial = defaultLayout(await currentBanners(tx, shopId, now));
    await tx
      .insert(shopDecorations)
      .values({ shopId, draft: initial, updatedAt: now })
      .onConflictDoNothing();
    const [row] = await tx
      .update(shopDecorations)
      .set({ published: sql`${shopDecorations.draft}`, publishedAt: now, publishedBy: userId })
      .where(eq(shopDecorations.shopId, shopId))
      .returning({ draft: shopDecorations.draft });
    // Checked again: the rules (the route table) may have changed since the draft was saved.
    const layout = validLayout(row!.draft);
    await requirePictures(tx, layout);
    await tx.delete(banners).where(and(eq(banners.shopId, shopId), eq(banners.location, LOCATION)));
    if (layout.banners.length > 0) {
      await tx.insert(banners).values(
        layout.banners.map((banner, sort) => ({
          shopId,
          location: LOCATION,
          title: banner.title,
          imageUrl: banner.imageUrl,
          link: banner.link && {
            route: banner.link.route,
            ...(banner.link.params ? { params: banner.link.params } : {}),
          },
          sort,
        })),
      );
    }
  });
  return readDecoration(db, shopId, now);
}

/**
 * What the home renders: the visible modules in order, and the banners when they are not the
 * shop's indexBanner rows (a preview shows the draft's own). A manager's preview reads the draft.
 */
export async function homeDecoration(
  db: DbOrTx,
  shopId: string,
  options: { preview?: boolean } = {},
): Promise<{ modules: ModuleKind[]; banners: DecorationBanner[] | null }> {
  const [row] = await db
    .select({
      layout: options.preview ? shopDecorations.draft : shopDecorations.published,
    })
    .from(shopDecorations)
    .where(eq(shopDecorations.shopId, shopId));
  const layout = stored(row?.layout);
  if (!layout) return { modules: [...MODULE_KINDS], banners: null };
  return { modules: visibleModules(layout), banners: options.preview ? layout.banners : null };
}

export interface ShopDecorations {
  modules: { kind: ModuleKind; name: string; visible: boolean }[];
  banners: DecorationBanner[];
  /** Null while nothing was published: the layout is the home as it has always been. */
  publishedAt: Date | null;
}

/** getShopDecorations: the published layout of an open shop (the default one until published). */
export async function getShopDecorations(
  db: DbOrTx,
  shopId: string,
  now = new Date(),
): Promise<ShopDecorations> {
  const [shop] = await db.select({ status: shops.status }).from(shops).where(eq(shops.id, shopId));
  if (!shop || shop.status !== ShopStatus.Open) throw appError(Errors.SHOP_NOT_FOUND);
  const row = await decorationRow(db, shopId);
  const published = stored(row?.published);
  const layout = published ?? defaultLayout(await currentBanners(db, shopId, now));
  return {
    modules: layout.modules.map(({ kind, visible }) => ({
      kind,
      name: MODULE_NAMES[kind],
      visible,
    })),
    banners: layout.banners,
    publishedAt: published ? (row?.publishedAt ?? null) : null,
  };
}

export interface BannerLinkChoice {
  label: string;
  link: BannerLink;
}

/** The targets the editor offers a banner: the shop's pages, then its running sales. */
export async function bannerLinkChoices(
  db: DbOrTx,
  shopId: string,
  now = new Date(),
): Promise<BannerLinkChoice[]> {
  const sales = await listOngoingSales(db, shopId, now);
  return [
    ...BANNER_LINK_ROUTES.map((route) => ({
      label: routeByName(route)!.title,
      link: { route },
    })),
    ...sales.map((sale) => ({
      label: `特卖：${sale.title}`,
      link: { route: 'brand', params: { activityNo: sale.activityNo } },
    })),
  ];
}

/**
 * A banner picture: checked (JPEG, PNG or WebP, within the size and pixel limits), cut to the
 * banner's proportions, re-encoded as JPEG (which drops a photo's metadata) and stored as public
 * media, answered as its /media URL.
 */
export async function storeBannerPicture(
  db: DbOrTx,
  userId: number,
  upload: Uint8Array,
  now = new Date(),
): Promise<{ imageUrl: string }> {
  const stored = await storePicture(
    db,
    userId,
    upload,
    {
      formats: BANNER_FORMATS,
      isPublic: true,
      dailyLimit: DAILY_BANNER_UPLOADS,
      notPicture: DecorationErrors.DECORATION_IMAGE_TYPE,
      overLimit: DecorationErrors.DECORATION_UPLOAD_LIMIT,
    },
    (picture) => ({
      pipeline: picture
        .resize({ width: BANNER_WIDTH, height: BANNER_HEIGHT, fit: 'cover', position: 'attention' })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 82, mozjpeg: true }),
      contentType: 'image/jpeg',
    }),
    now,
  );
  return { imageUrl: `/media/${stored.id}` };
}

/** The banners of a layout in the order `asc(sort)` gives them back, for tests and checks. */
export async function indexBannerRows(db: DbOrTx, shopId: string) {
  return db
    .select({ title: banners.title, imageUrl: banners.imageUrl, link: banners.link })
    .from(banners)
    .where(and(eq(banners.shopId, shopId), eq(banners.location, LOCATION)))
    .orderBy(asc(banners.sort), asc(banners.id));
}
