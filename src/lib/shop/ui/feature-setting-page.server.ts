/** 功能设置's one read: the shop's feature switches, its config map, and its own values. */
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { readFeatureSet } from '../features.server.ts';
import { getConfigMap, readShopConfig } from '../config.server.ts';

export async function readFeatureSettingPage(db: DbOrTx, shopId: string) {
  const [features, merged, own] = await Promise.all([
    readFeatureSet(db, shopId),
    getConfigMap(db, shopId),
    readShopConfig(db, shopId),
  ]);
  return { features, merged, own };
}
