/**
 * The catalogue's stored status numbers, named. Queries and pages use these names, never the
 * bare numbers the schema stores (smallint columns of activities, products and hot search keys).
 */

/** activities.status: whether the shop shows the sale at all (its window decides the rest). */
export const SaleStatus = {
  Withdrawn: 0,
  Published: 1,
  /** Hidden by the shop's manager (hideProduct): on the black list until undone. */
  Hidden: 2,
} as const;
export type SaleStatus = (typeof SaleStatus)[keyof typeof SaleStatus];

/** products.status: whether the product is on the shelf. */
export const ProductStatus = { Withdrawn: 0, Published: 1 } as const;
export type ProductStatus = (typeof ProductStatus)[keyof typeof ProductStatus];

/** hot_search_keys.type: 5 is the key shown in the search box (shell §3); others are listed. */
export const HotKeyType = { SearchBox: 5 } as const;
