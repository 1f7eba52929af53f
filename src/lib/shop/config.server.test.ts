import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import { readContentVersion } from '#lib/platform/content-cache.server.ts';
import { shopConfigEntries } from '#lib/platform/db/schema.ts';
import {
  getConfigMap,
  readShopConfig,
  resetShopConfigEntry,
  saveShopConfigEntry,
} from './config.server.ts';
import { officialAccountQr } from './official-account.server.ts';

let database: Database;
beforeAll(async () => {
  database = await memoryDatabase();
});
afterAll(() => database.close());

const ALERT = { isOpen: true, title: '店铺公告', msg: '春节期间照常发货' };

describe('the config map per shop', () => {
  it('is the platform’s for a shop that set nothing', async () => {
    const platform = await getConfigMap(database.db);
    expect(await getConfigMap(database.db, '1002')).toEqual(platform);
    expect(platform.sysAlert).toEqual({ isOpen: false, title: '系统公告', msg: '' });
    expect(await readShopConfig(database.db, '1002')).toEqual({});
  });

  it('takes a shop’s own value over the platform’s, for that shop only', async () => {
    const before = await readContentVersion(database.db);
    expect(
      await saveShopConfigEntry(database.db, { shopId: '1001', key: 'sysAlert', value: ALERT }),
    ).toEqual(ALERT);
    expect(await readContentVersion(database.db)).toBeGreaterThan(before);
    expect((await getConfigMap(database.db, '1001')).sysAlert).toEqual(ALERT);
    expect((await getConfigMap(database.db, '1002')).sysAlert).toMatchObject({ isOpen: false });
    expect((await getConfigMap(database.db)).sysAlert).toMatchObject({ isOpen: false });
    expect((await readShopConfig(database.db, '1001')).sysAlert).toEqual(ALERT);
    expect((await readShopConfig(database.db, '1002')).sysAlert).toBeUndefined();
  });

  it('replaces the value on a second save, one row per shop and key', async () => {
    const closed = { ...ALERT, isOpen: false };
    await saveShopConfigEntry(database.db, { shopId: '1001', key: 'sysAlert', value: closed });
    const rows = await database.db
      .select()
      .from(shopConfigEntries)
      .where(and(eq(shopConfigEntries.shopId, '1001'), eq(shopConfigEntries.key, 'sysAlert')));
    expect(rows.map((r) => r.value)).toEqual([closed]);
  });

  it('refuses a value its schema refuses, saying which entry and why, and stores nothing', async () => {
    await expect(
      saveShopConfigEntry(database.db, {
        shopId: '1002',
        key: 'secureNotice',
        value: { h5: true, msg: 'x'.repeat(101) },
      }),
    ).rejects.toMatchObject({ code: 400, message: '安全提示：最多100个字' });
    await expect(
      saveShopConfigEntry(database.db, {
        shopId: '1002',
        key: 'sysAlert',
        value: { isOpen: true, title: '', msg: '', level: 1 },
      }),
    ).rejects.toMatchObject({ code: 400, message: '系统公告弹窗：不支持的字段 level' });
    await expect(
      saveShopConfigEntry(database.db, { shopId: '1002', key: 'hasBackIcon', value: 'no' }),
    ).rejects.toMatchObject({ code: 400 });
    expect(await readShopConfig(database.db, '1002')).toEqual({});
  });

  it('refuses a shop that does not exist', async () => {
    await expect(
      saveShopConfigEntry(database.db, { shopId: 'nope', key: 'hasBackIcon', value: false }),
    ).rejects.toThrow('店铺不存在');
  });

  it('gives an entry back to the platform', async () => {
    await saveShopConfigEntry(database.db, { shopId: '1002', key: 'hasBackIcon', value: false });
    expect((await getConfigMap(database.db, '1002')).hasBackIcon).toBe(false);
    await resetShopConfigEntry(database.db, { shopId: '1002', key: 'hasBackIcon' });
    expect((await getConfigMap(database.db, '1002')).hasBackIcon).toBe(true);
  });

  it('keeps followUrl as the shop’s follow link, the one store-setting edits and the QR code says', async () => {
    const own = (await officialAccountQr(database.db, '1001'))!.followUrl;
    expect((await getConfigMap(database.db, '1001')).followUrl).toBe(own);
    expect(await readShopConfig(database.db, '1001')).toMatchObject({ followUrl: own });
    expect((await getConfigMap(database.db, '1002')).followUrl).toBe('');
    const url = 'https://mp.weixin.qq.com/s/follow-1001';
    await saveShopConfigEntry(database.db, { shopId: '1001', key: 'followUrl', value: url });
    expect((await officialAccountQr(database.db, '1001'))!.followUrl).toBe(url);
    expect((await getConfigMap(database.db, '1001')).followUrl).toBe(url);
    expect(
      (
        await database.db
          .select()
          .from(shopConfigEntries)
          .where(eq(shopConfigEntries.key, 'followUrl'))
      ).length,
    ).toBe(0);
    await resetShopConfigEntry(database.db, { shopId: '1001', key: 'followUrl' });
    expect(await officialAccountQr(database.db, '1001')).toBeNull();
    expect((await getConfigMap(database.db, '1001')).followUrl).toBe('');
    await expect(
      saveShopConfigEntry(database.db, { shopId: '1001', key: 'followUrl', value: 'http://x.cn' }),
    ).rejects.toMatchObject({ message: '公众号关注链接：请填写以 https:// 开头的链接' });
  });
});
