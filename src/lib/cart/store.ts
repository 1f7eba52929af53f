/**
 * $cartCount: pieces in the shopper's cart in this shop. Shared by the floating cart badge, the
 * product page's cart button and the cart page; null until known.
 */
import { atom } from 'nanostores';

export const $cartCount = atom<number | null>(null);

export function setCartCount(count: number): void {
  $cartCount.set(count);
}
