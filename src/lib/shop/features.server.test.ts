import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import { readContentVersion } from '#lib/platform/content-cache.server.ts';
import { featureSwitches } from '#lib/platform/db/schema.ts';
import { featureStatuses } from './features.ts';
import { featureEnabled, readFeatureSet, setFeature, shopFeatures } from './features.server.ts';

let database: Database;
beforeAll(async () => {
  database = await memoryDatabase();
});
afterAll(() => database.close());

describe('feature switches in the database', () => {
  it('are all on for the demo shops', async () => {
    const statuses = featureStatuses(await readFeatureSet(database.db, '1001'));
    expect(statuses.every((s) => s.enableStatus === 1)).toBe(true);
  });

  it('turn per shop: off for 1001 leaves 1002 on, and reaches the pages by the content version', async () => {
    const before = await readContentVersion(database.db);
    const cached = await shopFeatures(database.db, before, '1001');
    expect(cached['1004']).toBe(true);
    expect(await setFeature(database.db, { shopId: '1001', code: '1004', enabled: false })).toEqual(
      { code: '1004', enableStatus: 0 },
    );
    const after = await readContentVersion(database.db);
    expect(after).toBeGreaterThan(before);
    expect((await shopFeatures(database.db, after, '1001'))['1004']).toBe(false);
    expect((await readFeatureSet(database.db, '1002'))['1004']).toBe(true);
    expect(await featureEnabled(database.db, '1001', '1004')).toBe(false);
  });

  it('keep one row per shop and code, turned back on by the same upsert', async () => {
    await setFeature(database.db, { shopId: '1001', code: '1004', enabled: true });
    await setFeature(database.db, { shopId: '1001', code: '1004', enabled: true });
    const rows = await database.db
      .select()
      .from(featureSwitches)
      .where(and(eq(featureSwitches.shopId, '1001'), eq(featureSwitches.code, '1004')));
    expect(rows).toEqual([{ shopId: '1001', code: '1004', enableStatus: 1 }]);
  });

  it('answer a code the shop never turned with its default, and store the first turn', async () => {
    await database.db
      .delete(featureSwitches)
      .where(and(eq(featureSwitches.shopId, '1002'), eq(featureSwitches.code, '1010')));
    expect(await featureEnabled(database.db, '1002', '1010')).toBe(false);
    await database.db
      .delete(featureSwitches)
      .where(and(eq(featureSwitches.shopId, '1002'), eq(featureSwitches.code, '1030')));
    expect(await featureEnabled(database.db, '1002', '1030')).toBe(true);
    await setFeature(database.db, { shopId: '1002', code: '1010', enabled: true });
    expect(await featureEnabled(database.db, '1002', '1010')).toBe(true);
  });

  it('refuse a shop that does not exist', async () => {
    await expect(
      setFeature(database.db, { shopId: 'nope', code: '1004', enabled: false }),
    ).rejects.toThrow('店铺不存在');
  });

  it('keep one way of paying keepers on: the last of 微信零钱 and 银行卡 cannot be turned off (49630)', async () => {
    expect(await setFeature(database.db, { shopId: '1002', code: '1050', enabled: false })).toEqual(
      { code: '1050', enableStatus: 0 },
    );
    await expect(
      setFeature(database.db, { shopId: '1002', code: '1051', enabled: false }),
    ).rejects.toMatchObject({ code: 49630, message: '请至少保留一种提现方式' });
    expect(await featureEnabled(database.db, '1002', '1051')).toBe(true);
    // The other on again, this one may go.
    await setFeature(database.db, { shopId: '1002', code: '1050', enabled: true });
    await setFeature(database.db, { shopId: '1002', code: '1051', enabled: false });
    expect(await readFeatureSet(database.db, '1002')).toMatchObject({
      '1050': true,
      '1051': false,
    });
    await setFeature(database.db, { shopId: '1002', code: '1051', enabled: true });
  });

  it('two managers turning off one way each at once leave one on', async () => {
    const results = await Promise.allSettled([
      setFeature(database.db, { shopId: '1001', code: '1050', enabled: false }),
      setFeature(database.db, { shopId: '1001', code: '1051', enabled: false }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const set = await readFeatureSet(database.db, '1001');
    expect([set['1050'], set['1051']].filter(Boolean)).toHaveLength(1);
    await setFeature(database.db, { shopId: '1001', code: '1050', enabled: true });
    await setFeature(database.db, { shopId: '1001', code: '1051', enabled: true });
  });
});
