/**
 * What the live room pages (living, school-living, live-product-list) read: the room of the
 * shop, the SKUs its product list sells (priced by the catalogue), and where a room that is not
 * live goes instead (its page by state, room.ts liveRoute).
 */
import type { APIContext, AstroGlobal } from 'astro';
import { AppError } from '#lib/platform/errors.ts';
import { readProductDetail } from '#lib/catalog/index.server.ts';
import { imageUrl } from '#lib/media/index.ts';
import { Errors } from '#lib/errors.ts';
import type { PickerSku } from '../../cart/ui/SkuPicker.tsx';
import { readRoomView, type LiveRoomView } from '../room.server.ts';

export interface LiveBuyProduct {
  productNo: string;
  coverUrl: string | null;
  skus: PickerSku[];
}

export type LiveRoomPage =
  | { kind: 'gone' }
  | { kind: 'redirect'; location: string }
  | {
      kind: 'room';
      view: LiveRoomView;
      buy: LiveBuyProduct[];
      /** The last message id rendered: the stream resumes after it. */
      lastId: number;
    };

const LIVE_NO = /^[A-Za-z0-9_-]{1,32}$/;

export async function readLiveRoomPage(
  astro: AstroGlobal | APIContext,
  expected: LiveRoomView['route'] | 'any',
): Promise<LiveRoomPage> {
  const { database, shell, contentVersion } = astro.locals;
  const liveNo = astro.url.searchParams.get('liveNo') ?? '';
  if (!LIVE_NO.test(liveNo)) return { kind: 'gone' };
  let view: LiveRoomView;
  try {
    view = await readRoomView(database.db, {
      liveNo,
      shopId: shell.shop.shopId,
      userId: shell.user?.id || null,
    });
  } catch (error) {
    if (error instanceof AppError && error.code === Errors.LIVE_ROOM_NOT_FOUND.code) {
      return { kind: 'gone' };
    }
    throw error;
  }
  if (expected !== 'any' && view.route !== expected) {
    return { kind: 'redirect', location: shell.link({ name: view.route, query: { liveNo } }) };
  }
  const buy = await Promise.all(
    view.products.map(async (product): Promise<LiveBuyProduct> => {
      const detail = await readProductDetail(
        database.db,
        contentVersion,
        view.shopId,
        product.productNo,
      );
      return {
        productNo: product.productNo,
        coverUrl: product.imageUrl ? imageUrl(product.imageUrl, 400) : null,
        skus: (detail?.sale && detail.sale.state !== 'ongoing' ? [] : (detail?.skus ?? [])).map(
          (sku) => ({
            skuNo: sku.skuNo,
            color: sku.color,
            size: sku.size,
            priceCents: sku.priceCents,
            stock: sku.stock,
            imageUrl: sku.imageUrl ? imageUrl(sku.imageUrl, 400) : null,
          }),
        ),
      };
    }),
  );
  return {
    kind: 'room',
    view,
    buy,
    lastId: view.messages.at(-1)?.id ?? 0,
  };
}
