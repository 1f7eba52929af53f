import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import { shops } from '#lib/platform/db/schema.ts';
import { listSkins, selectSkin } from './skins.server.ts';

let database: Database;
beforeAll(async () => {
  database = await memoryDatabase();
});
afterAll(() => database.close());

describe('skins', () => {
  it('lists every skin with the one in use first, marked skinStatus 1', async () => {
    const [shop] = await database.db.select().from(shops).where(eq(shops.id, '1002'));
    const list = await listSkins(database.db, '1002');
    expect(list[0]).toMatchObject({ id: shop!.skinId, skinStatus: 1 });
    expect(list.slice(1).every((skin) => skin.skinStatus === 0)).toBe(true);
    expect(list.length).toBeGreaterThan(1);
  });

  it('wears the chosen skin, and refuses one that does not exist', async () => {
    const list = await listSkins(database.db, '1001');
    const other = list.find((skin) => skin.skinStatus === 0)!;
    await selectSkin(database.db, '1001', other.id);
    expect((await listSkins(database.db, '1001'))[0]).toMatchObject({
      id: other.id,
      skinStatus: 1,
    });
    await expect(selectSkin(database.db, '1001', 999_999)).rejects.toThrow('皮肤不存在');
  });
});
