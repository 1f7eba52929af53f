/** The cart's limits, without zod: the island and the pure read model import them. */

/** Pieces of one SKU a cart may hold. */
export const MAX_PIECES_PER_SKU = 99;

/** SKU numbers one call may name (delete, select): a cart page never shows more at once. */
export const MAX_SKUS_PER_CALL = 200;
