/** A shop's standing: only an open shop is served (an unknown or closed one gets link-expired). */
export const ShopStatus = {
  Closed: 0,
  Open: 1,
} as const;
export type ShopStatus = (typeof ShopStatus)[keyof typeof ShopStatus];
