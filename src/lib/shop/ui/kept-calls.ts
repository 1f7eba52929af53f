/**
 * The two calls the browser keeps 120 s (shell §7, §9): querySkinInfo, the skin the shop wears,
 * and the entrance feature status, which switches of the shop are on.
 */
import { call } from '#lib/platform/client.ts';
import { shopKey } from '#lib/platform/storage-keys.ts';
import * as ShopEndpoints from '../endpoints.ts';
import * as ShopConfigEndpoints from '../config-endpoints.ts';
import type { FeatureCode } from '../features.ts';
import { forget, keep, kept } from '../kept.ts';
import type { SkinInfo } from '../skins.server.ts';

const skinKey = (shopId: string) => shopKey(shopId, 'skinInfo');
const entranceKey = (shopId: string) => shopKey(shopId, 'entranceStatus');

export function skinInfo(shopId: string): Promise<SkinInfo | null> {
  return kept(skinKey(shopId), () =>
    call(ShopEndpoints.skinInfo, { query: { shopBizCode: shopId } }, { silent: true }),
  );
}

/** After a skin change: the new skin is the one kept (or, unknown here, asked again). */
export function skinChanged(shopId: string, skin?: SkinInfo): void {
  if (skin) keep(skinKey(shopId), skin);
  else forget(skinKey(shopId));
}

export async function featureOn(shopId: string, code: FeatureCode): Promise<boolean> {
  const statuses = await kept(entranceKey(shopId), () =>
    call(ShopConfigEndpoints.entranceStatus, { query: { shopBizCode: shopId } }, { silent: true }),
  );
  return statuses.some((s) => s.code === code && s.enableStatus === 1);
}

/** After a switch was turned here: the next page asks again. */
export function featuresChanged(shopId: string): void {
  forget(entranceKey(shopId));
}
