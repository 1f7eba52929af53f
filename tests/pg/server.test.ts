/** `npm start` with DATABASE_URL set serves from the PostgreSQL server, and the tables live there. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '#lib/platform/db/client.server.ts';
import { TEST_DATABASE_URL, postgresDatabase, queryRows } from '../fixtures/db.ts';
import { spawnShop, type ShopProcess } from '../fixtures/server.ts';

let admin: Database;
let shop: ShopProcess;
beforeAll(async () => {
  admin = await postgresDatabase();
  shop = await spawnShop({ DATABASE_URL: TEST_DATABASE_URL });
}, 300_000);
afterAll(async () => {
  await shop?.stop();
  await admin?.close();
});

it('serves the seeded shop from PostgreSQL', async () => {
  expect(shop.output()).toContain('Shop ready (postgres)');
  const body = await (await fetch(`${shop.url}/api/member/xdwxh5/seller/info/1001`)).json();
  expect(body).toMatchObject({ code: 0, success: true, data: { shopName: '小鹿优选' } });
  const home = await fetch(`${shop.url}/index?shopId=1001`);
  expect(await home.text()).toContain('<title>小鹿优选</title>');
  const rows = await queryRows(admin, sql`select name from shops order by id`);
  expect(rows).toEqual([{ name: '小鹿优选' }, { name: '橙子好物' }]);
});

it('stops cleanly on SIGTERM', async () => {
  const exited = new Promise<number | null>((resolve) =>
    shop.child.once('exit', (code) => resolve(code)),
  );
  shop.child.kill('SIGTERM');
  expect(await exited).toBe(0);
});
