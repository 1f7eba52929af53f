/**
 * $cartCount: pieces in the shopper's cart in this shop. Shared by the floating cart badge, the
 * product page's cart button and the cart page; null until known. The actions call the cart's
 * contracts and keep the count the server answers.
 */
import { atom } from 'nanostores';

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
 * The request client and the contracts (zod) load on first use: the shell script that shows the
 * badge stays small.
 */
async function client() {
  const [{ call }, { CartContracts }] = await Promise.all([
    import('#lib/platform/client.ts'),
    import('./contracts.ts'),
  ]);
  return { call, CartContracts };
}

/**
 * Reads the shopper's count in the shop (without one, the client names the page's shop). Rejects
 * after the request client's §8 handling.
 */
export async function loadCartCount(shopId: string | undefined): Promise<void> {
  const { call, CartContracts } = await client();
  const { cartSkuNum } = await call(CartContracts.count, { query: { shopBizCode: shopId } });
  setCartCount(cartSkuNum);
}

/** Adds pieces of a SKU; the count becomes the server's. Rejects as loadCartCount does. */
export async function addToCart(shopId: string, skuNo: string, quantity: number): Promise<void> {
  const { call, CartContracts } = await client();
  const { cartSkuNum } = await call(CartContracts.add, {
    query: { shopBizCode: shopId },
    body: { skuNo, quantity },
  });
  setCartCount(cartSkuNum);
}
