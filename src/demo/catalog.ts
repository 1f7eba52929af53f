/**
 * The demo catalogue: categories, brands, the home tabs (activity tags) and the brand sales of
 * the plan (plan.ts) with their products, SKUs, stock and pictures.
 */
import type { Tx } from '#lib/platform/db/client.server.ts';
import * as t from '#lib/platform/db/schema.ts';
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
} from './catalog-data.ts';
import { bannerSvg, iconSvg, logoSvg, productSvg } from './images.ts';
import { insertSvg, insertSvgs } from './media.ts';
import { DEMO_PLAN, TAGS, type ProductPlan, type SaleState } from './plan.ts';
import { prng } from './random.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const CATEGORY_SLATE = { from: '#5f6b7a', to: '#8d99a8', ink: '#1f2933' };

/** What the later areas (home modules, promotions, coupons) need of the catalogue. */
export interface CatalogRefs {
  brandIdOf: (b: BrandDef) => number;
  categoryId: (key: string) => number;
  /** The home tab a sale of this brand goes under in this shop. */
  tagFor: (shopId: string, b: BrandDef) => number;
  /** Each shop's brand-sale products in seeding order (the home modules show the first). */
  productNosByShop: Record<string, string[]>;
}

export async function seedCatalog(tx: Tx, now: Date): Promise<CatalogRefs> {
  const categoryIcons = await insertSvgs(
    tx,
    // Categories are the platform's, shown by every shop whatever its skin: a neutral colour.
    CATEGORIES.map((c) => ({ svg: iconSvg(c.glyph, CATEGORY_SLATE), w: 120, h: 120 })),
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
  const brandIds = new Map(BRANDS.map((b, i) => [b, brandRows[i]!.id]));
  const brandIdOf = (b: BrandDef) => brandIds.get(b)!;

  const tags = await tx
    .insert(t.activityTags)
    .values([
      { shopId: '1001', tagNo: TAGS['1001'].todayPicks, name: '今日特卖', sort: 1 },
      { shopId: '1001', tagNo: TAGS['1001'].fashion, name: '服饰鞋包', sort: 2 },
      { shopId: '1001', tagNo: TAGS['1001'].beauty, name: '美妆个护', sort: 3 },
      { shopId: '1001', tagNo: TAGS['1001'].home, name: '家居生活', sort: 4 },
      { shopId: '1001', tagNo: TAGS['1001'].kids, name: '母婴童装', sort: 5 },
      { shopId: '1002', tagNo: TAGS['1002'].todayPicks, name: '今日特卖', sort: 1 },
      { shopId: '1002', tagNo: TAGS['1002'].qualityLife, name: '品质生活', sort: 2 },
    ])
    .returning({ id: t.activityTags.id, tagNo: t.activityTags.tagNo });
  const tagId = (no: string) => tags.find((x) => x.tagNo === no)!.id;
  const tagFor = (shopId: string, b: BrandDef) => {
    if (shopId === '1002')
      return tagId(
        b.category === 'home' || b.category === 'beauty'
          ? TAGS['1002'].qualityLife
          : TAGS['1002'].todayPicks,
      );
    if (b.category === 'beauty') return tagId(TAGS['1001'].beauty);
    if (b.category === 'home') return tagId(TAGS['1001'].home);
    if (b.category === 'kids') return tagId(TAGS['1001'].kids);
    return tagId(TAGS['1001'].fashion);
  };
  // The home tab 今日特卖 of 1001 holds two of its running clothing sales; the rest go by category.
  const TODAY_PICKS_1001 = new Set(['bailu', 'shiguang']);

  const headline: Record<SaleState, string> = {
    ongoing: '品牌特卖',
    upcoming: '即将开抢',
    ended: '往期特卖',
  };
  const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);
  // The catalogue's stream; its seed is the one the demo always had, so its numbers stay put.
  const rand = prng(20261121);
  const productNosByShop: Record<string, string[]> = { '1001': [], '1002': [] };
  const runningDiscount = new Map<string, number>();
  for (const sale of DEMO_PLAN.brandSales) {
    const { shopId, brand, state, sort: saleIndex } = sale;
    const drawn = 0.35 + rand() * 0.3;
    // An upcoming sale of a brand already running in the shop is its next, better offer: at
    // least a tenth off today's price, so it never reads as today's sale listed twice.
    const today = runningDiscount.get(`${shopId}:${brand.key}`);
    const discount = today === undefined ? drawn : Math.min(drawn, today - 0.1);
    if (state === 'ongoing') runningDiscount.set(`${shopId}:${brand.key}`, discount);
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
        activityNo: sale.activityNo,
        shopId,
        brandId: brandIdOf(brand),
        tagId:
          shopId === '1001' && state === 'ongoing' && TODAY_PICKS_1001.has(brand.key)
            ? tagId(TAGS['1001'].todayPicks)
            : tagFor(shopId, brand),
        title: `${brand.name} ${headline[state]}`,
        subtitle: `全场低至${Math.round(discount * 10)}折，${brand.story.split(/[，。：]/)[0]}`,
        bannerUrl,
        ...window,
        sort: saleIndex,
        // Shop keepers earn 8% of brand sales, 10% of every third one.
        commissionRateBp: saleIndex % 3 === 2 ? 1000 : 800,
      })
      .returning({ id: t.activities.id });
    for (const product of sale.products) {
      await insertProduct(tx, {
        shopId,
        activityId: activity!.id,
        brandId: brandIdOf(brand),
        categoryId: categoryId(brand.category),
        product,
        discount,
        rand,
      });
      productNosByShop[shopId]!.push(product.productNo);
    }
  }
  return { brandIdOf, categoryId, tagFor, productNosByShop };
}

interface ProductInput {
  shopId: string;
  activityId: number;
  brandId: number;
  categoryId: number;
  product: ProductPlan;
  discount: number;
  rand: () => number;
}

/** A yuan price rounded to end in 9, in cents. */
function salePriceCents(marketYuan: number, discount: number): number {
  const yuan = Math.max(9, Math.round((marketYuan * discount) / 10) * 10 - 1);
  return yuan * 100;
}

/** The line's SKUs; as many as skuCount (plan.ts) says. */
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

/** Inserts a planned product with its pictures and SKUs; answers its id. */
export async function insertProduct(tx: Tx, p: ProductInput): Promise<number> {
  const { product: plan } = p;
  const { brand, line } = plan;
  const shots = await insertSvgs(
    tx,
    [0, 1, 2, 3].map((variant) => ({
      svg: productSvg(
        line.shape,
        brand.palette,
        line.name,
        variant,
        Number(plan.productNo.slice(-4)),
      ),
      w: 800,
      h: 800,
    })),
  );
  const price = salePriceCents(line.market, p.discount);
  const variants = variantsOf(line, p.rand);
  const [product] = await tx
    .insert(t.products)
    .values({
      productNo: plan.productNo,
      shopId: p.shopId,
      activityId: p.activityId,
      brandId: p.brandId,
      categoryId: p.categoryId,
      name: plan.name,
      subtitle: brand.story,
      description: `${line.name}，${brand.story}品牌直供，正品保障，支持七天无理由退货。`,
      priceCents: price,
      marketPriceCents: line.market * 100,
      // One product in ten earns shop keepers 12% instead of its sale's rate.
      commissionRateBp: plan.productNo.endsWith('7') ? 1200 : null,
      salesCount: Math.floor(p.rand() * 3000),
      crossBorder: line.crossBorder ?? false,
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
      skuNo: plan.skuNos[i]!,
      productId: product!.id,
      color: v.color,
      size: v.size,
      priceCents: price + v.extraCents,
      marketPriceCents: line.market * 100 + v.extraCents,
      // About one SKU in eight is sold out, so the picker shows that state.
      stock: p.rand() < 0.125 ? 0 : 5 + Math.floor(p.rand() * 195),
      imageUrl: shots[0]!,
    })),
  );
  return product!.id;
}
