/** Guide tags on the embedded database: seen per shop and user, saved once. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#lib/platform/db/client.server.ts';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import { givenMember, givenShop } from '#tests/fixtures/given.ts';
import { markTagSeen, tagsExist } from './tags.server.ts';

let database: Database;
beforeAll(async () => {
  database = await memoryDatabase();
});
afterAll(() => database.close());

describe('guide tags', () => {
  it('are seen per shop and user, and saving one twice changes nothing', async () => {
    const db = database.db;
    const shop = await givenShop(db);
    const other = await givenShop(db);
    const me = await givenMember(db, shop.shopId);
    const someone = await givenMember(db, shop.shopId);
    const ask = (shopId: string, userId: number) =>
      tagsExist(db, { shopId, userId, tagNames: ['indexFilter', 'indexCollection'] });

    expect(await ask(shop.shopId, me.id)).toEqual([
      { name: 'indexFilter', exist: false },
      { name: 'indexCollection', exist: false },
    ]);
    await markTagSeen(db, { shopId: shop.shopId, userId: me.id, tagName: 'indexFilter' });
    await markTagSeen(db, { shopId: shop.shopId, userId: me.id, tagName: 'indexFilter' });
    expect(await ask(shop.shopId, me.id)).toEqual([
      { name: 'indexFilter', exist: true },
      { name: 'indexCollection', exist: false },
    ]);
    expect((await ask(shop.shopId, someone.id))[0]!.exist).toBe(false);
    expect((await ask(other.shopId, me.id))[0]!.exist).toBe(false);
  });

  it('refuses to save a tag in a shop that does not exist', async () => {
    const me = await givenMember(database.db, (await givenShop(database.db)).shopId);
    await expect(
      markTagSeen(database.db, { shopId: 'no-such-shop', userId: me.id, tagName: 'indexFilter' }),
    ).rejects.toMatchObject({ message: '店铺不存在' });
  });
});
