/**
 * The cart area's door (docs/architecture.md "Doors"): what pages, islands and other areas may
 * use: contracts, errors, statuses, rules and view types. Browser-safe: no server module.
 */
export type { CartGroup, CartLineView, CartView, InvalidCartLine } from './cart-view.ts';
export { CartContracts, MAX_PIECES_PER_SKU } from './contracts.ts';
export * as CartEndpoints from './endpoints.ts';
export { CartErrors } from './errors.ts';
export {
  $cartCount,
  addToCart,
  deleteLines,
  loadCart,
  loadCartCount,
  pageCartCount,
  selectLines,
  setCartCount,
  setLineQuantity,
} from './store.ts';
export type { SelectTarget } from './store.ts';
