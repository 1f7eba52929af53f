/**
 * The two demo shops: skins, the shops themselves, their home pages (banners, modules, hot search
 * keys), the config map and the feature switches.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../client.server.ts';
import * as t from '../schema.ts';
import { BRANDS } from './catalog-data.ts';
import type { DemoRole } from './identity.ts';
import { bannerSvg, iconSvg, logoSvg, type Palette } from './images.ts';
import { demoPhones } from './identity.ts';
import { insertSvg, insertSvgs } from './media.ts';

export const SHOP_RED: Palette = { from: '#e4393c', to: '#ff7a45', ink: '#7a0f12' };
const OCEAN_BLUE: Palette = { from: '#2f6fde', to: '#7fb2ff', ink: '#000' };

const SKINS = [
  {
    name: '经典红',
    theme: {
      primary: '#cf2a2f',
      tabSelected: '#cf2a2f',
      tabUnselected: '#707070',
      background: '#f5f5f5',
    },
    palette: SHOP_RED,
  },
  {
    name: '清新绿',
    theme: {
      primary: '#2a9d8f',
      tabSelected: '#2a9d8f',
      tabUnselected: '#707070',
      background: '#f2f8f6',
    },
    palette: { from: '#2a9d8f', to: '#8ad1c2', ink: '#000' },
  },
  {
    name: '海洋蓝',
    theme: {
      primary: '#2f6fde',
      tabSelected: '#2f6fde',
      tabUnselected: '#707070',
      background: '#f3f6fb',
    },
    palette: OCEAN_BLUE,
  },
  {
    name: '暗夜黑',
    theme: {
      primary: '#222222',
      tabSelected: '#d4a84b',
      tabUnselected: '#8a8a8a',
      background: '#f4f4f4',
    },
    palette: { from: '#222', to: '#555', ink: '#000' },
  },
];

/** The skins with their preview pictures; answers their ids in order. */
export async function seedSkins(tx: Tx): Promise<number[]> {
  const rows = await tx
    .insert(t.skins)
    .values(SKINS.map((s, i) => ({ name: s.name, sort: i + 1, theme: s.theme })))
    .returning({ id: t.skins.id });
  const previews = await insertSvgs(
    tx,
    SKINS.map((s) => ({ svg: bannerSvg(s.name, '店铺皮肤预览', s.palette), w: 750, h: 320 })),
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
  const logo1001 = await insertSvg(tx, logoSvg('鹿', SHOP_RED), 200, 200);
  const logo1002 = await insertSvg(tx, logoSvg('橙', OCEAN_BLUE), 200, 200);
  await tx.insert(t.shops).values([
    {
      id: '1001',
      name: '小鹿优选',
      logoUrl: logo1001,
      ownerUserId: userId.owner1001,
      ownerPhone: demoPhones.owner1001,
      skinId: skinIds[0]!,
      noticeText: '本店所有商品均为品牌正品，支持七天无理由退货。发货时间：付款后 48 小时内。',
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
    },
  ]);
}

const BANNERS = [
  {
    location: 'indexBanner',
    title: '品牌狂欢季',
    sub: '大牌低至 1 折起，每天 10 点上新',
    palette: SHOP_RED,
  },
  {
    location: 'indexBanner',
    title: '新人专享礼',
    sub: '注册即领 15 元无门槛券',
    palette: BRANDS[4]!.palette,
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
 * Each shop's home page: banners, the modules (the market and newcomer zone show the shop's
 * first brand-sale products, `productNos` in seeding order) and the hot search keys.
 */
export async function seedShopFronts(
  tx: Tx,
  productNosByShop: Record<string, string[]>,
): Promise<void> {
  for (const shopId of ['1001', '1002']) {
    const images = await insertSvgs(
      tx,
      BANNERS.map((b) => ({ svg: bannerSvg(b.title, b.sub, b.palette), w: 750, h: 320 })),
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
      DIAMONDS.map((d) => ({ svg: iconSvg(d.glyph, SHOP_RED), w: 120, h: 120 })),
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
        bgColor: '#fff1ea',
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
        bgColor: '#ffeef0',
        content: { productNos: nos.slice(6, 10), couponNos: [`C${shopId}02`] },
        sort: 5,
      },
    ]);
    await tx.insert(t.hotSearchKeys).values(
      ['冲锋衣', '连衣裙', '跑鞋', '四件套', '精华', '童装'].map((hotName, i) => ({
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
    skinIds,
  });
}
