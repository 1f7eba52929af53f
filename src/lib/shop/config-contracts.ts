/**
 * The shop's feature switches and config entries (feature-setting): the entrance feature status
 * every page may ask, and the manager's writes. The specification does not show these paths
 * (shell §7: "Paths of the feature-switch … calls: not shown"); they sit beside the config map's.
 */
import { z } from 'zod';
import { contract } from '#lib/platform/contract.ts';
import { shopIdSchema } from '#lib/platform/id-schemas.ts';
import { FEATURE_CODES, type FeatureCode, type FeatureStatus } from './features.ts';
import { shopConfigKeySchema, type ShopConfigKey, type ShopConfigValue } from './config.ts';

export const featureCodeSchema = z.enum(FEATURE_CODES, { error: '不支持的功能编码' });

export const SAVED = '保存成功';

export const ShopConfigContracts = {
  /** Every feature code of the shop with its enableStatus. Browsers keep a code-0 answer 120 s. */
  entranceStatus: contract<FeatureStatus[]>()({
    method: 'GET',
    path: '/api/shop/feature/entranceStatus',
    query: { shopBizCode: shopIdSchema },
  }),
  /** The manager turns one switch on (1) or off (0). */
  saveFeature: contract<{ code: FeatureCode; enableStatus: 0 | 1 }>()({
    method: 'POST',
    path: '/api/shop/feature/{code}',
    params: { code: featureCodeSchema },
    query: { shopBizCode: shopIdSchema },
    body: { enableStatus: z.union([z.literal(0), z.literal(1)], { error: '开关状态只能是0或1' }) },
    access: { roles: ['M'] },
    message: SAVED,
  }),
  /**
   * The manager sets the shop's own value of one config entry; the entry's schema checks it (the
   * handler: each entry has its own shape). Answers the value stored.
   */
  saveConfigEntry: contract<ShopConfigValue<ShopConfigKey>>()({
    method: 'POST',
    path: '/api/front/conf/shop/{key}',
    params: { key: shopConfigKeySchema },
    query: { shopBizCode: shopIdSchema },
    body: { value: z.unknown() },
    access: { roles: ['M'] },
    message: SAVED,
  }),
  /** The shop's value of an entry is dropped: the platform's applies again. */
  resetConfigEntry: contract<true>()({
    method: 'DELETE',
    path: '/api/front/conf/shop/{key}',
    params: { key: shopConfigKeySchema },
    query: { shopBizCode: shopIdSchema },
    access: { roles: ['M'] },
    message: '已恢复平台默认',
  }),
};
