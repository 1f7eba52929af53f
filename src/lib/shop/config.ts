/**
 * The config map (shell §3 "Config map entries"): the platform's entries, with a shop's own values
 * of the entries its manager may set on top (decision 026). Each entry has its own schema, which
 * checks a value the manager sends and again a value read back (a malformed stored value is left
 * out, the platform's stands). What the shell reads of the map is `shellConfig`. Isomorphic.
 */
import '#lib/platform/zod-browser.ts';
import { z } from 'zod';

const text = (max: number) => z.string().trim().max(max, `最多${max}个字`);

const secureNotice = z
  .strictObject({ h5: z.boolean(), msg: text(100) })
  .refine((v) => !v.h5 || v.msg !== '', { message: '开启安全提示时请填写提示内容', path: ['msg'] });

const sysAlert = z
  .strictObject({ isOpen: z.boolean(), title: text(30), msg: text(500) })
  .refine((v) => !v.isOpen || (v.title !== '' && v.msg !== ''), {
    message: '开启系统公告时请填写标题和内容',
    path: ['msg'],
  });

const followUrl = z.union([
  z.literal(''),
  z
    .string()
    .trim()
    .max(500, '链接最多500个字符')
    .refine((v) => /^https:\/\/[^\s]+$/.test(v) && URL.canParse(v), {
      message: '请填写以 https:// 开头的链接',
    }),
]);

/** The entries a shop's manager may set, each with its schema. */
export const SHOP_CONFIG_SCHEMAS = {
  secureNotice,
  hasBackIcon: z.boolean(),
  showOwnBusinessLabel: z.boolean(),
  sysAlert,
  followUrl,
  license: text(200),
  licenseAkc: text(200),
  licenseXiangdian: text(200),
  licenseInfo: z.strictObject({ companyName: text(60), icp: text(40) }),
} as const;

export type ShopConfigKey = keyof typeof SHOP_CONFIG_SCHEMAS;
export type ShopConfigValue<K extends ShopConfigKey> = z.output<(typeof SHOP_CONFIG_SCHEMAS)[K]>;
export type ShopConfigValues = { [K in ShopConfigKey]?: ShopConfigValue<K> };

export const SHOP_CONFIG_KEYS = Object.keys(SHOP_CONFIG_SCHEMAS) as [
  ShopConfigKey,
  ...ShopConfigKey[],
];

export const shopConfigKeySchema = z.enum(SHOP_CONFIG_KEYS, { error: '不支持的配置项' });

/** What the manager reads beside each entry. */
export const SHOP_CONFIG_LABELS: Record<ShopConfigKey, string> = {
  secureNotice: '安全提示',
  hasBackIcon: '悬浮返回按钮',
  showOwnBusinessLabel: '「自营」标签',
  sysAlert: '系统公告弹窗',
  followUrl: '公众号关注链接',
  license: '营业执照公示',
  licenseAkc: '经营许可证',
  licenseXiangdian: '食品经营许可证',
  licenseInfo: '经营主体信息',
};

export type ConfigMap = Record<string, unknown>;

/**
 * A value for `key`, checked by its schema; throws the ZodError whose first issue names the field
 * under `value` (e.g. `value.msg：最多500个字`).
 */
export function parseShopConfigValue<K extends ShopConfigKey>(
  key: K,
  value: unknown,
): ShopConfigValue<K> {
  const schema: z.ZodType = SHOP_CONFIG_SCHEMAS[key];
  const parsed = z.strictObject({ value: schema }).parse({ value }) as { value: unknown };
  return parsed.value as ShopConfigValue<K>;
}

/**
 * What the manager reads when a value is refused: the entry's name and why, e.g.
 * 系统公告弹窗：开启系统公告时请填写标题和内容.
 */
export function refusalMessage(key: ShopConfigKey, error: z.ZodError): string {
  const issue = error.issues[0];
  const why =
    issue?.code === 'unrecognized_keys'
      ? `不支持的字段 ${issue.keys.join(', ')}`
      : (issue?.message ?? '格式不正确');
  return `${SHOP_CONFIG_LABELS[key]}：${why}`;
}

/** The shop's stored values that still pass their schemas. */
export function validShopValues(
  rows: readonly { key: string; value: unknown }[],
): ShopConfigValues {
  const values: Record<string, unknown> = {};
  for (const { key, value } of rows) {
    const parsed = shopConfigKeySchema.safeParse(key);
    if (!parsed.success) continue;
    const checked = SHOP_CONFIG_SCHEMAS[parsed.data].safeParse(value);
    if (checked.success) values[parsed.data] = checked.data;
  }
  return values as ShopConfigValues;
}

/** The map a shop's pages read: the platform's entries, the shop's valid values over them. */
export function mergeConfig(
  platform: ConfigMap,
  shopRows: readonly { key: string; value: unknown }[],
): ConfigMap {
  return { ...platform, ...validShopValues(shopRows) };
}

/** What the shell shows from the map (shell §3, §8). */
export interface ShellConfig {
  /** The system alert dialog (shell §8), when open. */
  sysAlert: { title: string; msg: string } | null;
  /** The security notice strip, when on. */
  secureNotice: string | null;
  /** The floating back icon may show. */
  hasBackIcon: boolean;
  /** Products carry the 「自营」 label. */
  showOwnBusinessLabel: boolean;
}

export function shellConfig(map: ConfigMap): ShellConfig {
  const alert = SHOP_CONFIG_SCHEMAS.sysAlert.safeParse(map.sysAlert);
  const notice = SHOP_CONFIG_SCHEMAS.secureNotice.safeParse(map.secureNotice);
  return {
    sysAlert:
      alert.success && alert.data.isOpen ? { title: alert.data.title, msg: alert.data.msg } : null,
    secureNotice: notice.success && notice.data.h5 ? notice.data.msg : null,
    // The back icon is the shell's default (shell §2); only an explicit false takes it away.
    hasBackIcon: map.hasBackIcon !== false,
    showOwnBusinessLabel: map.showOwnBusinessLabel === true,
  };
}
