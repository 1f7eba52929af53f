import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import { readContentVersion } from '#lib/platform/content-cache.server.ts';
import { and } from 'drizzle-orm';
import { banners, homeResources, media, shops } from '#lib/platform/db/schema.ts';
import { mediaId } from '#lib/media/images.ts';
import { getShopDetail } from './shops.server.ts';
import { listSkins, selectSkin, skinInfo } from './skins.server.ts';

let database: Database;
beforeAll(async () => {
  database = await memoryDatabase();
});
afterAll(() => database.close());

describe('skins', () => {
  it('lists every skin with the one in use first, marked skinStatus 1', async () => {
    const [shop] = await database.db.select().from(shops).where(eq(shops.id, '1002'));
    const list = await listSkins(database.db, '1002');
    expect(list[0]).toMatchObject({ id: shop!.skinId, skinStatus: 1, name: '海洋蓝' });
    expect(list[0]!.theme.primary).toBe('#2f6fde');
    expect(list.slice(1).every((skin) => skin.skinStatus === 0)).toBe(true);
    expect(list.length).toBeGreaterThan(1);
  });

  it('each have a phone-shaped home preview picture drawn in their colours', async () => {
    for (const skin of await listSkins(database.db, '1001')) {
      const id = mediaId(skin.homePreviewUrl);
      expect(id, skin.name).not.toBeNull();
      const [picture] = await database.db.select().from(media).where(eq(media.id, id!));
      expect([picture!.width, picture!.height]).toEqual([360, 640]);
      expect(new TextDecoder().decode(picture!.bytes)).toContain(skin.theme.primary);
    }
  });

  it('answer the skin the shop wears (querySkinInfo), null for none', async () => {
    expect(await skinInfo(database.db, '1002')).toMatchObject({
      name: '海洋蓝',
      theme: { primary: '#2f6fde' },
    });
    const [shop] = await database.db.select().from(shops).where(eq(shops.id, '1002'));
    await database.db.update(shops).set({ skinId: null }).where(eq(shops.id, '1002'));
    expect(await skinInfo(database.db, '1002')).toBeNull();
    await database.db.update(shops).set({ skinId: shop!.skinId }).where(eq(shops.id, '1002'));
    await expect(skinInfo(database.db, 'nope')).rejects.toThrow('店铺不存在');
  });

  it('wears the chosen skin on every page (the content version rises), a repeat changes nothing', async () => {
    const list = await listSkins(database.db, '1001');
    const other = list.find((skin) => skin.skinStatus === 0)!;
    const before = await readContentVersion(database.db);
    await selectSkin(database.db, '1001', other.id);
    const after = await readContentVersion(database.db);
    expect(after).toBeGreaterThan(before);
    expect((await listSkins(database.db, '1001'))[0]).toMatchObject({
      id: other.id,
      skinStatus: 1,
    });
    expect((await getShopDetail(database.db, '1001')).skin?.id).toBe(other.id);
    await selectSkin(database.db, '1001', other.id);
    expect(await readContentVersion(database.db)).toBe(after);
  });

  it('refuses a skin or a shop that does not exist, changing nothing', async () => {
    const before = (await skinInfo(database.db, '1001'))!.id;
    await expect(selectSkin(database.db, '1001', 999_999)).rejects.toThrow('皮肤不存在');
    await expect(selectSkin(database.db, 'nope', before)).rejects.toThrow('店铺不存在');
    expect((await skinInfo(database.db, '1001'))!.id).toBe(before);
  });

  it('leave shop 1002 (blue) without red in its own banners and icons', async () => {
    const pictures = [
      ...(
        await database.db
          .select({ url: banners.imageUrl })
          .from(banners)
          .where(and(eq(banners.shopId, '1002'), eq(banners.location, 'indexBanner')))
      ).map((b) => b.url),
      ...(
        await database.db
          .select({ content: homeResources.content })
          .from(homeResources)
          .where(and(eq(homeResources.shopId, '1002'), eq(homeResources.kind, 'diamond')))
      ).flatMap((r) => (r.content.items as { iconUrl: string }[]).map((item) => item.iconUrl)),
    ];
    expect(pictures.length).toBeGreaterThan(8);
    const reds: string[] = [];
    for (const url of pictures) {
      const [picture] = await database.db
        .select()
        .from(media)
        .where(eq(media.id, mediaId(url)!));
      const svg = new TextDecoder().decode(picture!.bytes);
      for (const [hex] of svg.matchAll(/#[0-9a-f]{6}\b/gi))
        if (reddish(hex)) reds.push(`${url} ${hex}`);
    }
    expect(reds).toEqual([]);
  });
});

/** A saturated colour whose hue is red or orange-red. */
function reddish(hex: string): boolean {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [
    number,
    number,
    number,
  ];
  const max = Math.max(r, g, b);
  const d = max - Math.min(r, g, b);
  if (d < 0.2) return false;
  const h =
    ((max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4) * 60 + 360) %
    360;
  return h < 40 || h > 330;
}
