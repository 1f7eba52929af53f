/**
 * The data layer on a real PostgreSQL server (127.0.0.1:5432, database `test`): the same
 * migrations, seed and services as on the embedded engine, plus the start-up race of several
 * processes booting one empty database at once.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootDatabase } from '#lib/platform/boot.server.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import * as t from '#lib/platform/db/schema.ts';
import { getConfigMap } from '#lib/shop/config.server.ts';
import { getSellerInfo } from '#lib/shop/shops.server.ts';
import { TEST_DATABASE_URL, postgresDatabase, queryRows } from '../fixtures/db.ts';
import journal from '#lib/platform/db/migrations/meta/_journal.json' with { type: 'json' };

let admin: Database;
beforeAll(async () => {
  admin = await postgresDatabase();
});
afterAll(() => admin.close());

describe('PostgreSQL data layer', () => {
  it('boots an empty database exactly once when four processes start together', async () => {
    const booted = await Promise.all(
      Array.from({ length: 4 }, () => bootDatabase({ url: TEST_DATABASE_URL })),
    );
    try {
      const shops = await admin.db.select({ n: sql<number>`count(*)::int` }).from(t.shops);
      expect(shops[0]!.n).toBe(2);
      const users = await admin.db.select({ n: sql<number>`count(*)::int` }).from(t.users);
      // The six demo phones, the three other customers of each shop's keeper, shop 1002's
      // manager and each shop's second keeper.
      expect(users[0]!.n).toBe(15);
      const applied = await queryRows(
        admin,
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      // Each migration once, however many processes raced.
      expect(applied).toEqual([{ n: journal.entries.length }]);
    } finally {
      await Promise.all(booted.map((d) => d.close()));
    }
  });

  it('keeps the tables in the server, with the checks that guard money and stock', async () => {
    const tables = await queryRows<{ table_name: string }>(
      admin,
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    const names = tables.map((r) => r.table_name);
    expect(names).toEqual(
      expect.arrayContaining([
        'shops',
        'users',
        'shop_members',
        'products',
        'skus',
        'orders',
        'payments',
        'coupons',
        'ledger_accounts',
        'ledger_transfers',
      ]),
    );
    await expect(
      admin.db.execute(sql`update skus set stock = -1 where id = (select min(id) from skus)`),
    ).rejects.toMatchObject({
      cause: { constraint_name: 'skus_stock_chk' },
    });
    await expect(
      admin.db.execute(
        sql`update ledger_accounts set posted_cents = -1 where kind = 'available' and id = (select min(id) from ledger_accounts where kind = 'available')`,
      ),
    ).rejects.toMatchObject({
      cause: { constraint_name: 'ledger_accounts_balance_chk' },
    });
  });

  it('answers the services as on the embedded engine', async () => {
    expect(await getSellerInfo(admin.db, '1001')).toMatchObject({ shopName: '小鹿优选' });
    await expect(getSellerInfo(admin.db, 'nope')).rejects.toMatchObject({ code: 404 });
    expect((await getConfigMap(admin.db)).sysAlert).toMatchObject({ isOpen: false });
  });
});
