/**
 * The product's link-preview picture (og:image, issue 4 item 8): 1200×630 PNG with the first main
 * picture on the left and the name and price on the right, drawn by the server so every chat and
 * search engine shows the same card as the page.
 */
import { and, asc, eq } from 'drizzle-orm';
import sharp, { type OverlayOptions } from 'sharp';
import { mediaId } from '#lib/media/index.ts';
import { formatYuan } from '#lib/platform/money.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { activities, productImages, products } from '#lib/platform/db/schema.ts';
import { productSaleShown } from './filters.server.ts';
import { ByteLru, memoize } from '#lib/platform/lru.ts';
import { SHARP_INPUT } from '#lib/media/index.server.ts';
import { getPublicMedia, pictureInput, svgInput } from '#lib/media/index.server.ts';
import { productPriceCents } from './pricing.server.ts';
import { ProductStatus } from './status.ts';

export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;
const PICTURE = PREVIEW_HEIGHT;
const BACKDROP = '#f6f4f1';

export interface PreviewCard {
  name: string;
  priceCents: number;
  marketPriceCents: number;
  /** The first main picture as stored media, or null to draw the card without it. */
  pictureId: number | null;
}

/**
 * A card keeps the same bytes while its name, price and picture stay, so it is rendered once per
 * process; a new price makes a new key. About 60 KB a card.
 */
const rendered = memoize(
  new ByteLru<Uint8Array<ArrayBuffer>>(32 * 1024 * 1024),
  (png) => png.byteLength,
);

/**
 * What the card shows: the product on the shelf with its selling price; null when unknown or in a
 * hidden or withdrawn sale.
 */
export async function productPreviewCard(
  db: DbOrTx,
  productNo: string,
): Promise<PreviewCard | null> {
  const [[product], price] = await Promise.all([
    db
      .select({ name: products.name, url: productImages.url })
      .from(products)
      .leftJoin(
        productImages,
        and(eq(productImages.productId, products.id), eq(productImages.kind, 'main')),
      )
      .leftJoin(activities, eq(activities.id, products.activityId))
      .where(
        and(
          eq(products.productNo, productNo),
          eq(products.status, ProductStatus.Published),
          productSaleShown,
        ),
      )
      .orderBy(asc(productImages.sort))
      .limit(1),
    productPriceCents(db, productNo),
  ]);
  if (!product || !price) return null;
  return {
    name: product.name,
    priceCents: price.priceCents,
    marketPriceCents: price.marketPriceCents,
    pictureId: mediaId(product.url),
  };
}

/** The preview PNG of a product on the shelf; null when there is no such product. */
export async function renderProductPreview(
  db: DbOrTx,
  productNo: string,
): Promise<Uint8Array<ArrayBuffer> | null> {
  const card = await productPreviewCard(db, productNo);
  return card && rendered(JSON.stringify(card), () => drawCard(db, card));
}

async function drawCard(db: DbOrTx, card: PreviewCard): Promise<Uint8Array<ArrayBuffer>> {
  // The backdrop shows where a picture is missing or letterboxed.
  const layers: OverlayOptions[] = [
    {
      input: { create: { width: PICTURE, height: PICTURE, channels: 3, background: BACKDROP } },
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
      // A picture that does not decode leaves the card with its name and price.
      console.error(`[preview] cannot draw media ${card.pictureId}`, error);
    }
  }
  layers.push({ input: svgInput(previewSvg(card)), left: 0, top: 0 });
  const png = await sharp({
    create: { width: PREVIEW_WIDTH, height: PREVIEW_HEIGHT, channels: 3, background: '#ffffff' },
  })
    .composite(layers)
    .png({ compressionLevel: 9 })
    .toBuffer();
  return new Uint8Array(png);
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Rough advance of a character in ems: CJK and full-width forms are square, Latin about half. */
function advance(char: string): number {
  return /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/.test(
    char,
  )
    ? 1
    : 0.56;
}

/** Greedy line breaking at any character (Chinese needs no spaces), `width` ems a line. */
function breakLines(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  let used = 0;
  for (const char of text.trim()) {
    if (used + advance(char) > width && line !== '') {
      lines.push(line.trimEnd());
      [line, used] = ['', 0];
      if (char === ' ') continue;
    }
    line += char;
    used += advance(char);
  }
  return line === '' ? lines : [...lines, line];
}

/**
 * At most `maxLines` lines of at most `width` ems. Text that fits is balanced (no lone last
 * character); text that does not is cut with an ellipsis.
 */
export function wrapText(text: string, width: number, maxLines: number): string[] {
  const lines = breakLines(text, width);
  if (lines.length > maxLines) {
    const last = [...lines[maxLines - 1]!];
    while (last.length > 0 && last.reduce((sum, c) => sum + advance(c), 0) + 1 > width) last.pop();
    return [...lines.slice(0, maxLines - 1), `${last.join('').trimEnd()}…`];
  }
  let narrowest = width;
  while (narrowest > 1 && breakLines(text, narrowest - 0.5).length === lines.length)
    narrowest -= 0.5;
  return breakLines(text, narrowest);
}

/** The text layer: name (up to three lines), price, and the struck-through market price. */
export function previewSvg(card: PreviewCard): string {
  const x = PICTURE + 56;
  const textWidth = PREVIEW_WIDTH - x - 56;
  const nameSize = 48;
  const nameLines = wrapText(card.name, textWidth / nameSize, 3);
  const name = nameLines
    .map(
      (line, i) =>
        `<text x="${x}" y="${150 + i * 66}" font-size="${nameSize}" font-weight="700" fill="#222222">${escapeXml(line)}</text>`,
    )
    .join('');
  const price = `<text x="${x}" y="470" font-size="88" font-weight="700" fill="#e4393c">¥${formatYuan(card.priceCents)}</text>`;
  let market = '';
  if (card.marketPriceCents > card.priceCents) {
    market = `<text x="${x}" y="540" font-size="36" fill="#999999" text-decoration="line-through">¥${formatYuan(card.marketPriceCents)}</text>`;
  }
  // Outlined from Noto Sans CJK before it is drawn (media's svgInput): no font lookup.
  const font = `'Noto Sans CJK SC','PingFang SC','Microsoft YaHei',sans-serif`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PREVIEW_WIDTH}" height="${PREVIEW_HEIGHT}" font-family="${font}"><rect x="${PICTURE}" width="8" height="${PREVIEW_HEIGHT}" fill="#e4393c"/>${name}${price}${market}</svg>`;
}
