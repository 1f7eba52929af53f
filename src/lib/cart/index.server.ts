/**
 * The cart area's server door (docs/architecture.md "Doors"): the queries and commands other
 * areas and pages may call. Everything else in the folder is the area's own.
 */
export {
  addToCart,
  countCartSkus,
  deleteCartLines,
  readCart,
  removeCartLines,
  selectCartLines,
  setCartQuantity,
} from './cart.server.ts';
export type { CartTarget } from './cart.server.ts';
