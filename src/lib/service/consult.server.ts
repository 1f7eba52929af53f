/** 咨询店主 (shell §7 consult shop owner): the ways a shopper reaches the shop. */
import { eq, and } from 'drizzle-orm';
import { appError } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { shops } from '#lib/platform/db/schema.ts';
import { ShopStatus } from '#lib/shop/index.ts';
import type { ConsultShopOwner } from './service-contracts.ts';
import { shopperUnread } from './conversations.server.ts';
import { unreadBadge } from './messages.ts';

export async function consultShopOwner(
  db: DbOrTx,
  shopId: string,
  userId: number,
): Promise<ConsultShopOwner> {
  const [shop] = await db
    .select({ name: shops.name, logoUrl: shops.logoUrl, qrUrl: shops.consultQrUrl })
    .from(shops)
    .where(and(eq(shops.id, shopId), eq(shops.status, ShopStatus.Open)));
  if (!shop) throw appError(Errors.SERVICE_SHOP_UNAVAILABLE);
  const unread = await shopperUnread(db, shopId, userId);
  return {
    shopId,
    shopName: shop.name,
    shopLogoUrl: shop.logoUrl ?? '',
    online: true,
    qrUrl: shop.qrUrl,
    unread,
    badge: unreadBadge(unread),
  };
}
