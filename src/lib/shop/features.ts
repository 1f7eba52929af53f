/**
 * The shop's feature switches (shell §3 "Feature switch entry", §9 codes). The specification
 * names the codes a page queries but not what each governs; here each code governs one entrance
 * or element of this shop, named for the manager who turns it on or off (feature-setting). A shop
 * without a row for a code has the code's default. Isomorphic: no I/O, no zod (the code's schema
 * is in config-contracts.ts).
 */
export interface FeatureDef {
  code: string;
  /** What the manager reads on the switch. */
  label: string;
  /** Where it shows, for the switch's hint. */
  governs: string;
  /** A shop that never turned it has it on or off. */
  defaultEnabled: boolean;
}

export const FEATURES = [
  {
    code: '1004',
    label: '拍照搜同款',
    governs: '搜索页的「拍照搜同款」入口',
    defaultEnabled: true,
  },
  {
    code: '1006',
    label: '商品页领券',
    governs: '商品详情页的「领券」栏',
    defaultEnabled: true,
  },
  {
    code: '1007',
    label: '热门搜索',
    governs: '搜索页的热门搜索词',
    defaultEnabled: true,
  },
  {
    code: '1008',
    label: '优惠券提醒',
    governs: '页面顶部「你有 N 张优惠券待使用」的提醒',
    defaultEnabled: true,
  },
  {
    code: '1010',
    label: '皮肤弹窗',
    governs: '管理员打开首页时的新皮肤弹窗',
    defaultEnabled: false,
  },
  {
    code: '1011',
    label: '同场推荐',
    governs: '商品详情页底部的「同场推荐」',
    defaultEnabled: true,
  },
  {
    code: '1013',
    label: '新手引导',
    governs: '首页、品牌页、商品页和我的页面的新手引导气泡',
    defaultEnabled: true,
  },
  {
    code: '1030',
    label: '悬浮按钮',
    governs: '页面右下角的回到顶部、首页和购物车悬浮按钮',
    defaultEnabled: true,
  },
  {
    code: '1040',
    label: '店主分享横幅',
    governs: '店主在商品详情页看到的「分享赚佣金」横幅',
    defaultEnabled: true,
  },
  {
    code: '1050',
    label: '提现到微信零钱',
    governs: '店主申请提现时可选「微信零钱」（需在微信内打开）',
    defaultEnabled: true,
  },
  {
    code: '1051',
    label: '提现到银行卡',
    governs: '店主申请提现时可选本人银行卡，由灵活用工平台代发',
    defaultEnabled: true,
  },
] as const satisfies readonly FeatureDef[];

export type FeatureCode = (typeof FEATURES)[number]['code'];

export const FEATURE_CODES = FEATURES.map((f) => f.code) as [FeatureCode, ...FeatureCode[]];

/** Feature codes by what they govern, for the pages that read them. */
export const Feature = {
  ImageSearch: '1004',
  ProductCoupons: '1006',
  HotSearch: '1007',
  CouponNotice: '1008',
  SkinPopup: '1010',
  Recommendations: '1011',
  Guides: '1013',
  FloatingButtons: '1030',
  KeeperBanner: '1040',
  WalletPayouts: '1050',
  CardPayouts: '1051',
} as const satisfies Record<string, FeatureCode>;

/** The ways a keeper is paid, of which the shop keeps at least one on. */
export const PAYOUT_FEATURES: readonly FeatureCode[] = [Feature.WalletPayouts, Feature.CardPayouts];

/** Feature switch entry (shell §3): 1 on, 0 off. */
export interface FeatureStatus {
  code: FeatureCode;
  enableStatus: 0 | 1;
}

export type FeatureSet = Record<FeatureCode, boolean>;

/** Every code's state: the shop's rows, the defaults for codes it never turned. */
export function featureSet(rows: readonly { code: string; enableStatus: number }[]): FeatureSet {
  const stored = new Map(rows.map((r) => [r.code, r.enableStatus === 1]));
  return Object.fromEntries(
    FEATURES.map((f) => [f.code, stored.get(f.code) ?? f.defaultEnabled]),
  ) as FeatureSet;
}

/** The entrance feature status answer: every code with its enableStatus. */
export function featureStatuses(set: FeatureSet): FeatureStatus[] {
  return FEATURES.map((f) => ({ code: f.code, enableStatus: set[f.code] ? 1 : 0 }));
}
