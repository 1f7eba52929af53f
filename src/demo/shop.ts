/**
 * The two demo shops: skins, the shops themselves, their home pages (banners, modules, hot search
 * keys), the config map and the feature switches.
 */
import { sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { Tx } from '#lib/platform/db/client.server.ts';
import * as t from '#lib/platform/db/schema.ts';
import { BRANDS } from './catalog-data.ts';
import type { DemoRole } from './identity.ts';
import { bannerSvg, logoSvg, themedIconSvg, type Palette } from './images.ts';
import { demoPhones } from './identity.ts';
import { insertSvg, insertSvgs } from './media.ts';
import { skinVariables, type SkinTheme } from '#lib/shop/index.ts';

export const SHOP_RED: Palette = { from: '#e4393c', to: '#ff7a45', ink: '#7a0f12' };
const SKY_BLUE: Palette = { from: '#3a86ff', to: '#8ecae6', ink: '#0b2a5b' };
/** The shops' own marks, in colours of their names (a fawn, an orange) that no skin wears. */
const FAWN: Palette = { from: '#f6e6cc', to: '#ead2ab', ink: '#7a4a1e' };
const ORANGE: Palette = { from: '#f7941d', to: '#ffc46b', ink: '#7a3d00' };

/**
 * How each shop's home is drawn. Its promotion banner and quick-entry icons are its own, drawn on
 * nothing so the page paints the skin's colours behind them (a skin change recolours them); the
 * second banner keeps another palette; the modules their tints. (Brand banners keep their
 * brand's colours.)
 */
const SHOP_LOOKS: Record<string, { second: Palette; tints: [string, string] }> = {
  '1001': { second: BRANDS[4]!.palette, tints: ['#fff1ea', '#ffeef0'] },
  '1002': { second: SKY_BLUE, tints: ['#eef4ff', '#eaf5fb'] },
};

const SKINS = [
  {
    name: '经典红',
    theme: {
      primary: '#cf2a2f',
      tabSelected: '#cf2a2f',
      tabUnselected: '#707070',
      background: '#f5f5f5',
    },
  },
  {
    name: '清新绿',
    theme: {
      primary: '#2a9d8f',
      tabSelected: '#2a9d8f',
      tabUnselected: '#707070',
      background: '#f2f8f6',
    },
  },
  {
    name: '海洋蓝',
    theme: {
      primary: '#2f6fde',
      tabSelected: '#2f6fde',
      tabUnselected: '#707070',
      background: '#f3f6fb',
    },
  },
  {
    name: '暗夜黑',
    theme: {
      primary: '#222222',
      tabSelected: '#d4a84b',
      tabUnselected: '#8a8a8a',
      background: '#f4f4f4',
    },
  },
];

/**
 * A phone-shaped (9:16) picture of a home page in the skin's colours: search bar, banner, icon
 * row, product cards with prices, and the tab bar with its selected tab. The skin page and the
 * skin popup show it.
 */
export function skinPreviewSvg(name: string, theme: SkinTheme): string {
  const v = skinVariables(theme);
  const icons = [0, 1, 2, 3, 4]
    .map((i) => `<circle cx="${48 + i * 66}" cy="236" r="20" fill="${v['--primary']}"/>`)
    .join('');
  const cards = [0, 1, 2, 3]
    .map((i) => {
      const x = 16 + (i % 2) * 168;
      const y = 284 + Math.floor(i / 2) * 150;
      return `<rect x="${x}" y="${y}" width="160" height="140" rx="10" fill="#ffffff"/><rect x="${x + 10}" y="${y + 10}" width="140" height="84" rx="6" fill="#e9e9e9"/><rect x="${x + 10}" y="${y + 102}" width="90" height="8" rx="4" fill="#cccccc"/><text x="${x + 10}" y="${y + 130}" font-family="sans-serif" font-size="16" font-weight="700" fill="${v['--price']}">¥99.00</text>`;
    })
    .join('');
  const tabs = [0, 1, 2]
    .map(
      (i) =>
        `<circle cx="${60 + i * 120}" cy="600" r="9" fill="none" stroke="${i === 0 ? theme.tabSelected : theme.tabUnselected}" stroke-width="3"/><rect x="${46 + i * 120}" y="616" width="28" height="6" rx="3" fill="${i === 0 ? theme.tabSelected : theme.tabUnselected}"/>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="640" viewBox="0 0 360 640"><defs><linearGradient id="s" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${v['--primary']}"/><stop offset="1" stop-color="${v['--primary-end']}"/></linearGradient></defs><rect width="360" height="640" fill="${theme.background}"/><rect width="360" height="56" fill="#ffffff"/><rect x="16" y="14" width="28" height="28" rx="6" fill="${v['--primary']}"/><rect x="56" y="16" width="288" height="24" rx="12" fill="#f2f2f2"/><rect x="16" y="68" width="328" height="128" rx="12" fill="url(#s)"/><text x="36" y="128" font-family="sans-serif" font-size="28" font-weight="700" fill="#ffffff">${name}</text><text x="36" y="164" font-family="sans-serif" font-size="15" fill="#ffffff" opacity="0.9">店铺皮肤预览</text>${icons}${cards}<rect y="576" width="360" height="64" fill="#ffffff"/>${tabs}</svg>`;
}

/** The skins with their preview pictures; answers their ids in order. */
export async function seedSkins(tx: Tx): Promise<number[]> {
  const rows = await tx
    .insert(t.skins)
    .values(SKINS.map((s, i) => ({ name: s.name, sort: i + 1, theme: s.theme })))
    .returning({ id: t.skins.id });
  const previews = await insertSvgs(
    tx,
    SKINS.map((s) => ({ svg: skinPreviewSvg(s.name, s.theme), w: 360, h: 640 })),
  );
  for (const [i, skin] of rows.entries()) {
    await tx
      .update(t.skins)
      .set({ homePreviewUrl: previews[i]! })
      .where(sql`${t.skins.id} = ${skin.id}`);
  }
  return rows.map((r) => r.id);
}

export async function seedShops(
  tx: Tx,
  userId: Record<DemoRole, number>,
  skinIds: number[],
): Promise<void> {
  // A shop's logo is its mark, not a part of the skin: colours no skin wears, so none clashes.
  const logo1001 = await insertSvg(tx, logoSvg('鹿', FAWN, FAWN.ink), 200, 200);
  const logo1002 = await insertSvg(tx, logoSvg('橙', ORANGE), 200, 200);
  // The owner's consultation QR code (im-setting): a contact link of the messaging app.
  const consultQr1001 = await insertSvg(
    tx,
    await QRCode.toString('https://u.wechat.com/demo-shop-1001-owner', {
      type: 'svg',
      margin: 2,
      width: 400,
      errorCorrectionLevel: 'M',
    }),
    400,
    400,
  );
  await tx.insert(t.shops).values([
    {
      id: '1001',
      name: '小鹿优选',
      logoUrl: logo1001,
      ownerUserId: userId.owner1001,
      ownerPhone: demoPhones.owner1001,
      skinId: skinIds[0]!,
      noticeText: '本店所有商品均为品牌正品，支持七天无理由退货。发货时间：付款后 48 小时内。',
      intro: '小鹿优选，每天上新大牌特卖。正品保障，七天无理由退货，有问题随时找店主。',
      consultQrUrl: consultQr1001,
      officialAccountUrl:
        'https://mp.weixin.qq.com/mp/profile_ext?action=home&__biz=MzkxMDAxMDAxMQ==#wechat_redirect',
    },
    {
      id: '1002',
      name: '橙子好物',
      logoUrl: logo1002,
      ownerUserId: userId.owner1002,
      ownerPhone: demoPhones.owner1002,
      skinId: skinIds[2]!,
      noticeText: '橙子好物双十二预热中，关注店铺第一时间获取上新消息。',
      intro: '橙子好物，精选居家好物与当季鲜果。',
    },
  ]);
}

const BANNERS = [
  {
    location: 'indexBanner',
    title: '品牌狂欢季',
    sub: '大牌低至 1 折起，每天 10 点上新',
    palette: 'promo' as const,
  },
  {
    location: 'indexBanner',
    title: '新人专享礼',
    sub: '注册即领 15 元无门槛券',
    palette: 'second' as const,
  },
  {
    location: 'indexBanner',
    title: '冬季保暖专场',
    sub: '羽绒、抓绒、冲锋衣一站购齐',
    palette: BRANDS[0]!.palette,
  },
  {
    location: 'brandBanner',
    title: '品牌正品保障',
    sub: '假一赔十 · 七天无理由',
    palette: BRANDS[7]!.palette,
  },
  {
    location: 'proDetailBanner',
    title: '分享赚佣金',
    sub: '店主分享商品，好友下单即得收益',
    palette: BRANDS[2]!.palette,
  },
];

const DIAMONDS = [
  { name: '品牌特卖', glyph: '特', route: 'brandList' },
  { name: '即将开抢', glyph: '预', route: 'forcast' },
  { name: '领券中心', glyph: '券', route: 'coupon-center' },
  { name: '限时秒杀', glyph: '秒', route: 'seckill-list' },
  { name: '超级品牌', glyph: '超', route: 'superbrand' },
  { name: '热销榜单', glyph: '榜', route: 'top-list' },
  { name: '全球购', glyph: '球', route: 'allBuying' },
  { name: '直播', glyph: '播', route: 'live-channel' },
];

/**
 * Each shop's hot search keys, the first the search box's hint (type 5): words its own running
 * sales' goods answer (1002 sells no 冲锋衣).
 */
const HOT_KEYS: Record<string, string[]> = {
  '1001': ['冲锋衣', '连衣裙', '跑鞋', '四件套', '精华', '童装'],
  '1002': ['四件套', '精华', '羽绒服', '牛仔裤', '乳胶枕', '面霜'],
};

/**
 * Each shop's home page: banners, the modules (the market and newcomer zone show the shop's
 * first brand-sale products, `productNos` in seeding order) and the hot search keys.
 */
export async function seedShopFronts(
  tx: Tx,
  productNosByShop: Record<string, string[]>,
): Promise<void> {
  for (const shopId of ['1001', '1002']) {
    const look = SHOP_LOOKS[shopId]!;
    const palette = (b: (typeof BANNERS)[number]) =>
      b.palette === 'promo' ? null : b.palette === 'second' ? look.second : b.palette;
    const images = await insertSvgs(
      tx,
      BANNERS.map((b) => ({ svg: bannerSvg(b.title, b.sub, palette(b)), w: 750, h: 320 })),
    );
    await tx.insert(t.banners).values(
      BANNERS.map((b, i) => ({
        shopId,
        location: b.location,
        title: b.title,
        imageUrl: images[i]!,
        link: i === 1 ? { route: 'coupon-center' } : { route: 'brandList' },
        sort: i,
      })),
    );

    const nos = productNosByShop[shopId]!;
    const diamondIcons = await insertSvgs(
      tx,
      DIAMONDS.map((d) => ({ svg: themedIconSvg(d.glyph), w: 120, h: 120 })),
    );
    await tx.insert(t.homeResources).values([
      {
        shopId,
        kind: 'diamond',
        configId: `D${shopId}`,
        title: '金刚区',
        content: {
          items: DIAMONDS.map((d, i) => ({
            name: d.name,
            iconUrl: diamondIcons[i],
            route: d.route,
          })),
        },
        sort: 1,
      },
      {
        shopId,
        kind: 'market',
        configId: `M${shopId}`,
        title: '今日爆款',
        bgColor: look.tints[0],
        linkUrl: 'top-list',
        content: { productNos: nos.slice(0, 6) },
        sort: 2,
      },
      {
        shopId,
        kind: 'category',
        configId: `C${shopId}`,
        title: '分类精选',
        content: {},
        sort: 3,
      },
      {
        shopId,
        kind: 'brandWall',
        configId: `B${shopId}`,
        title: '品牌墙',
        content: {},
        sort: 4,
      },
      {
        shopId,
        kind: 'newBornZone',
        configId: `N${shopId}`,
        title: '新人专区',
        bgColor: look.tints[1],
        content: { productNos: nos.slice(6, 10), couponNos: [`C${shopId}02`] },
        sort: 5,
      },
    ]);
    await tx.insert(t.hotSearchKeys).values(
      HOT_KEYS[shopId]!.map((hotName, i) => ({
        shopId,
        hotName,
        type: i === 0 ? 5 : 1,
        sort: i,
      })),
    );
  }
}

/** The config map of shell §3, the feature switches the pages query, and a skin popup. */
export async function seedConfig(tx: Tx, skinIds: number[]): Promise<void> {
  await tx.insert(t.configEntries).values([
    {
      key: 'secureNotice',
      value: { h5: true, msg: '请勿相信任何要求您转账或提供验证码的信息，谨防诈骗。' },
    },
    { key: 'hasBackIcon', value: true },
    { key: 'showOwnBusinessLabel', value: true },
    { key: 'sysAlert', value: { isOpen: false, title: '系统公告', msg: '' } },
    { key: 'followUrl', value: '' },
    { key: 'license', value: '营业执照信息公示' },
    { key: 'licenseAkc', value: '' },
    { key: 'licenseXiangdian', value: '' },
    { key: 'licenseInfo', value: { companyName: '', icp: '' } },
    { key: 'sentryConfig', value: { enabled: false, sampleRate: 1 } },
    { key: 'storageControl', value: { clearKeys: [] } },
    { key: 'sentryExceptionFilterBlackList', value: [] },
  ]);
  const featureCodes = ['1004', '1006', '1007', '1008', '1010', '1011', '1013', '1030', '1040'];
  await tx
    .insert(t.featureSwitches)
    .values(
      ['1001', '1002'].flatMap((shopId) =>
        featureCodes.map((code) => ({ shopId, code, enableStatus: 1 })),
      ),
    );
  await tx.insert(t.skinPopups).values({
    code: 'SKIN-WINTER',
    headline: '冬日新皮肤上线',
    subheadline: '一键换肤，让店铺焕然一新',
    // The new skins: 经典红 is the platform's own, worn since the start.
    skinIds: skinIds.slice(1),
  });
}
