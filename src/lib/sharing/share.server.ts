/**
 * Share info (commerce §3) of every content type (shell §3), the shop's QR code, share codes, the
 * shop poster's brands, share confirmations and the forwarding texts of editForward.
 *
 * What is shared is read from the catalogue, the venues, the live rooms and the coupons; prices come
 * from the pricing module (getProductDetail, the product cards), never computed here. The links
 * name the caller as sharer only when they are an active shop keeper of the shop (rules.ts).
 */
import { createHash } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import {
  forwardTexts,
  liveRooms,
  shareEvents,
  shareLinks,
  venues,
} from '#lib/platform/db/schema.ts';
import { AppError, appError } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';
import { formatYuan } from '#lib/platform/money.ts';
import { imageUrl } from '#lib/media/index.ts';
import { isRouteName, routeByName } from '#lib/platform/routes.ts';
import { readContentVersion } from '#lib/platform/content-cache.server.ts';
import { getShopDetail } from '#lib/shop/index.server.ts';
import { truncate } from '#lib/platform/text.ts';
import { getBrandSale, getProductDetail } from '#lib/catalog/index.server.ts';
import { isVenueKind, listTopBrands } from '#lib/catalog/index.server.ts';
import { couponShareInfo } from '#lib/coupons/index.server.ts';
import { activeKeeper } from '#lib/attribution/index.server.ts';
import { LiveStatus } from '#lib/live/index.ts';
import { liveRoute } from '#lib/live/index.ts';
import type { Membership } from '#lib/membership/index.ts';
import {
  FORWARD_TYPES,
  ShareChannel,
  ShareType,
  checkForwardText,
  forwardTypeOf,
  isLiveRoomType,
  isShareType,
  posterKindOf,
  posterPath,
  shareChannelCode,
  shareLink,
  sharerId,
  type ChannelType,
  type ShareTarget,
} from './rules.ts';
import type {
  ForwardTextView,
  PosterBrand,
  ResolvedShareCode,
  ShareInfo,
  ShopQrCode,
} from './contracts.ts';

/** Who asks: the session's user and their membership of the shop, or nobody. */
export interface Viewer {
  userId: number;
  member: Membership | null;
}

export interface ShareRequest {
  shopId: string;
  origin: string;
  viewer: Viewer | null;
  now?: Date;
}

/** What one piece of content shares, before the sharer's links and text are added. */
export interface SharedContent {
  type: ShareType;
  title: string;
  desc: string;
  /** A picture as stored (/media/{id}) or an absolute URL; '' for none. */
  picture: string;
  target: ShareTarget;
  productNo: string;
  /** The poster's content id, or null when the content has none. */
  posterId: string | null;
}

function notFound(): never {
  throw appError(Errors.SHARE_CONTENT_NOT_FOUND);
}

const CONTENT_NO = /^[A-Za-z0-9-]{1,40}$/;

const LIVE_TEXT: Record<number, string> = {
  [LiveStatus.Living]: '正在直播，快来看看',
  [LiveStatus.Preheat]: '直播预告，开播提醒你',
  [LiveStatus.Ended]: '精彩回放，不容错过',
};

/**
 * The content of a type and id in the shop, as shared; 分享内容不存在 (40419) when there is none.
 * `activityNo` is a product share's sale: 0 for any, else it must be the product's.
 */
export async function sharedContent(
  db: DbOrTx,
  input: {
    shopId: string;
    type: ShareType;
    contentId: string;
    activityNo?: string | undefined;
    now?: Date;
  },
): Promise<SharedContent> {
  const { shopId, type, contentId } = input;
  const now = input.now ?? new Date();
  const shop = await getShopDetail(db, shopId);
  const base = { type, productNo: '', posterId: null as string | null };
  if (type === ShareType.Shop) {
    return {
      ...base,
      title: shop.shopName,
      // The owner's introduction (store-setting) when there is one.
      desc: shop.intro ? truncate(shop.intro, 60) : `${shop.shopName}：品牌特卖每天上新，快来逛逛`,
      picture: shop.shopLogoUrl,
      target: { route: 'index' },
      posterId: shopId,
    };
  }
  if (type === ShareType.Material) notFound();
  if (type === ShareType.LiveChannel) {
    return {
      ...base,
      title: `${shop.shopName}直播间`,
      desc: '品牌好物直播中，边看边买',
      picture: shop.shopLogoUrl,
      target: { route: 'live-channel' },
    };
  }
  if (type === ShareType.Coupon) {
    if (!/^[1-9]\d{0,15}$/.test(contentId)) notFound();
    try {
      const card = await couponShareInfo(db, {
        shopId,
        couponId: Number(contentId),
        distributorId: null,
        origin: '',
        now,
      });
      return {
        ...base,
        title: card.title,
        desc: card.desc,
        picture: shop.shopLogoUrl,
        target: { route: 'receive-coupon', query: { couponId: card.couponId } },
        posterId: String(card.couponId),
      };
    } catch (error) {
      if (error instanceof AppError && error.code === Errors.COUPON_NOT_FOUND.code) notFound();
      throw error;
    }
  }
  if (!CONTENT_NO.test(contentId)) notFound();
  if (type === ShareType.Product) {
    const product = await getProductDetail(db, shopId, contentId, now);
    if (!product) notFound();
    const saleNo = input.activityNo;
    if (saleNo && saleNo !== '0' && product.sale?.activityNo !== saleNo) notFound();
    return {
      ...base,
      title: product.name,
      desc: `¥${formatYuan(product.priceCents)} ${product.subtitle}`.trim(),
      picture: product.images[0] ?? '',
      target: { route: 'productDetail', query: { productNo: product.productNo } },
      productNo: product.productNo,
      posterId: product.productNo,
    };
  }
  if (type === ShareType.Activity) {
    const sale = await getBrandSale(db, shopId, contentId, { now });
    if (!sale) notFound();
    const lowest = Math.min(...sale.products.map((p) => p.priceCents));
    return {
      ...base,
      title: sale.title,
      desc: Number.isFinite(lowest)
        ? `${sale.brand.name}品牌特卖，低至¥${formatYuan(lowest)}`
        : `${sale.brand.name}品牌特卖`,
      picture: sale.bannerUrl ?? sale.brand.logoUrl ?? '',
      target: { route: 'brand', query: { activityNo: sale.activityNo } },
      posterId: sale.activityNo,
    };
  }
  if (type === ShareType.Market || type === ShareType.SuperMarket) {
    const [venue] = await db
      .select()
      .from(venues)
      .where(and(eq(venues.shopId, shopId), eq(venues.venueNo, contentId)))
      .limit(1);
    if (!venue) notFound();
    const route = isVenueKind(venue.kind) && isRouteName(venue.kind) ? venue.kind : 'businessVenue';
    return {
      ...base,
      title: venue.name,
      desc: `${shop.shopName}${venue.name}，精选好物限时特卖`,
      picture: venue.bannerUrl ?? shop.shopLogoUrl,
      target: { route, query: { venueNo: venue.venueNo } },
    };
  }
  if (isLiveRoomType(type)) {
    const [room] = await db
      .select()
      .from(liveRooms)
      .where(and(eq(liveRooms.shopId, shopId), eq(liveRooms.liveNo, contentId)))
      .limit(1);
    if (!room) notFound();
    return {
      ...base,
      title: room.title,
      desc: LIVE_TEXT[room.liveStatus] ?? '',
      picture: room.coverUrl ?? shop.shopLogoUrl,
      target: { route: liveRoute(room), query: { liveNo: room.liveNo } },
      posterId: room.liveNo,
    };
  }
  notFound();
}

/** A picture as an absolute URL the messaging app can fetch (stored media at 400 px). */
function absolutePicture(origin: string, picture: string): string {
  if (picture === '') return '';
  return picture.startsWith('/') ? `${origin}${imageUrl(picture, 400)}` : picture;
}

/** The QR code of a link as an SVG data URL. */
export async function qrDataUrl(link: string): Promise<string> {
  const svg = await QRCode.toString(link, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** The keeper's own forwarding text for a content type, or null. */
async function forwardTextOf(
  db: DbOrTx,
  shopId: string,
  userId: number,
  type: ShareType,
): Promise<string | null> {
  const forwardType = forwardTypeOf(type);
  if (forwardType === null) return null;
  const [row] = await db
    .select({ text: forwardTexts.text })
    .from(forwardTexts)
    .where(
      and(
        eq(forwardTexts.shopId, shopId),
        eq(forwardTexts.userId, userId),
        eq(forwardTexts.contentType, forwardType),
      ),
    )
    .limit(1);
  return row?.text ?? null;
}

/**
 * The share code of a content as one sharer shares it (GET /api/member/normal/share resolves it):
 * made on the first share and the same one ever after, for short carriers such as a mini-program
 * code's 32-character scene. The code is a digest of what it names, so reusing it is one insert
 * that does nothing when the row is there, and two shares at once make one row.
 */
export async function shareCodeOf(
  db: DbOrTx,
  input: { shopId: string; distributorId: number | null; contentType: number; target: ShareTarget },
): Promise<string> {
  // The query in a fixed order, so the same target always gives the same code.
  const params: Record<string, string> = {};
  const query = Object.entries(input.target.query ?? {}).sort(([a], [b]) => a.localeCompare(b));
  for (const [key, value] of query) if (value !== undefined) params[key] = String(value);
  const target = {
    route: input.target.route,
    ...(Object.keys(params).length > 0 ? { params } : {}),
  };
  const code = createHash('sha256')
    .update(JSON.stringify([input.shopId, input.distributorId, input.contentType, target]))
    .digest('base64url')
    .slice(0, 16);
  await db
    .insert(shareLinks)
    .values({
      code,
      shopId: input.shopId,
      distributorId: input.distributorId,
      contentType: input.contentType,
      target,
    })
    .onConflictDoNothing({ target: shareLinks.code });
  return code;
}

/** The share info of a content: its card, links, QR code and poster, naming the sharer if any. */
export async function shareInfo(
  db: DbOrTx,
  request: ShareRequest,
  content: { type: number; contentId: string; activityNo?: string | undefined },
): Promise<ShareInfo> {
  if (!isShareType(content.type)) throw appError(Errors.SHARE_TYPE_INVALID);
  const shared = await sharedContent(db, {
    shopId: request.shopId,
    type: content.type,
    contentId: content.contentId,
    activityNo: content.activityNo,
    ...(request.now ? { now: request.now } : {}),
  });
  return present(db, request, shared);
}

async function present(
  db: DbOrTx,
  request: ShareRequest,
  shared: SharedContent,
): Promise<ShareInfo> {
  const { shopId, origin } = request;
  const distributorId = sharerId(request.viewer);
  const [shop, ownText, contentVersion, shareCode] = await Promise.all([
    getShopDetail(db, shopId),
    distributorId === null ? null : forwardTextOf(db, shopId, distributorId, shared.type),
    readContentVersion(db),
    shareCodeOf(db, { shopId, distributorId, contentType: shared.type, target: shared.target }),
  ]);
  const linkOf = (shareChannel: number) =>
    shareLink({ origin, shopId, target: shared.target, distributorId, shareChannel });
  const card = linkOf(ShareChannel.card);
  const posterLink = linkOf(ShareChannel.poster);
  const desc = ownText ?? shared.desc;
  const imgUrl = absolutePicture(origin, shared.picture);
  const kind = posterKindOf(shared.type);
  const posterUrl =
    kind && shared.posterId
      ? `${origin}${posterPath({ kind, id: shared.posterId, shopId, distributorId, contentVersion })}`
      : '';
  return {
    contentType: shared.type,
    title: shared.title,
    desc,
    imgUrl,
    link: card,
    linkTitle: shared.title,
    linkDesc: desc,
    linkPic: imgUrl,
    linkUrl: card,
    qrCode: await qrDataUrl(posterLink),
    shareLink: linkOf(ShareChannel.link),
    shareCode,
    shopName: shop.shopName,
    shopLogoUrl: absolutePicture(origin, shop.shopLogoUrl),
    productNo: shared.productNo,
    posterUrl,
    sharer: distributorId !== null,
  };
}

/** The upcoming sales page (forcast) as a share: the shop's picture, the page's title. */
export async function forcastShareInfo(db: DbOrTx, request: ShareRequest): Promise<ShareInfo> {
  const shop = await getShopDetail(db, request.shopId);
  return present(db, request, {
    type: ShareType.Shop,
    title: `${shop.shopName} · ${routeByName('forcast')?.title ?? '即将开抢'}`,
    desc: '明日品牌特卖抢先看，开抢提醒不错过',
    picture: shop.shopLogoUrl,
    target: { route: 'forcast' },
    productNo: '',
    posterId: null,
  });
}

/** The shop's link (naming the caller when a shop keeper) and its QR code. */
export async function shopQrCode(db: DbOrTx, request: ShareRequest): Promise<ShopQrCode> {
  await getShopDetail(db, request.shopId);
  const link = shareLink({
    origin: request.origin,
    shopId: request.shopId,
    target: { route: 'index' },
    distributorId: sharerId(request.viewer),
    shareChannel: ShareChannel.poster,
  });
  return { link, qrCode: await qrDataUrl(link) };
}

/** A share code to its link; the stored sharer only while still an active shop keeper. */
export async function resolveShareCode(
  db: DbOrTx,
  input: { code: string; origin: string },
): Promise<ResolvedShareCode> {
  const [row] = await db.select().from(shareLinks).where(eq(shareLinks.code, input.code)).limit(1);
  if (!row || !isRouteName(row.target.route)) notFound();
  const keeper = await activeKeeper(db, row.shopId, row.distributorId);
  const link = shareLink({
    origin: input.origin,
    shopId: row.shopId,
    target: { route: row.target.route, ...(row.target.params ? { query: row.target.params } : {}) },
    distributorId: keeper?.id ?? null,
    shareChannel: ShareChannel.link,
  });
  return { shopId: row.shopId, contentType: row.contentType, link };
}

/** The shop poster's brands: the best-selling running sales' (at most 6). */
export async function posterTopBrands(
  db: DbOrTx,
  input: { shopId: string; now?: Date },
): Promise<PosterBrand[]> {
  await getShopDetail(db, input.shopId);
  const brands = await listTopBrands(db, input.shopId, {
    limit: 6,
    ...(input.now ? { now: input.now } : {}),
  });
  return brands.map((b) => ({
    brandName: b.name,
    logoUrl: b.logoUrl,
    activityNo: b.sale.activityNo,
    title: b.sale.title,
  }));
}

// ---------------------------------------------------------------------------------------------
// Share confirmations

export interface ShareConfirmation {
  requestId: string;
  entryType: number;
  ifDirectRepost: boolean;
  posterNo: number;
  repostFormType: ChannelType;
  scene: 'card' | 'link' | 'poster';
  confirmNum: number;
  extraMap: { contentType: number; contentId: string };
}

/**
 * Records one share event per requestId: the sharer is the caller when an active shop keeper of
 * the shop. A repeat (or a concurrent twin) answers recorded false and writes nothing.
 */
export async function confirmShare(
  db: DbOrTx,
  input: { shopId: string; viewer: Viewer; body: ShareConfirmation },
): Promise<{ requestId: string; recorded: boolean }> {
  const { body } = input;
  await getShopDetail(db, input.shopId);
  const inserted = await db
    .insert(shareEvents)
    .values({
      requestId: body.requestId,
      shopId: input.shopId,
      userId: input.viewer.userId,
      distributorId: sharerId(input.viewer),
      contentType: body.extraMap.contentType,
      contentId: body.extraMap.contentId,
      shareChannel: shareChannelCode(body.repostFormType, body.posterNo),
      body: {
        entryType: body.entryType,
        ifDirectRepost: body.ifDirectRepost,
        scene: body.scene,
        confirmNum: body.confirmNum,
      },
    })
    .onConflictDoNothing({ target: shareEvents.requestId })
    .returning({ id: shareEvents.id });
  return { requestId: body.requestId, recorded: inserted.length > 0 };
}

// ---------------------------------------------------------------------------------------------
// Forwarding texts (editForward)

/** The keeper's forwarding texts, one per editable content type ('' where they kept the default). */
export async function listForwardTexts(
  db: DbOrTx,
  input: { shopId: string; userId: number },
): Promise<ForwardTextView[]> {
  const rows = await db
    .select({ contentType: forwardTexts.contentType, text: forwardTexts.text })
    .from(forwardTexts)
    .where(and(eq(forwardTexts.shopId, input.shopId), eq(forwardTexts.userId, input.userId)))
    .orderBy(asc(forwardTexts.contentType));
  const own = new Map(rows.map((r) => [r.contentType, r.text]));
  return FORWARD_TYPES.map(({ type, label }) => ({
    contentType: type,
    label,
    text: own.get(type) ?? '',
  }));
}

/**
 * Saves a keeper's forwarding text for a content type: sanitised (emoji and odd characters out),
 * at most 100 characters; an empty text goes back to the default.
 */
export async function saveForwardText(
  db: DbOrTx,
  input: { shopId: string; userId: number; contentType: number; text: string; now?: Date },
): Promise<ForwardTextView> {
  const forwardType = isShareType(input.contentType) ? forwardTypeOf(input.contentType) : null;
  const entry = FORWARD_TYPES.find((f) => f.type === forwardType);
  if (forwardType === null || !entry || forwardType !== input.contentType) {
    throw appError(Errors.FORWARD_TYPE_INVALID);
  }
  const key = and(
    eq(forwardTexts.shopId, input.shopId),
    eq(forwardTexts.userId, input.userId),
    eq(forwardTexts.contentType, forwardType),
  );
  if (input.text.trim() === '') {
    await db.delete(forwardTexts).where(key);
    return { contentType: forwardType, label: entry.label, text: '' };
  }
  const checked = checkForwardText(input.text);
  if (!checked.ok) {
    throw appError(
      checked.reason === 'empty' ? Errors.FORWARD_TEXT_EMPTY : Errors.FORWARD_TEXT_TOO_LONG,
    );
  }
  const now = input.now ?? new Date();
  await db
    .insert(forwardTexts)
    .values({
      shopId: input.shopId,
      userId: input.userId,
      contentType: forwardType,
      text: checked.text,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [forwardTexts.shopId, forwardTexts.userId, forwardTexts.contentType],
      set: { text: checked.text, updatedAt: now },
    });
  return { contentType: forwardType, label: entry.label, text: checked.text };
}
