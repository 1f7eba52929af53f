/**
 * The demo data of DESIGN.md: shops 1001 and 1002, the demo phones and their roles, and a
 * catalogue of brands, brand sales in every state, products with SKUs, stock and generated
 * pictures, coupons, banners, home modules, hot search keys and live rooms. Deterministic: the
 * same `now` gives the same data, so tests can rely on it.
 */
import { and, eq, getTableName, inArray, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { SHOP_TIME_ZONE } from '../../time.ts';
import { MemberRole } from '#lib/membership/roles.ts';
import type { Db, Tx } from '../client.server.ts';
import * as t from '../schema.ts';
import {
  BRANDS,
  CATEGORIES,
  CLOTHES_SIZES,
  COLOURS,
  KID_SIZES,
  SHOE_SIZES,
  VOLUMES,
  type BrandDef,
  type ProductLine,
} from './catalog.ts';
import { bannerSvg, iconSvg, logoSvg, productSvg, type Palette } from './images.ts';

export const DEMO_PHONES = {
  consumer: '13800000001',
  owner1001: '13800000003',
  manager1001: '13800000004',
  service1001: '13800000005',
  owner1002: '13800000006',
  disabledDistributor: '13800000007',
} as const;

const DAY = 86_400_000;
const HOUR = 3_600_000;
const SHOP_RED: Palette = { from: '#e4393c', to: '#ff7a45', ink: '#7a0f12' };

/** A small seeded generator so the demo is the same on every machine. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

const encoder = new TextEncoder();

async function insertSvgs(
  tx: Tx,
  svgs: { svg: string; w: number; h: number }[],
): Promise<string[]> {
  const urls: string[] = [];
  for (let i = 0; i < svgs.length; i += 100) {
    const rows = await tx
      .insert(t.media)
      .values(
        svgs.slice(i, i + 100).map((s) => ({
          contentType: 'image/svg+xml',
          bytes: encoder.encode(s.svg),
          width: s.w,
          height: s.h,
        })),
      )
      .returning({ id: t.media.id });
    urls.push(...rows.map((r) => `/media/${r.id}`));
  }
  return urls;
}

async function insertSvg(tx: Tx, svg: string, w: number, h: number): Promise<string> {
  const [url] = await insertSvgs(tx, [{ svg, w, h }]);
  return url!;
}

/** True when the database holds no shop yet, i.e. it was just created. */
export async function isEmpty(db: Db): Promise<boolean> {
  const row = await db.select({ n: sql<number>`count(*)::int` }).from(t.shops);
  return (row[0]?.n ?? 0) === 0;
}

/** Empties every table of the schema, keeping the migrations' record. */
export async function clearAll(db: Db | Tx): Promise<void> {
  const tables = Object.values(t)
    .filter((v) => is(v, PgTable))
    .map((table) => `"${getTableName(table)}"`);
  await db.execute(sql.raw(`TRUNCATE ${tables.join(', ')} RESTART IDENTITY CASCADE`));
}

export async function seedDemo(db: Db, now = new Date()): Promise<void> {
  await db.transaction((tx) => seedInto(tx, now));
}

/** npm run db:seed: empty every table and seed again, as one transaction. */
export async function reseedDemo(db: Db, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    await clearAll(tx);
    await seedInto(tx, now);
  });
}

async function seedInto(tx: Tx, now: Date): Promise<void> {
  const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);
  const rand = prng(20261121);

  // People.
  const people = await tx
    .insert(t.users)
    .values([
      { phone: DEMO_PHONES.consumer, nickname: '小鹿买买' },
      { phone: DEMO_PHONES.owner1001, nickname: '林店主' },
      { phone: DEMO_PHONES.manager1001, nickname: '周管理' },
      { phone: DEMO_PHONES.service1001, nickname: '客服小安' },
      { phone: DEMO_PHONES.owner1002, nickname: '陈店主' },
      { phone: DEMO_PHONES.disabledDistributor, nickname: '前店主老吴' },
    ])
    .returning({ id: t.users.id, phone: t.users.phone });
  const userId = (phone: string) => people.find((p) => p.phone === phone)!.id;

  // Skins.
  const skinRows = await tx
    .insert(t.skins)
    .values([
      {
        name: '经典红',
        sort: 1,
        theme: {
          primary: '#cf2a2f',
          tabSelected: '#cf2a2f',
          tabUnselected: '#707070',
          background: '#f5f5f5',
        },
      },
      {
        name: '清新绿',
        sort: 2,
        theme: {
          primary: '#2a9d8f',
          tabSelected: '#2a9d8f',
          tabUnselected: '#707070',
          background: '#f2f8f6',
        },
      },
      {
        name: '海洋蓝',
        sort: 3,
        theme: {
          primary: '#2f6fde',
          tabSelected: '#2f6fde',
          tabUnselected: '#707070',
          background: '#f3f6fb',
        },
      },
      {
        name: '暗夜黑',
        sort: 4,
        theme: {
          primary: '#222222',
          tabSelected: '#d4a84b',
          tabUnselected: '#8a8a8a',
          background: '#f4f4f4',
        },
      },
    ])
    .returning({ id: t.skins.id });
  const previews = await insertSvgs(
    tx,
    ['经典红', '清新绿', '海洋蓝', '暗夜黑'].map((name, i) => ({
      svg: bannerSvg(
        name,
        '店铺皮肤预览',
        [
          SHOP_RED,
          { from: '#2a9d8f', to: '#8ad1c2', ink: '#000' },
          { from: '#2f6fde', to: '#7fb2ff', ink: '#000' },
          { from: '#222', to: '#555', ink: '#000' },
        ][i]!,
      ),
      w: 750,
      h: 320,
    })),
  );
  for (const [i, skin] of skinRows.entries()) {
    await tx
      .update(t.skins)
      .set({ homePreviewUrl: previews[i]! })
      .where(sql`${t.skins.id} = ${skin.id}`);
  }

  // Shops and memberships.
  const logo1001 = await insertSvg(tx, logoSvg('鹿', SHOP_RED), 200, 200);
  const logo1002 = await insertSvg(
    tx,
    logoSvg('橙', { from: '#2f6fde', to: '#7fb2ff', ink: '#000' }),
    200,
    200,
  );
  await tx.insert(t.shops).values([
    {
      id: '1001',
      name: '小鹿优选',
      logoUrl: logo1001,
      ownerUserId: userId(DEMO_PHONES.owner1001),
      ownerPhone: DEMO_PHONES.owner1001,
      skinId: skinRows[0]!.id,
      noticeText: '本店所有商品均为品牌正品，支持七天无理由退货。发货时间：付款后 48 小时内。',
    },
    {
      id: '1002',
      name: '橙子好物',
      logoUrl: logo1002,
      ownerUserId: userId(DEMO_PHONES.owner1002),
      ownerPhone: DEMO_PHONES.owner1002,
      skinId: skinRows[2]!.id,
      noticeText: '橙子好物双十二预热中，关注店铺第一时间获取上新消息。',
    },
  ]);
  await tx.insert(t.shopMembers).values([
    {
      shopId: '1001',
      userId: userId(DEMO_PHONES.consumer),
      role: MemberRole.Consumer,
      maxRole: MemberRole.Consumer,
      invitedBy: userId(DEMO_PHONES.owner1001),
    },
    {
      shopId: '1001',
      userId: userId(DEMO_PHONES.owner1001),
      role: MemberRole.Distributor,
      maxRole: MemberRole.Distributor,
      level: 1,
      signAgreement: true,
    },
    {
      shopId: '1001',
      userId: userId(DEMO_PHONES.manager1001),
      role: MemberRole.Manager,
      maxRole: MemberRole.Manager,
      administrator: true,
      signAgreement: true,
    },
    {
      shopId: '1001',
      userId: userId(DEMO_PHONES.service1001),
      role: MemberRole.CustomerService,
      maxRole: 5,
    },
    {
      shopId: '1001',
      userId: userId(DEMO_PHONES.disabledDistributor),
      role: MemberRole.Distributor,
      maxRole: MemberRole.Distributor,
      level: 1,
      distributorDisable: true,
    },
    {
      shopId: '1002',
      userId: userId(DEMO_PHONES.owner1002),
      role: MemberRole.Distributor,
      maxRole: MemberRole.Distributor,
      level: 1,
      signAgreement: true,
    },
  ]);
  await tx.insert(t.wallets).values([
    { shopId: '1001', userId: userId(DEMO_PHONES.owner1001) },
    { shopId: '1002', userId: userId(DEMO_PHONES.owner1002) },
  ]);
  await tx.insert(t.addresses).values({
    userId: userId(DEMO_PHONES.consumer),
    name: '鹿小姐',
    phone: DEMO_PHONES.consumer,
    province: '浙江省',
    city: '杭州市',
    district: '西湖区',
    detail: '文三路 90 号 1 幢 501 室',
    isDefault: true,
  });

  // Categories and brands.
  const categoryIcons = await insertSvgs(
    tx,
    CATEGORIES.map((c) => ({ svg: iconSvg(c.glyph, SHOP_RED), w: 120, h: 120 })),
  );
  const categoryRows = await tx
    .insert(t.categories)
    .values(CATEGORIES.map((c, i) => ({ name: c.name, iconUrl: categoryIcons[i]!, sort: i })))
    .returning({ id: t.categories.id });
  const categoryId = (key: string) => categoryRows[CATEGORIES.findIndex((c) => c.key === key)]!.id;

  const brandLogos = await insertSvgs(
    tx,
    BRANDS.map((b) => ({ svg: logoSvg(b.mark, b.palette), w: 200, h: 200 })),
  );
  const brandRows = await tx
    .insert(t.brands)
    .values(BRANDS.map((b, i) => ({ name: b.name, logoUrl: brandLogos[i]!, story: b.story })))
    .returning({ id: t.brands.id });
  const brandIdOf = (b: BrandDef) => brandRows[BRANDS.indexOf(b)]!.id;

  // Activity tags (home tabs).
  const tags = await tx
    .insert(t.activityTags)
    .values([
      { shopId: '1001', tagNo: 'T100101', name: '今日特卖', sort: 1 },
      { shopId: '1001', tagNo: 'T100102', name: '服饰鞋包', sort: 2 },
      { shopId: '1001', tagNo: 'T100103', name: '美妆个护', sort: 3 },
      { shopId: '1001', tagNo: 'T100104', name: '家居生活', sort: 4 },
      { shopId: '1001', tagNo: 'T100105', name: '母婴童装', sort: 5 },
      { shopId: '1002', tagNo: 'T100201', name: '今日特卖', sort: 1 },
      { shopId: '1002', tagNo: 'T100202', name: '品质生活', sort: 2 },
    ])
    .returning({ id: t.activityTags.id, tagNo: t.activityTags.tagNo });
  const tagId = (no: string) => tags.find((x) => x.tagNo === no)!.id;
  // The home tab 今日特卖 of 1001 holds two of its running clothing sales; the rest go by category.
  const TODAY_PICKS_1001 = new Set(['bailu', 'shiguang']);
  const tagFor = (shopId: string, b: BrandDef) => {
    if (shopId === '1002')
      return tagId(b.category === 'home' || b.category === 'beauty' ? 'T100202' : 'T100201');
    if (b.category === 'beauty') return tagId('T100103');
    if (b.category === 'home') return tagId('T100104');
    if (b.category === 'kids') return tagId('T100105');
    return tagId('T100102');
  };

  // Brand sales: [shop, brand key, state, number of product lines (0 = all)].
  type SaleState = 'ongoing' | 'upcoming' | 'ended';
  const sales: [string, string, SaleState, number][] = [
    ['1001', 'senye', 'ongoing', 0],
    ['1001', 'lizi', 'ongoing', 0],
    ['1001', 'bailu', 'ongoing', 0],
    ['1001', 'shiguang', 'ongoing', 0],
    ['1001', 'yuedong', 'ongoing', 0],
    ['1001', 'hemu', 'ongoing', 0],
    ['1001', 'xiaoman', 'ongoing', 0],
    ['1001', 'jijian', 'ongoing', 0],
    ['1001', 'bailu', 'upcoming', 4],
    ['1001', 'yuedong', 'upcoming', 4],
    ['1001', 'xiaoman', 'upcoming', 4],
    ['1001', 'senye', 'ended', 4],
    ['1001', 'jijian', 'ended', 4],
    ['1001', 'hemu', 'ended', 5],
    ['1002', 'hemu', 'ongoing', 0],
    ['1002', 'xiaoman', 'ongoing', 0],
    ['1002', 'jijian', 'ongoing', 5],
    ['1002', 'shiguang', 'upcoming', 4],
    ['1002', 'lizi', 'ended', 3],
  ];
  const headline: Record<SaleState, string> = {
    ongoing: '品牌特卖',
    upcoming: '即将开抢',
    ended: '往期特卖',
  };
  const seqByShop: Record<string, number> = {};
  const next = (shopId: string) => (seqByShop[shopId] = (seqByShop[shopId] ?? 0) + 1);
  const pad = (n: number, w: number) => String(n).padStart(w, '0');

  const productNosByShop: Record<string, string[]> = { '1001': [], '1002': [] };
  let saleIndex = 0;
  for (const [shopId, brandKey, state, lineCount] of sales) {
    saleIndex += 1;
    const brand = BRANDS.find((b) => b.key === brandKey)!;
    const discount = 0.35 + rand() * 0.3;
    const window =
      state === 'ongoing'
        ? {
            // Weeks, not days: a demo folder started today still has running sales next month.
            startAt: at(-(1 + (saleIndex % 3)) * DAY),
            endAt: at((30 + 5 * (saleIndex % 5)) * DAY + 10 * HOUR),
          }
        : state === 'upcoming'
          ? { startAt: at((1 + (saleIndex % 3)) * DAY), endAt: at((6 + (saleIndex % 3)) * DAY) }
          : {
              startAt: at(-(12 + (saleIndex % 4)) * DAY),
              endAt: at(-(1 + (saleIndex % 3)) * DAY),
            };
    const bannerUrl = await insertSvg(
      tx,
      bannerSvg(
        brand.name,
        `${headline[state]} · 低至${Math.round(discount * 10)}折`,
        brand.palette,
      ),
      750,
      320,
    );
    const [activity] = await tx
      .insert(t.activities)
      .values({
        activityNo: `A${shopId}${pad(next(`a${shopId}`), 3)}`,
        shopId,
        brandId: brandIdOf(brand),
        tagId:
          shopId === '1001' && state === 'ongoing' && TODAY_PICKS_1001.has(brand.key)
            ? tagId('T100101')
            : tagFor(shopId, brand),
        title: `${brand.name} ${headline[state]}`,
        subtitle: `全场低至${Math.round(discount * 10)}折，${brand.story.split(/[，。：]/)[0]}`,
        bannerUrl,
        ...window,
        sort: saleIndex,
      })
      .returning({ id: t.activities.id });

    const lines = lineCount ? brand.lines.slice(0, lineCount) : brand.lines;
    for (const line of lines) {
      await insertProduct(tx, {
        shopId,
        productNo: `P${shopId}${pad(next(shopId), 4)}`,
        activityId: activity!.id,
        brand,
        brandId: brandIdOf(brand),
        categoryId: categoryId(brand.category),
        line,
        discount,
        rand,
      }).then((no) => productNosByShop[shopId]!.push(no));
    }
  }

  // Banners, home modules, hot keys.
  for (const shopId of ['1001', '1002']) {
    const bannerDefs = [
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
    const images = await insertSvgs(
      tx,
      bannerDefs.map((b) => ({ svg: bannerSvg(b.title, b.sub, b.palette), w: 750, h: 320 })),
    );
    await tx.insert(t.banners).values(
      bannerDefs.map((b, i) => ({
        shopId,
        location: b.location,
        title: b.title,
        imageUrl: images[i]!,
        link: i === 1 ? { route: 'coupon-center' } : { route: 'brandList' },
        sort: i,
      })),
    );

    const nos = productNosByShop[shopId]!;
    const diamonds = [
      { name: '品牌特卖', glyph: '特', route: 'brandList' },
      { name: '即将开抢', glyph: '预', route: 'forcast' },
      { name: '领券中心', glyph: '券', route: 'coupon-center' },
      { name: '限时秒杀', glyph: '秒', route: 'seckill-list' },
      { name: '超级品牌', glyph: '超', route: 'superbrand' },
      { name: '热销榜单', glyph: '榜', route: 'top-list' },
      { name: '全球购', glyph: '球', route: 'allBuying' },
      { name: '直播', glyph: '播', route: 'live-channel' },
    ];
    const diamondIcons = await insertSvgs(
      tx,
      diamonds.map((d) => ({ svg: iconSvg(d.glyph, SHOP_RED), w: 120, h: 120 })),
    );
    await tx.insert(t.homeResources).values([
      {
        shopId,
        kind: 'diamond',
        configId: `D${shopId}`,
        title: '金刚区',
        content: {
          items: diamonds.map((d, i) => ({
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

  // Coupons; the consumer already holds the shop-wide one.
  const couponRows = await tx
    .insert(t.coupons)
    .values([
      {
        couponNo: 'C100101',
        shopId: '1001',
        name: '店铺通用券',
        description: '全店商品可用',
        amountCents: 2000,
        thresholdCents: 19900,
        total: 1000,
        perUserLimit: 1,
        claimFrom: at(-7 * DAY),
        claimTo: at(30 * DAY),
        validDays: 7,
        inPopup: true,
      },
      {
        couponNo: 'C100102',
        shopId: '1001',
        name: '新人专享券',
        description: '新人首单可用',
        amountCents: 1500,
        thresholdCents: 0,
        total: 5000,
        perUserLimit: 1,
        claimFrom: at(-7 * DAY),
        claimTo: at(30 * DAY),
        validDays: 3,
        inPopup: true,
      },
      {
        couponNo: 'C100103',
        shopId: '1001',
        name: '森野品牌券',
        description: '森野 SENYE 品牌商品可用',
        amountCents: 5000,
        thresholdCents: 39900,
        scope: 'brand',
        scopeRef: String(brandIdOf(BRANDS[0]!)),
        total: 300,
        perUserLimit: 2,
        claimFrom: at(-2 * DAY),
        claimTo: at(5 * DAY),
        validFrom: at(-2 * DAY),
        validTo: at(6 * DAY),
      },
      {
        couponNo: 'C100104',
        shopId: '1001',
        name: '跑鞋专场券',
        description: '跃动 LEAP 特卖专场可用',
        amountCents: 3000,
        thresholdCents: 29900,
        scope: 'activity',
        scopeRef: 'A1001005',
        total: 200,
        perUserLimit: 1,
        claimFrom: at(-1 * DAY),
        claimTo: at(4 * DAY),
        validDays: 5,
      },
      {
        couponNo: 'C100105',
        shopId: '1001',
        name: '限量大额券',
        description: '全店满 999 可用',
        amountCents: 20000,
        thresholdCents: 99900,
        total: 10,
        issued: 10,
        perUserLimit: 1,
        claimFrom: at(-3 * DAY),
        claimTo: at(3 * DAY),
        validDays: 3,
      },
      {
        couponNo: 'C100201',
        shopId: '1002',
        name: '店铺通用券',
        description: '全店商品可用',
        amountCents: 1000,
        thresholdCents: 9900,
        total: 1000,
        perUserLimit: 1,
        claimFrom: at(-7 * DAY),
        claimTo: at(30 * DAY),
        validDays: 7,
        inPopup: true,
      },
      {
        couponNo: 'C100202',
        shopId: '1002',
        name: '新人专享券',
        description: '新人首单可用',
        amountCents: 1000,
        thresholdCents: 0,
        total: 1000,
        perUserLimit: 1,
        claimFrom: at(-7 * DAY),
        claimTo: at(30 * DAY),
        validDays: 3,
      },
    ])
    .returning({ id: t.coupons.id, couponNo: t.coupons.couponNo });
  const shopCoupon = couponRows.find((c) => c.couponNo === 'C100101')!;
  await tx.insert(t.userCoupons).values({
    couponId: shopCoupon.id,
    userId: userId(DEMO_PHONES.consumer),
    shopId: '1001',
    validFrom: at(-1 * DAY),
    validTo: at(6 * DAY),
  });
  await tx
    .update(t.coupons)
    .set({ issued: 1 })
    .where(sql`${t.coupons.id} = ${shopCoupon.id}`);

  // Live rooms in every state, and the school variant (liveType 30).
  const liveDefs = [
    {
      title: '森野冬季新品首发',
      status: 20,
      type: 10,
      start: -1 * HOUR,
      palette: BRANDS[0]!.palette,
    },
    {
      title: '白鹭通勤穿搭预告',
      status: 10,
      type: 10,
      start: 1 * DAY,
      palette: BRANDS[2]!.palette,
    },
    {
      title: '跃动跑鞋测评回放',
      status: 30,
      type: 10,
      start: -2 * DAY,
      palette: BRANDS[4]!.palette,
    },
    { title: '禾木好物清仓', status: 30, type: 10, start: -5 * DAY, palette: BRANDS[5]!.palette },
    {
      title: '店主商学院：社群运营',
      status: 20,
      type: 30,
      start: -30 * 60_000,
      palette: SHOP_RED,
    },
    { title: '店主商学院：选品技巧', status: 10, type: 30, start: 2 * DAY, palette: SHOP_RED },
  ];
  const covers = await insertSvgs(
    tx,
    liveDefs.map((l) => ({ svg: bannerSvg(l.title, '直播间', l.palette), w: 750, h: 320 })),
  );
  await tx.insert(t.liveRooms).values(
    liveDefs.map((l, i) => ({
      liveNo: `L1001${pad(i + 1, 3)}`,
      shopId: '1001',
      title: l.title,
      coverUrl: covers[i]!,
      liveType: l.type,
      liveStatus: l.status,
      startAt: at(l.start),
      endAt: l.status === 30 ? at(l.start + 2 * HOUR) : null,
      productNos: productNosByShop['1001']!.slice(i * 3, i * 3 + 5),
    })),
  );

  // The config map of shell §3, and the feature switches the pages query.
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
    skinIds: skinRows.map((s) => s.id),
  });

  // Venues, a fresh-food presale, today's flash-sale sessions and an N件X折 sale. Seeded after
  // everything above, so the numbers and data before them stay as they were.
  await seedVenuesAndPromotions(tx, now, {
    rand,
    nextActivityNo: () => `A1001${pad(next('a1001'), 3)}`,
    nextProductNo: () => `P1001${pad(next('1001'), 4)}`,
    brandIdOf,
    categoryId,
    tagFor: (b) => tagFor('1001', b),
  });
}

interface PromotionContext {
  rand: () => number;
  nextActivityNo: () => string;
  nextProductNo: () => string;
  brandIdOf: (b: BrandDef) => number;
  categoryId: (key: string) => number;
  tagFor: (b: BrandDef) => number;
}

const FRESH: BrandDef = {
  key: 'xiannong',
  name: '鲜农 FARM',
  mark: '鲜',
  story: '产地直采的当季鲜货：现摘现发，冷链到家，坏果包赔。',
  palette: { from: '#f4a261', to: '#e9c46a', ink: '#6b3a0f' },
  category: 'home',
  lines: [
    { name: '赣南脐橙', shape: 'bag', market: 69, variants: 'volume' },
    { name: '阳澄湖大闸蟹礼盒', shape: 'bag', market: 599, variants: 'volume' },
    { name: '云南高山蓝莓', shape: 'bottle', market: 99, variants: 'volume' },
    { name: '五常稻花香大米', shape: 'pillow', market: 129, variants: 'volume' },
  ],
};
/** Fresh goods come by weight, not by the volume tiers their SKUs are drawn with. */
const FRESH_SIZES: Record<string, string> = {
  '30ml': '尝鲜装',
  '50ml': '标准装',
  '100ml': '家庭装',
};

/** Household goods of the N件X折 sale: lines of their own, so no product is on sale twice. */
const NPIECE_LINES: ProductLine[] = [
  { name: '纯棉毛巾三条装', shape: 'pillow', market: 99, variants: 'colours' },
  { name: '香薰蜡烛礼盒', shape: 'bottle', market: 129, variants: 'colours' },
  { name: '可折叠收纳箱', shape: 'bag', market: 89, variants: 'colours' },
  { name: '硅藻泥吸水地垫', shape: 'pillow', market: 79, variants: 'colours' },
  { name: '竹纤维抹布十条装', shape: 'pillow', market: 49, variants: 'colours' },
];

/** Today's flash-sale sessions: [hours from the current hour, hours long, products]. */
const SECKILL_SESSIONS: [number, number, [brandKey: string, line: number][]][] = [
  [
    -4,
    2,
    [
      ['lizi', 0],
      ['bailu', 4],
      ['shiguang', 2],
      ['hemu', 4],
    ],
  ],
  [
    -2,
    2,
    [
      ['yuedong', 4],
      ['xiaoman', 1],
      ['jijian', 1],
      ['lizi', 6],
    ],
  ],
  [
    0,
    2,
    [
      ['bailu', 0],
      ['shiguang', 5],
      ['hemu', 1],
      ['yuedong', 6],
    ],
  ],
  [
    8,
    2,
    [
      ['xiaoman', 2],
      ['jijian', 3],
      ['hemu', 5],
      ['lizi', 3],
    ],
  ],
];

const sessionClock = new Intl.DateTimeFormat('zh-CN', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: SHOP_TIME_ZONE,
});

/**
 * Shop 1001's venues (existing sales grouped into them), a fresh-food presale of a new brand, an
 * N件X折 sale and today's flash-sale sessions. The new sales are not brand sales (`kind`), so
 * the brand-sale lists are as before.
 */
async function seedVenuesAndPromotions(tx: Tx, now: Date, c: PromotionContext): Promise<void> {
  const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);
  const brandOf = (key: string) => BRANDS.find((b) => b.key === key)!;
  const productIdOf = async (productNo: string) => {
    const [row] = await tx
      .select({ id: t.products.id })
      .from(t.products)
      .where(eq(t.products.productNo, productNo));
    return row!.id;
  };

  // One venue per kind, and a business venue that has ended (businessVenue404).
  const venueDefs = [
    { no: 'V1001001', kind: 'businessVenue', name: '冬季品牌盛典', sub: '大牌服饰 · 会场专享低价' },
    { no: 'V1001002', kind: 'businessVenue', name: '双十一返场', sub: '返场特惠', ended: true },
    { no: 'V1001003', kind: 'superMarket', name: '品质生活超市', sub: '家居日用 · 囤货好时机' },
    { no: 'V1001004', kind: 'allBuying', name: '全球购', sub: '海外正品 · 保税直发' },
    { no: 'V1001005', kind: 'eastGate', name: '东门会场', sub: '童装皮具 · 每日上新' },
    { no: 'V1001006', kind: 'presale-fresh', name: '生鲜预售', sub: '产地直采 · 预售锁鲜' },
    { no: 'V1001007', kind: 'presale-factory', name: '工厂直供预售', sub: '源头工厂 · 按单生产' },
  ];
  const venueBanners = await insertSvgs(
    tx,
    venueDefs.map((v) => ({ svg: bannerSvg(v.name, v.sub, SHOP_RED), w: 750, h: 320 })),
  );
  const venueRows = await tx
    .insert(t.venues)
    .values(
      venueDefs.map((v, i) => ({
        shopId: '1001',
        venueNo: v.no,
        kind: v.kind,
        name: v.name,
        bannerUrl: venueBanners[i]!,
        startAt: v.ended ? at(-20 * DAY) : at(-3 * DAY),
        endAt: v.ended ? at(-2 * DAY) : at(45 * DAY),
      })),
    )
    .returning({ id: t.venues.id, venueNo: t.venues.venueNo });
  const venueId = (no: string) => venueRows.find((v) => v.venueNo === no)!.id;
  const venueSales: [string, string[]][] = [
    ['V1001001', ['A1001001', 'A1001003', 'A1001009']],
    ['V1001002', ['A1001012', 'A1001013']],
    ['V1001003', ['A1001006', 'A1001008', 'A1001014']],
    ['V1001004', ['A1001007', 'A1001011']],
    ['V1001005', ['A1001002', 'A1001004']],
    ['V1001007', ['A1001005', 'A1001010']],
  ];
  for (const [no, activityNos] of venueSales) {
    await tx
      .update(t.activities)
      .set({ venueId: venueId(no) })
      .where(inArray(t.activities.activityNo, activityNos));
  }

  // A running presale of fresh food from a new brand, in the fresh presale venue.
  const freshLogo = await insertSvg(tx, logoSvg(FRESH.mark, FRESH.palette), 200, 200);
  const [freshBrand] = await tx
    .insert(t.brands)
    .values({ name: FRESH.name, logoUrl: freshLogo, story: FRESH.story })
    .returning({ id: t.brands.id });
  const [freshSale] = await tx
    .insert(t.activities)
    .values({
      activityNo: c.nextActivityNo(),
      shopId: '1001',
      brandId: freshBrand!.id,
      tagId: c.tagFor(FRESH),
      venueId: venueId('V1001006'),
      kind: 'presale',
      title: `${FRESH.name} 产地预售`,
      subtitle: '预售锁鲜，付款后 7 天内冷链发货',
      bannerUrl: await insertSvg(
        tx,
        bannerSvg(FRESH.name, '产地预售 · 低至6折', FRESH.palette),
        750,
        320,
      ),
      startAt: at(-1 * DAY),
      endAt: at(6 * DAY),
      sort: 100,
    })
    .returning({ id: t.activities.id });
  for (const line of FRESH.lines) {
    const productNo = await insertProduct(tx, {
      shopId: '1001',
      productNo: c.nextProductNo(),
      activityId: freshSale!.id,
      brand: FRESH,
      brandId: freshBrand!.id,
      categoryId: c.categoryId(FRESH.category),
      line,
      discount: 0.6,
      rand: c.rand,
    });
    for (const [volume, size] of Object.entries(FRESH_SIZES)) {
      await tx
        .update(t.skus)
        .set({ size })
        .where(and(eq(t.skus.size, volume), eq(t.skus.productId, await productIdOf(productNo))));
    }
  }

  // N件X折: any 3 pieces of the household sale at 70%, in the supermarket venue.
  const hemu = brandOf('hemu');
  const [npieceSale] = await tx
    .insert(t.activities)
    .values({
      activityNo: c.nextActivityNo(),
      shopId: '1001',
      brandId: c.brandIdOf(hemu),
      tagId: c.tagFor(hemu),
      venueId: venueId('V1001003'),
      kind: 'npiece',
      rule: { pieces: 3, discountTenths: 7 },
      title: '家居日用 3件7折',
      subtitle: '毛巾、收纳、香薰任选 3 件，结算享 7 折',
      bannerUrl: await insertSvg(
        tx,
        bannerSvg('家居日用', '任选3件 · 享7折', hemu.palette),
        750,
        320,
      ),
      startAt: at(-2 * DAY),
      endAt: at(12 * DAY),
      sort: 101,
    })
    .returning({ id: t.activities.id });
  for (const line of NPIECE_LINES) {
    await insertProduct(tx, {
      shopId: '1001',
      productNo: c.nextProductNo(),
      activityId: npieceSale!.id,
      brand: hemu,
      brandId: c.brandIdOf(hemu),
      categoryId: c.categoryId(hemu.category),
      line,
      discount: 0.8,
      rand: c.rand,
    });
  }

  // Today's flash-sale sessions on the hour: two ended, the current hour's running, one tonight.
  const hour = Math.floor(now.getTime() / HOUR) * HOUR;
  for (const [i, [fromHour, hours, items]] of SECKILL_SESSIONS.entries()) {
    const startAt = new Date(hour + fromHour * HOUR);
    const endAt = new Date(startAt.getTime() + hours * HOUR);
    const clock = sessionClock.format(startAt);
    const discount = 0.18 + c.rand() * 0.1;
    const tenths = Math.round(discount * 10);
    const [session] = await tx
      .insert(t.activities)
      .values({
        activityNo: c.nextActivityNo(),
        shopId: '1001',
        brandId: c.brandIdOf(brandOf(items[0]![0])),
        kind: 'seckill',
        title: `限时秒杀 ${clock}场`,
        subtitle: `整点开抢，限量${items.length}款，低至${tenths}折`,
        bannerUrl: await insertSvg(
          tx,
          bannerSvg('限时秒杀', `${clock}场 · 低至${tenths}折`, SHOP_RED),
          750,
          320,
        ),
        startAt,
        endAt,
        sort: 200 + i,
      })
      .returning({ id: t.activities.id });
    for (const [n, [brandKey, lineIndex]] of items.entries()) {
      const brand = brandOf(brandKey);
      const productNo = await insertProduct(tx, {
        shopId: '1001',
        productNo: c.nextProductNo(),
        activityId: session!.id,
        brand,
        brandId: c.brandIdOf(brand),
        categoryId: c.categoryId(brand.category),
        // Named apart from the same line in the brand's own sale, so no two products share a name.
        line: { ...brand.lines[lineIndex]!, name: `${brand.lines[lineIndex]!.name} 秒杀款` },
        discount,
        rand: c.rand,
      });
      // An ended session's first piece was snapped up.
      if (endAt <= now && n === 0) {
        await tx
          .update(t.skus)
          .set({ stock: 0 })
          .where(eq(t.skus.productId, await productIdOf(productNo)));
      }
    }
  }
}

interface ProductInput {
  shopId: string;
  productNo: string;
  activityId: number;
  brand: BrandDef;
  brandId: number;
  categoryId: number;
  line: ProductLine;
  discount: number;
  rand: () => number;
}

/** A yuan price rounded to end in 9, in cents. */
function salePriceCents(marketYuan: number, discount: number): number {
  const yuan = Math.max(9, Math.round((marketYuan * discount) / 10) * 10 - 1);
  return yuan * 100;
}

function variantsOf(
  line: ProductLine,
  rand: () => number,
): { color: string; size: string; extraCents: number }[] {
  const pick = (n: number) => {
    const start = Math.floor(rand() * COLOURS.length);
    return Array.from({ length: n }, (_, i) => COLOURS[(start + i) % COLOURS.length]!);
  };
  switch (line.variants) {
    case 'clothes':
      return pick(2).flatMap((color) =>
        CLOTHES_SIZES.map((size) => ({ color, size, extraCents: 0 })),
      );
    case 'shoes':
      return pick(2).flatMap((color) => SHOE_SIZES.map((size) => ({ color, size, extraCents: 0 })));
    case 'kids':
      return pick(2).flatMap((color) => KID_SIZES.map((size) => ({ color, size, extraCents: 0 })));
    case 'colours':
      return pick(3).map((color) => ({ color, size: '均码', extraCents: 0 }));
    case 'volume':
      return VOLUMES.map((size, i) => ({ color: '', size, extraCents: i * 6000 }));
  }
}

async function insertProduct(tx: Tx, p: ProductInput): Promise<string> {
  const shots = await insertSvgs(
    tx,
    [0, 1, 2, 3].map((variant) => ({
      svg: productSvg(
        p.line.shape,
        p.brand.palette,
        p.line.name,
        variant,
        Number(p.productNo.slice(-4)),
      ),
      w: 800,
      h: 800,
    })),
  );
  const price = salePriceCents(p.line.market, p.discount);
  const variants = variantsOf(p.line, p.rand);
  const [product] = await tx
    .insert(t.products)
    .values({
      productNo: p.productNo,
      shopId: p.shopId,
      activityId: p.activityId,
      brandId: p.brandId,
      categoryId: p.categoryId,
      name: `${p.brand.name.split(' ')[0]} ${p.line.name}`,
      subtitle: p.brand.story,
      description: `${p.line.name}，${p.brand.story}品牌直供，正品保障，支持七天无理由退货。`,
      priceCents: price,
      marketPriceCents: p.line.market * 100,
      profitCents: Math.round(price * 0.08),
      salesCount: Math.floor(p.rand() * 3000),
      crossBorder: p.line.crossBorder ?? false,
    })
    .returning({ id: t.products.id });
  await tx
    .insert(t.productImages)
    .values([
      ...shots
        .slice(0, 3)
        .map((url, sort) => ({ productId: product!.id, url, kind: 'main', sort })),
      { productId: product!.id, url: shots[3]!, kind: 'detail', sort: 0 },
    ]);
  await tx.insert(t.skus).values(
    variants.map((v, i) => ({
      skuNo: `${p.productNo}-${String(i + 1).padStart(2, '0')}`,
      productId: product!.id,
      color: v.color,
      size: v.size,
      priceCents: price + v.extraCents,
      marketPriceCents: p.line.market * 100 + v.extraCents,
      // About one SKU in eight is sold out, so the picker shows that state.
      stock: p.rand() < 0.125 ? 0 : 5 + Math.floor(p.rand() * 195),
      imageUrl: shots[0]!,
    })),
  );
  return p.productNo;
}
