import { assertNoPersonalNumbers } from '../fixtures/personal-numbers.ts';
import { spawnShop, type ShopProcess } from '../fixtures/server.ts';
import { E2E_WORKERS } from './workers.ts';

/**
 * Starts one shop per worker, each on its own embedded database, so that parallel specs never
 * meet each other's carts, limits or counters. Worker N reads its URL from SHOP_URL_N (see
 * playwright.config.ts). The site is built once, before any of them starts (see spawnShop).
 */
export default async function globalSetup() {
  const shops: ShopProcess[] = await Promise.all(
    Array.from({ length: E2E_WORKERS }, () => spawnShop()),
  );
  shops.forEach((shop, index) => (process.env[`SHOP_URL_${index}`] = shop.url));
  return async () => {
    await Promise.all(shops.map((shop) => shop.stop()));
    // Whatever the specs typed, no server wrote an ID or card number out whole.
    shops.forEach((shop, index) => assertNoPersonalNumbers(shop.output(), `shop ${index}`));
  };
}
