/**
 * One price (issue #9 item 4): a product with both the shop's and its sale's markup costs the same
 * on its card, its product page, in the search sort, in its JSON-LD offer and in the cart.
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_NOW, memoryDatabase } from '#tests/fixtures/db.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import {
  activities,
  brands,
  cartItems,
  products,
  shops,
  skus,
  users,
} from '#lib/platform/db/schema.ts';
import { demoPhones } from '#demo/handles.ts';
import { formatYuan } from '#lib/platform/money.ts';
import { addToCart, listCartLines } from '#lib/cart/cart.server.ts';
import { getBrandSale, getProductDetail } from './catalog.server.ts';
import { readProductCards } from './cards.server.ts';
import { withProductJoins } from './filters.server.ts';
import { sellingPriceCents } from './pricing.ts';
import {
  priceOf,
  productPriceCents,
  productPriceColumns,
  sellingPriceSql,
} from './pricing.server.ts';
import { searchProducts } from './search.server.ts';
import { productLd } from './structured-data.ts';

const HOUR = 3_600_000;
const GLOBAL_ADD = 500;
const SALE_ADD = 300;
/** Base 199.00 against a market price of 200.00: with both markups the market must clamp up. */
const BASE = 19900;
const MARKET = 20000;
const PRICE = sellingPriceCents(BASE, GLOBAL_ADD, SALE_ADD);

let database: Database;
let cheapSkuNo: string;
beforeAll(async () => {
  database = await memoryDatabase();
  const db = database.db;
  await db.update(shops).set({ globalAddPriceCents: GLOBAL_ADD }).where(eq(shops.id, '1001'));
  const [brand] = await db.insert(brands).values({ name: '同价测试品牌' }).returning();
  const [sale] = await db
    .insert(activities)
    .values({
      activityNo: 'ASAMEPRICE',
      shopId: '1001',
      brandId: brand!.id,
      title: '同价测试特卖',
      startAt: new Date(SEED_NOW.getTime() - HOUR),
      endAt: new Date(SEED_NOW.getTime() + 24 * HOUR),
      addPriceCents: SALE_ADD,
    })
    .returning();
  const [product] = await db
    .insert(products)
    .values({
      productNo: 'PSAMEPRICE',
      shopId: '1001',
      activityId: sale!.id,
      brandId: brand!.id,
      name: '同价测试外套',
      priceCents: BASE,
      marketPriceCents: MARKET,
    })
    .returning();
  const [cheap] = await db
    .insert(skus)
    .values([
      {
        skuNo: 'PSAMEPRICE-1',
        productId: product!.id,
        priceCents: BASE,
        marketPriceCents: MARKET,
        stock: 5,
      },
      {
        skuNo: 'PSAMEPRICE-2',
        productId: product!.id,
        priceCents: 25900,
        marketPriceCents: 29900,
        stock: 5,
      },
    ])
    .returning();
  cheapSkuNo = cheap!.skuNo;
});
afterAll(() => database.close());

describe('one price for a product with both markups', () => {
  it('is the base price plus both markups, its market price clamped up to it', () => {
    expect(PRICE).toBe(20700);
  });

  it('on its card', async () => {
    const sale = await getBrandSale(database.db, '1001', 'ASAMEPRICE', { now: SEED_NOW });
    expect(sale!.products).toHaveLength(1);
    expect(sale!.products[0]).toMatchObject({ priceCents: PRICE, marketPriceCents: PRICE });
  });

  it('on its product page and in its JSON-LD offer', async () => {
    const detail = await getProductDetail(database.db, '1001', 'PSAMEPRICE', SEED_NOW);
    expect(detail).toMatchObject({ priceCents: PRICE, marketPriceCents: PRICE });
    expect(detail!.skus.find((s) => s.skuNo === cheapSkuNo)!.priceCents).toBe(PRICE);
    expect(await productPriceCents(database.db, 'PSAMEPRICE')).toEqual({
      priceCents: PRICE,
      marketPriceCents: PRICE,
    });
    const ld = productLd({
      name: detail!.name,
      description: detail!.description,
      sku: detail!.productNo,
      images: [],
      brandName: detail!.brand.name,
      price: formatYuan(detail!.priceCents),
      inStock: true,
      url: 'https://shop.example/productDetail?productNo=PSAMEPRICE',
    });
    expect(ld.offers).toMatchObject({ price: formatYuan(PRICE) });
  });

  it('in the search and its price sort', async () => {
    const found = await searchProducts(database.db, '1001', {
      keyword: '同价测试',
      sort: 'price-asc',
      now: SEED_NOW,
    });
    expect(found.items.map((c) => [c.productNo, c.priceCents])).toEqual([['PSAMEPRICE', PRICE]]);
    // The SQL sort key is the card's price for every product of the shop.
    const [row] = await withProductJoins(
      database.db.select({ price: sellingPriceSql }).from(products).$dynamic(),
    ).where(eq(products.productNo, 'PSAMEPRICE'));
    expect(Number(row!.price)).toBe(PRICE);
    const byPrice = await readProductCards(database.db, '1001', undefined, {
      orderBy: [asc(sellingPriceSql), asc(products.id)],
    });
    const prices = byPrice.map((c) => c.priceCents);
    expect(prices).toEqual(prices.toSorted((a, b) => a - b));
  });

  it('in the cart', async () => {
    const [shopper] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.phone, demoPhones.consumer));
    // From an empty cart: the demo consumer's seeded lines are not this test's.
    await database.db.delete(cartItems).where(eq(cartItems.userId, shopper!.id));
    await addToCart(database.db, {
      shopId: '1001',
      userId: shopper!.id,
      skuNo: cheapSkuNo,
      quantity: 2,
      now: SEED_NOW,
    });
    const lines = await listCartLines(database.db, '1001', shopper!.id);
    expect(lines).toEqual([{ skuNo: cheapSkuNo, quantity: 2, unitPriceCents: PRICE }]);
  });
});

describe('one price with percentage markups', () => {
  it('sorts by the SQL price that equals the JS price of every product, rounding half up', async () => {
    const db = database.db;
    const [brand] = await db.insert(brands).values({ name: '百分比测试品牌' }).returning();
    const [sale] = await db
      .insert(activities)
      .values({
        activityNo: 'APERCENT',
        shopId: '1001',
        brandId: brand!.id,
        title: '百分比测试特卖',
        startAt: new Date(SEED_NOW.getTime() - HOUR),
        endAt: new Date(SEED_NOW.getTime() + 24 * HOUR),
        addPriceBp: 333,
      })
      .returning();
    // Bases whose percentages land on and around half a cent.
    const bases = [4, 5, 12, 40, 99, 19900, 12345];
    await db.insert(products).values(
      bases.map((base, i) => ({
        productNo: `PPERCENT${i}`,
        shopId: '1001',
        activityId: sale!.id,
        brandId: brand!.id,
        name: `百分比测试商品${i}`,
        priceCents: base,
        marketPriceCents: base,
      })),
    );
    await db
      .update(shops)
      .set({ globalAddPriceCents: 0, globalAddPriceBp: 1250 })
      .where(eq(shops.id, '1001'));
    try {
      const rows = await withProductJoins(
        db
          .select({
            productNo: products.productNo,
            sqlPrice: sellingPriceSql,
            ...productPriceColumns,
          })
          .from(products)
          .$dynamic(),
      ).where(eq(products.shopId, '1001'));
      expect(rows.length).toBeGreaterThan(bases.length);
      for (const row of rows) {
        expect(Number(row.sqlPrice), row.productNo).toBe(priceOf(row).priceCents);
      }
      // 4 × 12.5% = 0.5 → 1 and 4 × 3.33% = 0.13 → 0: 5 cents.
      expect(priceOf(rows.find((r) => r.productNo === 'PPERCENT0')!).priceCents).toBe(5);
      const byPrice = await readProductCards(db, '1001', undefined, {
        orderBy: [asc(sellingPriceSql), asc(products.id)],
      });
      const prices = byPrice.map((c) => c.priceCents);
      expect(prices).toEqual(prices.toSorted((a, b) => a - b));
    } finally {
      await db
        .update(shops)
        .set({ globalAddPriceCents: GLOBAL_ADD, globalAddPriceBp: 0 })
        .where(eq(shops.id, '1001'));
    }
  });
});
