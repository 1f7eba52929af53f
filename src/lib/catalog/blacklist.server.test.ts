/**
 * hideProduct on PGlite with the real migrations and the demo data: hiding takes a sale off every
 * shopper read (sale lists, brand page, product page, search, sitemap, cart, checkout, shares),
 * undoing brings it back; both are idempotent; another shop's sale or row is refused.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_NOW, memoryDatabase } from '#tests/fixtures/db.ts';
import { givenUser } from '#tests/fixtures/given.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import { activities, saleBlacklist, skus } from '#lib/platform/db/schema.ts';
import { seedHandles } from '#demo/handles.ts';
import { addToCart, readCart } from '#lib/cart/cart.server.ts';
import { previewCheckout } from '#lib/orders/place-order.server.ts';
import { sharedContent } from '#lib/sharing/share.server.ts';
import { ShareType } from '#lib/sharing/channels.ts';
import { shopSitemap } from '#lib/shop/ui/sitemap.server.ts';
import { getBrandSale, getProductDetail, listOngoingSales } from './catalog.server.ts';
import { productCardsByNo } from './cards.server.ts';
import { searchProducts } from './search.server.ts';
import { productPreviewCard } from './preview.server.ts';
import {
  hiddenSaleCount,
  hideSale,
  listHiddenSales,
  listHideableSales,
  undoHide,
} from './blacklist.server.ts';
import { SaleStatus } from './status.ts';

const { shop1001, shop1002 } = seedHandles;
const SALE = shop1001.sales.jijianRunning;
const PRODUCT = SALE.products[0]!;

let database: Database;
let db: Database['db'];
let managerId: number;
let shopperId: number;
beforeAll(async () => {
  database = await memoryDatabase();
  db = database.db;
  managerId = (await givenUser(db)).id;
  shopperId = (await givenUser(db)).id;
});
afterAll(() => database.close());

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: Error & { code: number }) => ({ code: error.code, message: error.message }),
  );
const statusOf = async (activityNo: string) =>
  (
    await db
      .select({ status: activities.status })
      .from(activities)
      .where(eq(activities.activityNo, activityNo))
  )[0]!.status;

/** Whether the sale and its first product show anywhere a shopper looks. */
async function visible() {
  const inSearch = await searchProducts(db, '1001', { keyword: PRODUCT.name, now: SEED_NOW });
  const sitemap = await shopSitemap(db, 'https://shop.test', '1001', SEED_NOW);
  const shared = (type: ShareType, contentId: string) =>
    refusal(sharedContent(db, { shopId: '1001', type, contentId, now: SEED_NOW })).then(
      (error) => error === null,
    );
  return {
    running: (await listOngoingSales(db, '1001', SEED_NOW)).some(
      (s) => s.activityNo === SALE.activityNo,
    ),
    brandPage: (await getBrandSale(db, '1001', SALE.activityNo, { now: SEED_NOW })) !== null,
    productPage: (await getProductDetail(db, '1001', PRODUCT.productNo, SEED_NOW)) !== null,
    moduleCard: (await productCardsByNo(db, '1001', [PRODUCT.productNo])).length === 1,
    search: inSearch.items.some((c) => c.productNo === PRODUCT.productNo),
    sitemapSale: sitemap.includes(SALE.activityNo),
    sitemapProduct: sitemap.includes(PRODUCT.productNo),
    shareSale: await shared(ShareType.Activity, SALE.activityNo),
    shareProduct: await shared(ShareType.Product, PRODUCT.productNo),
    preview: (await productPreviewCard(db, PRODUCT.productNo)) !== null,
  };
}
const everywhere = {
  running: true,
  brandPage: true,
  productPage: true,
  moduleCard: true,
  search: true,
  sitemapSale: true,
  sitemapProduct: true,
  shareSale: true,
  shareProduct: true,
  preview: true,
};
const nowhere = Object.fromEntries(Object.keys(everywhere).map((k) => [k, false]));

async function inStockSku(): Promise<string> {
  const [sku] = await db
    .select({ skuNo: skus.skuNo, stock: skus.stock })
    .from(skus)
    .where(eq(skus.skuNo, PRODUCT.skuNos[0]!));
  if (sku!.stock < 1) await db.update(skus).set({ stock: 5 }).where(eq(skus.skuNo, sku!.skuNo));
  return sku!.skuNo;
}

describe('hiding a sale', () => {
  it('shows before it is hidden', async () => {
    expect(await visible()).toEqual(everywhere);
    expect(await hiddenSaleCount(db, '1001')).toBe(0);
  });

  it('takes it off every shopper read, the cart and the checkout, and lists it as hidden', async () => {
    const skuNo = await inStockSku();
    await addToCart(db, { shopId: '1001', userId: shopperId, skuNo, quantity: 1, now: SEED_NOW });

    const entry = await hideSale(db, {
      shopId: '1001',
      activityNo: SALE.activityNo,
      userId: managerId,
      now: SEED_NOW,
    });
    expect(entry).toMatchObject({ activityNo: SALE.activityNo, hidden: true, undoneAt: null });
    expect(await statusOf(SALE.activityNo)).toBe(SaleStatus.Hidden);
    expect(await visible()).toEqual(nowhere);

    // Not buyable: adding refuses, the cart line is 失效, 立即购买 refuses.
    expect(
      await refusal(
        addToCart(db, { shopId: '1001', userId: shopperId, skuNo, quantity: 1, now: SEED_NOW }),
      ),
    ).toMatchObject({ code: 40401 });
    const cart = await readCart(db, '1001', shopperId, SEED_NOW);
    expect(cart.invalid.map((line) => line.skuNo)).toContain(skuNo);
    expect(JSON.stringify(cart.groups)).not.toContain(skuNo);
    expect(
      await refusal(
        previewCheckout(db, {
          shopId: '1001',
          userId: shopperId,
          skuNo,
          quantity: 1,
          now: SEED_NOW,
        }),
      ),
    ).toMatchObject({ code: 40401 });

    expect(await hiddenSaleCount(db, '1001')).toBe(1);
    const page = await listHiddenSales(db, {
      shopId: '1001',
      pageNum: 1,
      pageSize: 10,
      now: SEED_NOW,
    });
    expect(page).toMatchObject({ total: 1, pageNum: 1, pageSize: 10 });
    expect(page.list).toEqual([
      {
        id: entry.id,
        activityNo: SALE.activityNo,
        title: expect.any(String),
        brandName: expect.any(String),
        brandLogoUrl: expect.any(String),
        state: 'ongoing',
        hiddenAt: SEED_NOW,
      },
    ]);
    const hideable = await listHideableSales(db, '1001', SEED_NOW);
    expect(hideable.map((s) => s.activityNo)).not.toContain(SALE.activityNo);
    expect(hideable.length).toBeGreaterThan(0);
  });

  it('answers the same open row when hidden again', async () => {
    const [open] = await db
      .select({ id: saleBlacklist.id })
      .from(saleBlacklist)
      .where(isNull(saleBlacklist.undoneAt));
    const again = await hideSale(db, {
      shopId: '1001',
      activityNo: SALE.activityNo,
      userId: managerId,
    });
    expect(again).toMatchObject({ id: open!.id, hidden: true });
    expect(await hiddenSaleCount(db, '1001')).toBe(1);
  });

  it("refuses another shop's sale, a withdrawn one, and another shop's row", async () => {
    const other = shop1002.sales.hemuRunning.activityNo;
    expect(
      await refusal(hideSale(db, { shopId: '1001', activityNo: other, userId: managerId })),
    ).toEqual({ code: 49721, message: '活动不存在或不属于本店' });
    expect(await statusOf(other)).toBe(SaleStatus.Published);

    const withdrawn = shop1001.sales.hemuRunning.activityNo;
    await db
      .update(activities)
      .set({ status: SaleStatus.Withdrawn })
      .where(eq(activities.activityNo, withdrawn));
    try {
      expect(
        await refusal(hideSale(db, { shopId: '1001', activityNo: withdrawn, userId: managerId })),
      ).toEqual({ code: 49722, message: '活动已下架，无需隐藏' });
      expect(await statusOf(withdrawn)).toBe(SaleStatus.Withdrawn);
    } finally {
      await db
        .update(activities)
        .set({ status: SaleStatus.Published })
        .where(eq(activities.activityNo, withdrawn));
    }

    const [open] = await db
      .select({ id: saleBlacklist.id })
      .from(saleBlacklist)
      .where(isNull(saleBlacklist.undoneAt));
    expect(
      await refusal(undoHide(db, { shopId: '1002', id: open!.id, userId: managerId })),
    ).toEqual({ code: 49723, message: '隐藏记录不存在' });
    expect(await hiddenSaleCount(db, '1001')).toBe(1);
    expect(await hiddenSaleCount(db, '1002')).toBe(0);
  });
});

describe('undoing a hide', () => {
  it('brings the sale back everywhere; undoing again answers the ended row', async () => {
    const [open] = await db
      .select({ id: saleBlacklist.id })
      .from(saleBlacklist)
      .where(and(eq(saleBlacklist.shopId, '1001'), isNull(saleBlacklist.undoneAt)));
    const undone = await undoHide(db, { shopId: '1001', id: open!.id, userId: managerId });
    expect(undone).toMatchObject({ id: open!.id, activityNo: SALE.activityNo, hidden: false });
    expect(undone.undoneAt).toBeInstanceOf(Date);
    expect(await statusOf(SALE.activityNo)).toBe(SaleStatus.Published);
    expect(await visible()).toEqual(everywhere);
    expect(await hiddenSaleCount(db, '1001')).toBe(0);

    const again = await undoHide(db, { shopId: '1001', id: open!.id, userId: managerId });
    expect(again).toEqual(undone);
    expect(await statusOf(SALE.activityNo)).toBe(SaleStatus.Published);
    expect(await refusal(undoHide(db, { shopId: '1001', id: 999_999, userId: managerId }))).toEqual(
      { code: 49723, message: '隐藏记录不存在' },
    );
  });

  it('lets the sale be hidden again with a new row', async () => {
    const [old] = await db.select({ id: saleBlacklist.id }).from(saleBlacklist);
    const entry = await hideSale(db, {
      shopId: '1001',
      activityNo: SALE.activityNo,
      userId: managerId,
    });
    expect(entry.id).not.toBe(old!.id);
    expect(await hiddenSaleCount(db, '1001')).toBe(1);
    await undoHide(db, { shopId: '1001', id: entry.id, userId: managerId });
    expect(await statusOf(SALE.activityNo)).toBe(SaleStatus.Published);
  });
});
