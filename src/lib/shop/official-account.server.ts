/**
 * The shop's official account (公众号) follow QR code: shown after payment so the shopper can
 * follow the account and receive the order's shipping notices there. Drawn on the server as
 * SVG; null when the shop has no official account.
 */
import { eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { shops } from '#lib/platform/db/schema.ts';

export interface OfficialAccountQr {
  followUrl: string;
  qrSvg: string;
}

export async function officialAccountQr(
  db: DbOrTx,
  shopId: string,
): Promise<OfficialAccountQr | null> {
  const [shop] = await db
    .select({ url: shops.officialAccountUrl })
    .from(shops)
    .where(eq(shops.id, shopId));
  if (!shop?.url) return null;
  return {
    followUrl: shop.url,
    qrSvg: await QRCode.toString(shop.url, { type: 'svg', margin: 1 }),
  };
}
