import { spawnShop } from '../fixtures/server.ts';

/** Starts one shop for the whole run; its URL reaches the workers through SHOP_URL. */
export default async function globalSetup() {
  const shop = await spawnShop();
  process.env.SHOP_URL = shop.url;
  return async () => {
    await shop.stop();
  };
}
