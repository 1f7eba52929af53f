/** The cart page's commands on PGlite: set a quantity, select, delete, read; each user's own cart. */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import {
  givenMember,
  givenProduct,
  givenSale,
  givenShop,
  type GivenSale,
} from '#tests/fixtures/given.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import { activities, cartItems, products, skus } from '#lib/platform/db/schema.ts';
import {
  addToCart,
  countCartSkus,
  deleteCartLines,
  readCart,
  removeCartLines,
  selectCartLines,
  selectedCartSkus,
  setCartQuantity,
} from './cart.server.ts';

let database: Database;
let shopId: string;
let shopper: number;
let other: number;
let brand: GivenSale;
let npiece: GivenSale;
/** SKUs: two of the brand sale, two of the 3件7折 sale. */
let jacket: string;
let boots: string;
let towel: string;
let box: string;

beforeAll(async () => {
  database = await memoryDatabase({ seed: false });
  const db = database.db;
  ({ shopId } = await givenShop(db));
  shopper = (await givenMember(db, shopId)).id;
  other = (await givenMember(db, shopId)).id;
  brand = await givenSale(db, shopId, { title: '森野 户外特卖' });
  npiece = await givenSale(db, shopId, { kind: 'npiece', title: '家居日用 3件7折' });
  await db
    .update(activities)
    .set({ rule: { pieces: 3, discountTenths: 7 } })
    .where(eq(activities.id, npiece.id));
  jacket = (await givenProduct(db, brand, { priceCents: 29_900, stock: 120 })).skuNos[0]!;
  boots = (await givenProduct(db, brand, { priceCents: 39_900, stock: 5 })).skuNos[0]!;
  towel = (await givenProduct(db, npiece, { priceCents: 3_000, stock: 50 })).skuNos[0]!;
  box = (await givenProduct(db, npiece, { priceCents: 5_000, stock: 50 })).skuNos[0]!;
});
afterAll(() => database.close());

const add = (userId: number, skuNo: string, quantity = 1) =>
  addToCart(database.db, { shopId, userId, skuNo, quantity });
const set = (skuNo: string, quantity: number, userId = shopper) =>
  setCartQuantity(database.db, { shopId, userId, skuNo, quantity });

beforeEach(async () => {
  await database.db.delete(cartItems);
  await add(shopper, jacket);
  await add(shopper, boots);
  await add(shopper, towel, 2);
  await add(shopper, box, 2);
  await add(other, jacket, 3);
  await add(other, towel, 1);
});

async function otherCart() {
  const view = await readCart(database.db, shopId, other);
  return {
    count: view.cartSkuNum,
    lines: view.groups.flatMap((g) => g.lines.map((l) => [l.skuNo, l.quantity, l.selected])),
  };
}
/** The other shopper's cart as beforeEach made it. */
const otherBefore = () => [
  [jacket, 3, true],
  [towel, 1, true],
];

describe('reading the cart', () => {
  it('groups by sale, newest first, and totals the 3件7折 sale on its full group', async () => {
    const view = await readCart(database.db, shopId, shopper);
    expect(view.groups.map((g) => [g.activityNo, g.ruleLabel])).toEqual([
      [npiece.activityNo, '3件7折'],
      [brand.activityNo, null],
    ]);
    expect(view.groups[0]!.lines.map((l) => l.skuNo)).toEqual([box, towel]);
    expect(view.groups[1]!.lines[0]).toMatchObject({
      skuNo: boots,
      stock: 5,
      maxQuantity: 5,
      quantity: 1,
      priceCents: 39_900,
    });
    // Box 50, 50 and towel 30 at 70 %; the second towel at full price.
    const discount = 13_000 - 9_100;
    expect(view.totals).toEqual({
      pieces: 6,
      lines: 4,
      goodsCents: 29_900 + 39_900 + 6_000 + 10_000,
      discountCents: discount,
      amountCents: 29_900 + 39_900 + 6_000 + 10_000 - discount,
    });
    expect(view.cartSkuNum).toBe(await countCartSkus(database.db, shopId, shopper));
  });
});

describe('setting a quantity', () => {
  it('sets the line to exactly the quantity, up to the stock and down to 1', async () => {
    expect((await set(boots, 5)).groups[1]!.lines[0]!.quantity).toBe(5);
    const view = await set(boots, 1);
    expect(view.groups[1]!.lines[0]!.quantity).toBe(1);
    expect(view.cartSkuNum).toBe(6);
  });

  it('refuses above the stock (库存不足) and above 99 (单件商品最多购买99件), leaving the line', async () => {
    await expect(set(boots, 6)).rejects.toMatchObject({ message: '库存不足' });
    await expect(set(jacket, 100)).rejects.toMatchObject({ message: '单件商品最多购买99件' });
    expect((await set(jacket, 99)).groups[1]!.lines[1]!.quantity).toBe(99);
    const [line] = await database.db
      .select({ quantity: cartItems.quantity })
      .from(cartItems)
      .innerJoin(skus, eq(skus.id, cartItems.skuId))
      .where(and(eq(cartItems.userId, shopper), eq(skus.skuNo, boots)));
    expect(line!.quantity).toBe(1);
  });

  it('refuses a line the cart does not hold, and touches no one else’s', async () => {
    await expect(set(boots, 2, other)).rejects.toMatchObject({ message: '购物车中没有该商品' });
    await set(jacket, 7);
    expect(await otherCart()).toEqual({ count: 4, lines: expect.arrayContaining(otherBefore()) });
  });

  it('refuses a product taken off the shelf', async () => {
    const [sku] = await database.db.select().from(skus).where(eq(skus.skuNo, boots));
    await database.db.update(products).set({ status: 0 }).where(eq(products.id, sku!.productId));
    try {
      await expect(set(boots, 2)).rejects.toMatchObject({ message: '商品不存在或已下架' });
      const view = await readCart(database.db, shopId, shopper);
      expect(view.invalid).toEqual([
        expect.objectContaining({ skuNo: boots, reason: '商品已下架' }),
      ]);
    } finally {
      await database.db.update(products).set({ status: 1 }).where(eq(products.id, sku!.productId));
    }
  });
});

describe('selecting', () => {
  it('unselects and selects one line, a sale, and all', async () => {
    const select = (target: Parameters<typeof selectCartLines>[1]['target'], selected: boolean) =>
      selectCartLines(database.db, { shopId, userId: shopper, selected, target });
    let view = await select({ skuNos: [jacket] }, false);
    expect(view.groups[1]!.lines.find((l) => l.skuNo === jacket)!.selected).toBe(false);
    expect(view.totals.lines).toBe(3);
    expect(view.allSelected).toBe(false);

    view = await select({ activityNo: npiece.activityNo }, false);
    expect(view.groups[0]!.allSelected).toBe(false);
    expect(view.groups[0]!.lines.every((l) => !l.selected)).toBe(true);
    expect(view.totals).toMatchObject({
      lines: 1,
      pieces: 1,
      discountCents: 0,
      amountCents: 39_900,
    });

    view = await select({ all: true }, true);
    expect(view.allSelected).toBe(true);
    expect(view.totals.lines).toBe(4);
    view = await select({ all: true }, false);
    expect(view.totals).toMatchObject({ lines: 0, pieces: 0, amountCents: 0 });
    expect(await otherCart()).toEqual({ count: 4, lines: expect.arrayContaining(otherBefore()) });
  });

  it('keeps a line sold out since out of the selection and the totals', async () => {
    await database.db.update(skus).set({ stock: 0 }).where(eq(skus.skuNo, boots));
    try {
      const view = await selectCartLines(database.db, {
        shopId,
        userId: shopper,
        selected: true,
        target: { all: true },
      });
      expect(view.invalid).toEqual([expect.objectContaining({ skuNo: boots, reason: '已售罄' })]);
      expect(view.allSelected).toBe(true);
      expect(view.totals.lines).toBe(3);
    } finally {
      await database.db.update(skus).set({ stock: 5 }).where(eq(skus.skuNo, boots));
    }
  });
});

describe('deleting', () => {
  it('deletes many lines of the caller only, and answers the new cart', async () => {
    const view = await deleteCartLines(database.db, {
      shopId,
      userId: shopper,
      skuNos: [jacket, towel, 'NOT-IN-CART'],
    });
    expect(view.groups.flatMap((g) => g.lines.map((l) => l.skuNo))).toEqual([box, boots]);
    expect(view.cartSkuNum).toBe(3);
    expect(await otherCart()).toEqual({ count: 4, lines: expect.arrayContaining(otherBefore()) });
  });

  it('answers the selected lines that can be bought for 去结算, and removes bought lines', async () => {
    await database.db.update(skus).set({ stock: 0 }).where(eq(skus.skuNo, boots));
    try {
      await selectCartLines(database.db, {
        shopId,
        userId: shopper,
        selected: false,
        target: { skuNos: [towel] },
      });
      expect(await selectedCartSkus(database.db, shopId, shopper)).toEqual([
        { skuNo: box, quantity: 2 },
        { skuNo: jacket, quantity: 1 },
      ]);
      expect(
        await removeCartLines(database.db, { shopId, userId: shopper, skuNos: [box, jacket] }),
      ).toBe(2);
      expect(await countCartSkus(database.db, shopId, shopper)).toBe(3);
      expect(await otherCart()).toEqual({ count: 4, lines: expect.arrayContaining(otherBefore()) });
    } finally {
      await database.db.update(skus).set({ stock: 5 }).where(eq(skus.skuNo, boots));
    }
  });

  it('empties the cart', async () => {
    const view = await deleteCartLines(database.db, {
      shopId,
      userId: shopper,
      skuNos: [jacket, boots, towel, box],
    });
    expect(view).toMatchObject({ groups: [], invalid: [], cartSkuNum: 0 });
  });
});
