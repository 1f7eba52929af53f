/**
 * $cartCount: pieces in the shopper's cart in this shop. Shared by the floating cart badge, the
 * product page's cart button and the cart page; null until known. The actions call the cart's
 * contracts and keep the count the server answers.
 */
import { atom } from 'nanostores';
import type { WireDataOf } from '#lib/platform/contract.ts';
import type { CartContracts as Contracts } from './contracts.ts';
import * as CartEndpoints from './endpoints.ts';
import { MAX_SKUS_PER_CALL } from './limits.ts';
import { call } from '#lib/platform/client.ts';

export const $cartCount = atom<number | null>(null);

export function setCartCount(count: number): void {
  $cartCount.set(count);
}

/** The count the server wrote into the page (<body data-cart-count>), when it did. */
export function pageCartCount(): number | null {
  const value = document.body.dataset.cartCount;
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : null;
}

/**
 * Reads the shopper's count in the shop (without one, the client names the page's shop). Rejects
 * after the request client's §8 handling.
 */
export async function loadCartCount(shopId: string | undefined): Promise<void> {
  const { cartSkuNum } = await call(CartEndpoints.count, { query: { shopBizCode: shopId } });
  setCartCount(cartSkuNum);
}

/** Adds pieces of a SKU; the count becomes the server's. Rejects as loadCartCount does. */
export async function addToCart(shopId: string, skuNo: string, quantity: number): Promise<void> {
  const { cartSkuNum } = await call(CartEndpoints.add, {
    query: { shopBizCode: shopId },
    body: { skuNo, quantity },
  });
  setCartCount(cartSkuNum);
}

/** The cart page's read model as it comes over the wire. */
export type WireCart = WireDataOf<typeof Contracts.list>;

/** Keeps the count of a cart the server answered, and answers the cart. */
function settled(cart: WireCart): WireCart {
  setCartCount(cart.cartSkuNum);
  return cart;
}

/** The cart page's calls: each answers the server's new cart; rejects as loadCartCount does. */
export async function loadCart(shopId: string): Promise<WireCart> {
  return settled(await call(CartEndpoints.list, { query: { shopBizCode: shopId } }));
}

/** The stepper: the line holds exactly `quantity` pieces. */
export async function setLineQuantity(
  shopId: string,
  skuNo: string,
  quantity: number,
): Promise<WireCart> {
  const { cart } = await call(CartEndpoints.add, {
    query: { shopBizCode: shopId },
    body: { skuNo, quantity, set: true },
  });
  return settled(cart!);
}

export type SelectTarget = { skuNos: string[] } | { activityNo: string } | { all: true };

export async function selectLines(
  shopId: string,
  target: SelectTarget,
  selected: boolean,
): Promise<WireCart> {
  return settled(
    await call(CartEndpoints.select, {
      query: { shopBizCode: shopId },
      body: { selected, ...target },
    }),
  );
}

export async function deleteLines(shopId: string, skuNos: string[]): Promise<WireCart> {
  if (skuNos.length === 0) return loadCart(shopId);
  let cart: WireCart | undefined;
  // One call names at most MAX_SKUS_PER_CALL lines.
  for (let start = 0; start < skuNos.length; start += MAX_SKUS_PER_CALL) {
    cart = await call(CartEndpoints.remove, {
      query: { shopBizCode: shopId, skuNos: skuNos.slice(start, start + MAX_SKUS_PER_CALL) },
    });
  }
  return settled(cart!);
}
