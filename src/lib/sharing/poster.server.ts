/**
 * Posters (issue #14 item 3): a 600×960 PNG per product, sale, shop, live room and coupon, drawn
 * on the server: the picture, the name, the price (from the pricing module), the shop, the sharer
 * and a QR code of the sharing link (naming the sharer). Laid out as SVG over the picture and
 * rendered with sharp, as the og card is (catalog/preview.server.ts); the QR code is the qrcode
 * package's PNG. Kept in memory per content version, content and sharer.
 */
import QRCode from 'qrcode';
import sharp, { type OverlayOptions } from 'sharp';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { ByteLru, memoize } from '#lib/platform/lru.ts';
import { formatYuan } from '#lib/platform/money.ts';
import { mediaId } from '#lib/media/index.ts';
import { SHARP_INPUT } from '#lib/media/index.server.ts';
import { getPublicMedia, pictureInput, svgInput } from '#lib/media/index.server.ts';
import { readContentVersion } from '#lib/platform/content-cache.server.ts';
import { getShopDetail } from '#lib/shop/index.server.ts';
import { DEFAULT_THEME, skinVariables } from '#lib/shop/index.ts';
import { getBrandSale, getProductDetail } from '#lib/catalog/index.server.ts';
import { wrapText } from '#lib/catalog/index.server.ts';
import { AppError } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';
import { posterTopBrands, sharedContent } from './share.server.ts';
import { activeKeeper } from '#lib/attribution/index.server.ts';
import { ShareChannel, ShareType, shareLink, type PosterKind } from './rules.ts';

export const POSTER_WIDTH = 600;
export const POSTER_HEIGHT = 960;
const PICTURE = 600;
const QR_SIZE = 180;
const PAD = 32;
const BACKDROP = '#f6f4f1';

export interface PosterCard {
  title: string;
  /** The big line in the shop's colour: ¥199.00, 低至¥59.00; '' for none. */
  priceLine: string;
  /** A grey line under it: the market price (struck), a coupon's condition, a live room's state. */
  subLine: string;
  struck: boolean;
  shopName: string;
  sharerName: string | null;
  /** The shop's skin colour (its price colour, readable on white): the price and the plain block. */
  accent: string;
  /** Stored media, or null: the poster's picture area is drawn plain (a coupon shows its title). */
  pictureId: number | null;
  /** What the QR code says: the share link naming the sharer. */
  link: string;
}

const SHARE_TYPE: Record<PosterKind, ShareType> = {
  product: ShareType.Product,
  sale: ShareType.Activity,
  shop: ShareType.Shop,
  live: ShareType.Living,
  coupon: ShareType.Coupon,
};

/**
 * What the poster of a content shows; null when there is no such content. `distributorId` comes
 * from the poster's address and counts only while it is an active shop keeper of the shop.
 */
export async function posterCard(
  db: DbOrTx,
  input: {
    kind: PosterKind;
    id: string;
    shopId: string;
    distributorId: number | null;
    origin: string;
    now?: Date;
  },
): Promise<PosterCard | null> {
  const now = input.now ?? new Date();
  const { shopId } = input;
  let content;
  try {
    content = await sharedContent(db, {
      shopId,
      type: SHARE_TYPE[input.kind],
      contentId: input.id,
      now,
    });
  } catch (error) {
    const gone =
      error instanceof AppError &&
      (error.code === Errors.SHARE_CONTENT_NOT_FOUND.code ||
        error.code === Errors.SHOP_NOT_FOUND.code);
    if (gone) return null;
    throw error;
  }
  const [shop, keeper] = await Promise.all([
    getShopDetail(db, shopId),
    activeKeeper(db, shopId, input.distributorId),
  ]);
  const card: PosterCard = {
    title: content.title,
    priceLine: '',
    subLine: content.desc,
    struck: false,
    shopName: shop.shopName,
    sharerName: keeper?.nickname ?? null,
    accent: skinVariables(shop.skin?.theme ?? DEFAULT_THEME)['--price']!,
    pictureId: mediaId(content.picture),
    link: shareLink({
      origin: input.origin,
      shopId,
      target: content.target,
      distributorId: keeper?.id ?? null,
      shareChannel: ShareChannel.poster,
    }),
  };
  if (input.kind === 'product') {
    const product = await getProductDetail(db, shopId, input.id, now);
    if (!product) return null;
    card.priceLine = `¥${formatYuan(product.priceCents)}`;
    const market = product.marketPriceCents > product.priceCents;
    card.subLine = market ? `¥${formatYuan(product.marketPriceCents)}` : '';
    card.struck = market;
  } else if (input.kind === 'sale') {
    const sale = await getBrandSale(db, shopId, input.id, { now });
    const lowest = Math.min(...(sale?.products ?? []).map((p) => p.priceCents));
    card.priceLine = Number.isFinite(lowest) ? `低至¥${formatYuan(lowest)}` : '';
    card.subLine = sale ? `${sale.brand.name}品牌特卖` : '';
  } else if (input.kind === 'shop') {
    const brands = await posterTopBrands(db, { shopId, now });
    card.subLine = brands.length
      ? `${brands
          .slice(0, 3)
          .map((b) => b.brandName)
          .join('、')}等品牌特卖中`
      : content.desc;
  } else if (input.kind === 'coupon') {
    card.pictureId = null;
  }
  return card;
}

/** Posters are about 150 KB; 48 MB keeps a few hundred. */
const rendered = memoize(
  new ByteLru<Uint8Array<ArrayBuffer>>(48 * 1024 * 1024),
  (png) => png.byteLength,
);

/**
 * The poster PNG, kept per content version, kind, content, shop and sharer (the version rises
 * with every change of what it shows); null when there is no such content.
 */
export async function renderPoster(
  db: DbOrTx,
  input: {
    kind: PosterKind;
    id: string;
    shopId: string;
    distributorId: number | null;
    origin: string;
  },
): Promise<Uint8Array<ArrayBuffer> | null> {
  const version = await readContentVersion(db);
  const key = JSON.stringify([
    version,
    input.origin,
    input.kind,
    input.shopId,
    input.id,
    input.distributorId,
  ]);
  return rendered(key, async () => {
    const card = await posterCard(db, input);
    return card && drawPoster(db, card);
  });
}

async function drawPoster(db: DbOrTx, card: PosterCard): Promise<Uint8Array<ArrayBuffer>> {
  const layers: OverlayOptions[] = [
    {
      input: {
        create: {
          width: PICTURE,
          height: PICTURE,
          channels: 3,
          background: card.pictureId === null ? card.accent : BACKDROP,
        },
      },
      left: 0,
      top: 0,
    },
  ];
  const picture = card.pictureId === null ? null : await getPublicMedia(db, card.pictureId);
  if (picture) {
    try {
      const input = await sharp(pictureInput(picture), SHARP_INPUT)
        .resize(PICTURE, PICTURE, { fit: 'contain', background: BACKDROP })
        .png()
        .toBuffer();
      layers.push({ input, left: 0, top: 0 });
    } catch (error) {
      // A picture that does not decode leaves the poster with its texts and QR code.
      console.error(`[poster] cannot draw media ${card.pictureId}`, error);
    }
  }
  const qr = await QRCode.toBuffer(card.link, {
    type: 'png',
    width: QR_SIZE,
    margin: 1,
    errorCorrectionLevel: 'M',
  });
  layers.push({ input: svgInput(posterSvg(card)), left: 0, top: 0 });
  layers.push({ input: qr, left: POSTER_WIDTH - PAD - QR_SIZE, top: PICTURE + 28 });
  const png = await sharp({
    create: { width: POSTER_WIDTH, height: POSTER_HEIGHT, channels: 3, background: '#ffffff' },
  })
    .composite(layers)
    .png({ compressionLevel: 9 })
    .toBuffer();
  return new Uint8Array(png);
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The text layer: the title (two lines), price, sub line, shop, sharer, the QR code's caption. */
export function posterSvg(card: PosterCard): string {
  const x = PAD;
  const columnWidth = POSTER_WIDTH - PAD * 3 - QR_SIZE;
  const line = (y: number, size: number, fill: string, text: string, extra = '') =>
    `<text x="${x}" y="${y}" font-size="${size}" fill="${fill}"${extra}>${escapeXml(text)}</text>`;
  const parts: string[] = [];
  if (card.pictureId === null) {
    // No picture (a coupon): its title big on the block of the shop's colour.
    const big = wrapText(card.title, (PICTURE - PAD * 2) / 48, 3);
    big.forEach((text, i) =>
      parts.push(
        `<text x="${PICTURE / 2}" y="${280 + i * 64}" font-size="48" font-weight="700" fill="#ffffff" text-anchor="middle">${escapeXml(text)}</text>`,
      ),
    );
  }
  wrapText(card.title, columnWidth / 30, 2).forEach((text, i) =>
    parts.push(line(PICTURE + 60 + i * 42, 30, '#222222', text, ' font-weight="700"')),
  );
  let y = PICTURE + 170;
  if (card.priceLine) {
    parts.push(line(y, 44, card.accent, card.priceLine, ' font-weight="700"'));
    y += 40;
  }
  if (card.subLine) {
    const sub = wrapText(card.subLine, columnWidth / 22, 1)[0] ?? '';
    parts.push(line(y, 22, '#999999', sub, card.struck ? ' text-decoration="line-through"' : ''));
  }
  parts.push(line(POSTER_HEIGHT - 70, 24, '#333333', card.shopName));
  if (card.sharerName) {
    parts.push(line(POSTER_HEIGHT - 34, 22, '#707070', `${card.sharerName} 推荐给你`));
  }
  parts.push(
    `<text x="${POSTER_WIDTH - PAD - QR_SIZE / 2}" y="${PICTURE + 28 + QR_SIZE + 30}" font-size="18" fill="#999999" text-anchor="middle">长按识别二维码</text>`,
  );
  const font = `'Noto Sans CJK SC','PingFang SC','Microsoft YaHei',sans-serif`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${POSTER_WIDTH}" height="${POSTER_HEIGHT}" font-family="${font}"><rect y="${PICTURE}" width="${POSTER_WIDTH}" height="2" fill="#f0f0f0"/>${parts.join('')}</svg>`;
}
