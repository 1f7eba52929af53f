/**
 * Every browser storage key (localStorage and sessionStorage) is built here (DESIGN.md
 * "Persistence in the browser"): per shop `shop:{shopId}:{name}`, per user and shop
 * `shop:{shopId}:u:{userId}:{name}`, and the few that belong to the device `shop:{name}`. One
 * shape keeps features from colliding and lets a shop's or a user's keys be found by prefix.
 */

/** Kept for this browser whatever shop is open (build version, device token, scroll). */
export function deviceKey(name: string): string {
  return `shop:${name}`;
}

export function shopKey(shopId: string, name: string): string {
  return `shop:${shopId}:${name}`;
}

export function userKey(shopId: string, userId: number | string, name: string): string {
  return `shop:${shopId}:u:${userId}:${name}`;
}
