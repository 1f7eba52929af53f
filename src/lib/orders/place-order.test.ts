/**
 * 确认订单 and 提交订单 on the embedded database with the real migrations: the preview prices as
 * priceBasket does, the order stores what the preview showed (or is refused when a price moved),
 * an idempotency key answers one order, and the distributor is bound on the server.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '#lib/platform/db/client.server.ts';
import {
  activities,
  cartItems,
  idempotencyKeys,
  orderEvents,
  orderGroups,
  orderLines,
  orders,
  products,
  realNames,
  shopMembers,
  shops,
  skus,
  attributions,
} from '#lib/platform/db/schema.ts';
import { priceBasket } from '#lib/catalog/pricing.ts';
import { ATTRIBUTION_MS } from '#lib/attribution/attribution.ts';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import {
  givenAddress,
  givenMember,
  givenProduct,
  givenSale,
  givenShop,
  givenUser,
} from '#tests/fixtures/given.ts';
import { placeOrder, previewCheckout, type PlaceOrderInput } from './place-order.server.ts';
import { OrderStatus, PAY_WINDOW_MS } from './status.ts';

const NOW = new Date('2026-11-21T04:00:00Z');
const RULE = { pieces: 3, discountTenths: 7 };

let database: Database;
let db: Db;
beforeAll(async () => {
  database = await memoryDatabase({ seed: false });
  db = database.db;
});
afterAll(() => database.close());

let keys = 0;
const newKey = () => `order-key-${(keys += 1)}`;

/**
 * A shop with a global markup of 1.00, freight 10.00 under 99.00, an N件X折 sale (3件7折, markup
 * 0.50) selling a shirt in two sizes at 10.00, a brand sale selling a cap in two colours at
 * 29.90, and a consumer with a default address.
 */
async function givenCheckoutShop() {
  const shop = await givenShop(db);
  await db
    .update(shops)
    .set({ globalAddPriceCents: 100, freightCents: 1000, freeFreightOverCents: 9900 })
    .where(eq(shops.id, shop.shopId));
  const npiece = await givenSale(db, shop.shopId, { now: NOW, kind: 'npiece' });
  await db
    .update(activities)
    .set({ rule: RULE, addPriceCents: 50 })
    .where(eq(activities.id, npiece.id));
  const brand = await givenSale(db, shop.shopId, { now: NOW });
  const shirt = await givenProduct(db, npiece, { priceCents: 1000, skus: 2, stock: 10 });
  const cap = await givenProduct(db, brand, { priceCents: 2990, skus: 2, stock: 10 });
  const shopper = await givenMember(db, shop.shopId);
  const address = await givenAddress(db, shopper.id);
  return { shopId: shop.shopId, shop, npiece, brand, shirt, cap, shopper, address };
}
type CheckoutShop = Awaited<ReturnType<typeof givenCheckoutShop>>;

async function skuIdOf(skuNo: string): Promise<number> {
  const [row] = await db.select({ id: skus.id }).from(skus).where(eq(skus.skuNo, skuNo));
  return row!.id;
}

async function inCart(
  shopId: string,
  userId: number,
  skuNo: string,
  quantity: number,
  extra: { selected?: boolean; distributorId?: number } = {},
) {
  await db
    .insert(cartItems)
    .values({ shopId, userId, skuId: await skuIdOf(skuNo), quantity, ...extra });
}

const stockOf = async (skuNo: string) =>
  (await db.select({ stock: skus.stock }).from(skus).where(eq(skus.skuNo, skuNo)))[0]!.stock;

async function cartOf(shopId: string, userId: number) {
  return db
    .select({ skuNo: skus.skuNo, quantity: cartItems.quantity, selected: cartItems.selected })
    .from(cartItems)
    .innerJoin(skus, eq(skus.id, cartItems.skuId))
    .where(and(eq(cartItems.shopId, shopId), eq(cartItems.userId, userId)))
    .orderBy(asc(cartItems.id));
}

const groupsOf = (userId: number) =>
  db.select().from(orderGroups).where(eq(orderGroups.userId, userId));

/** Previews, then places with the preview's quote (and whatever the test overrides). */
async function previewAndPlace(
  s: CheckoutShop,
  source: { skuNo?: string; quantity?: number } = {},
  extra: Partial<PlaceOrderInput> = {},
) {
  const preview = await previewCheckout(db, {
    shopId: s.shopId,
    userId: s.shopper.id,
    ...source,
    now: NOW,
  });
  const placed = await placeOrder(db, {
    shopId: s.shopId,
    userId: s.shopper.id,
    ...source,
    addressId: s.address.id,
    quote: preview.quote,
    idempotencyKey: newKey(),
    now: NOW,
    ...extra,
  });
  return { preview, placed };
}

async function ordersOfGroup(groupNo: string) {
  const [group] = await db.select().from(orderGroups).where(eq(orderGroups.groupNo, groupNo));
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.groupId, group!.id))
    .orderBy(asc(orders.id));
  const lines = await db
    .select()
    .from(orderLines)
    .where(
      inArray(
        orderLines.orderId,
        rows.map((o) => o.id),
      ),
    )
    .orderBy(asc(orderLines.id));
  return { group: group!, orders: rows, lines };
}

describe('确认订单 prices the checkout as priceBasket does', () => {
  it('charges N件X折 on the full group, freight under the threshold, and the markups', async () => {
    const s = await givenCheckoutShop();
    const [shirt1, shirt2] = s.shirt.skuNos as [string, string];
    const [cap1, cap2] = s.cap.skuNos as [string, string];
    await inCart(s.shopId, s.shopper.id, shirt1, 2);
    await inCart(s.shopId, s.shopper.id, cap1, 1);
    await inCart(s.shopId, s.shopper.id, shirt2, 1);
    await inCart(s.shopId, s.shopper.id, cap2, 1, { selected: false });

    const preview = await previewCheckout(db, { shopId: s.shopId, userId: s.shopper.id, now: NOW });
    const expected = priceBasket(
      [
        { key: shirt1, saleKey: s.npiece.activityNo, rule: RULE, unitCents: 1150, quantity: 2 },
        { key: cap1, saleKey: s.brand.activityNo, rule: null, unitCents: 3090, quantity: 1 },
        { key: shirt2, saleKey: s.npiece.activityNo, rule: RULE, unitCents: 1150, quantity: 1 },
      ],
      { freightCents: 1000, freeOverCents: 9900 },
    );
    // 3 shirts at 11.50 = 34.50, at 7 tenths 24.15: 10.35 off; 24.15 + 30.90 < 99: freight 10.
    expect(expected).toMatchObject({
      goodsCents: 6540,
      discountCents: 1035,
      freightCents: 1000,
      payCents: 6505,
    });
    expect(preview).toMatchObject({
      goodsCents: expected.goodsCents,
      discountCents: expected.discountCents,
      couponCents: 0,
      freightCents: expected.freightCents,
      payCents: expected.payCents,
      pieces: 4,
      freeFreightOverCents: 9900,
      needsRealName: false,
      address: { id: s.address.id, name: '张三', detail: '文三路138号' },
    });
    // One group per sale, in the order the cart shows them; the unselected cap is not bought.
    expect(preview.groups.map((g) => [g.ruleLabel, g.lines.map((l) => l.skuNo)])).toEqual([
      ['3件7折', [shirt1, shirt2]],
      [null, [cap1]],
    ]);
    const byKey = new Map(expected.lines.map((l) => [l.key, l]));
    for (const group of preview.groups) {
      for (const line of group.lines) {
        const want = byKey.get(line.skuNo)!;
        expect(line).toMatchObject({
          lineCents: want.lineCents,
          promotionCents: want.promotionCents,
          couponCents: 0,
          freightCents: want.freightCents,
          paidCents: want.paidCents,
        });
        expect(line.paidCents).toBe(
          line.lineCents - line.promotionCents - line.couponCents + line.freightCents,
        );
      }
      expect(group.payCents).toBe(group.lines.reduce((t, l) => t + l.paidCents, 0));
    }
    expect(preview.groups.reduce((t, g) => t + g.payCents, 0)).toBe(preview.payCents);
  });

  it('waives the freight from the threshold on, counted after the promotion', async () => {
    const s = await givenCheckoutShop();
    const cap = s.cap.skuNos[0]!;
    const shirt = s.shirt.skuNos[0]!;
    const at = (skuNo: string, quantity: number) =>
      previewCheckout(db, { shopId: s.shopId, userId: s.shopper.id, skuNo, quantity, now: NOW });
    expect(await at(cap, 3)).toMatchObject({ goodsCents: 9270, freightCents: 1000 });
    expect(await at(cap, 4)).toMatchObject({ goodsCents: 12_360, freightCents: 0 });
    // 9 shirts: 103.50 of goods, but 72.45 after 3件7折: freight is still charged.
    expect(await at(shirt, 9)).toMatchObject({
      goodsCents: 10_350,
      discountCents: 3105,
      freightCents: 1000,
      payCents: 10_350 - 3105 + 1000,
    });
  });
});

describe('提交订单', () => {
  it('orders the selected cart lines: one group, one order per sale, breakdowns that add up', async () => {
    const s = await givenCheckoutShop();
    const [shirt1, shirt2] = s.shirt.skuNos as [string, string];
    const [cap1, cap2] = s.cap.skuNos as [string, string];
    await inCart(s.shopId, s.shopper.id, shirt1, 2);
    await inCart(s.shopId, s.shopper.id, cap1, 1);
    await inCart(s.shopId, s.shopper.id, shirt2, 1);
    await inCart(s.shopId, s.shopper.id, cap2, 1, { selected: false });

    const { preview, placed } = await previewAndPlace(s, {}, { remark: '请尽快发货' });
    expect(placed.payCents).toBe(preview.payCents);
    expect(placed.payDeadline).toBe(new Date(NOW.getTime() + 12 * 60_000).toISOString());
    expect(PAY_WINDOW_MS).toBe(12 * 60_000);

    const { group, orders: placedOrders, lines } = await ordersOfGroup(placed.groupNo);
    expect(placedOrders.map((o) => o.orderNo)).toEqual(placed.orderNos);
    expect(placedOrders.map((o) => o.activityId)).toEqual([s.npiece.id, s.brand.id]);
    expect(group.payDeadline.getTime()).toBe(NOW.getTime() + 12 * 60_000);
    for (const order of placedOrders) {
      expect(order).toMatchObject({
        status: OrderStatus.AwaitingPayment,
        userId: s.shopper.id,
        shopId: s.shopId,
        remark: '请尽快发货',
        distributorId: null,
        address: {
          name: '张三',
          phone: '13800138000',
          province: '浙江省',
          city: '杭州市',
          district: '西湖区',
          detail: '文三路138号',
        },
        realName: null,
      });
      expect(order.payDeadline.getTime()).toBe(NOW.getTime() + 12 * 60_000);
      const own = lines.filter((l) => l.orderId === order.id);
      const sum = (pick: (l: (typeof lines)[number]) => number) =>
        own.reduce((t, l) => t + pick(l), 0);
      expect(order.goodsCents).toBe(sum((l) => l.lineCents));
      expect(order.discountCents).toBe(sum((l) => l.promotionCents));
      expect(order.couponCents).toBe(sum((l) => l.couponCents));
      expect(order.freightCents).toBe(sum((l) => l.freightCents));
      expect(order.payCents).toBe(sum((l) => l.paidCents));
    }
    const total = (pick: (o: (typeof placedOrders)[number]) => number) =>
      placedOrders.reduce((t, o) => t + pick(o), 0);
    expect(group).toMatchObject({
      goodsCents: total((o) => o.goodsCents),
      discountCents: total((o) => o.discountCents),
      couponCents: total((o) => o.couponCents),
      freightCents: total((o) => o.freightCents),
      payCents: total((o) => o.payCents),
    });
    expect(group).toMatchObject({
      goodsCents: preview.goodsCents,
      discountCents: preview.discountCents,
      freightCents: preview.freightCents,
      payCents: preview.payCents,
    });

    // Every line: unit = base + shop markup + sale markup; paid = line - promotion - coupon + freight.
    const shown = new Map(preview.groups.flatMap((g) => g.lines).map((l) => [l.skuNo, l]));
    expect(lines.map((l) => l.skuNo)).toEqual([shirt1, shirt2, cap1]);
    for (const line of lines) {
      const isShirt = line.skuNo.startsWith(s.shirt.productNo);
      expect(line).toMatchObject({
        baseCents: isShirt ? 1000 : 2990,
        globalAddCents: 100,
        saleAddCents: isShirt ? 50 : 0,
        unitPriceCents: isShirt ? 1150 : 3090,
        profitCents: 0,
        refundStatus: null,
      });
      expect(line.lineCents).toBe(line.unitPriceCents * line.quantity);
      expect(line.paidCents).toBe(
        line.lineCents - line.promotionCents - line.couponCents + line.freightCents,
      );
      expect(line).toMatchObject({
        quantity: shown.get(line.skuNo)!.quantity,
        lineCents: shown.get(line.skuNo)!.lineCents,
        promotionCents: shown.get(line.skuNo)!.promotionCents,
        freightCents: shown.get(line.skuNo)!.freightCents,
        paidCents: shown.get(line.skuNo)!.paidCents,
      });
    }

    // Stock taken; the bought lines leave the cart, the unselected one stays.
    expect([
      await stockOf(shirt1),
      await stockOf(shirt2),
      await stockOf(cap1),
      await stockOf(cap2),
    ]).toEqual([8, 9, 9, 10]);
    expect(await cartOf(s.shopId, s.shopper.id)).toEqual([
      { skuNo: cap2, quantity: 1, selected: false },
    ]);
    const events = await db
      .select()
      .from(orderEvents)
      .where(
        inArray(
          orderEvents.orderId,
          placedOrders.map((o) => o.id),
        ),
      );
    expect(events).toHaveLength(2);
    expect(events.every((e) => e.kind === 'created' && e.actor === 'shopper')).toBe(true);
    expect(events.every((e) => e.toStatus === OrderStatus.AwaitingPayment)).toBe(true);
  });

  it('立即购买 orders one SKU and leaves the cart as it was', async () => {
    const s = await givenCheckoutShop();
    const [shirt1] = s.shirt.skuNos as [string];
    await inCart(s.shopId, s.shopper.id, shirt1, 1);
    const { preview, placed } = await previewAndPlace(s, { skuNo: shirt1, quantity: 3 });
    // Three shirts make one full 3件7折 group.
    expect(preview).toMatchObject({ goodsCents: 3450, discountCents: 1035, freightCents: 1000 });
    expect(placed.orderNos).toHaveLength(1);
    const { lines } = await ordersOfGroup(placed.groupNo);
    expect(lines).toMatchObject([{ skuNo: shirt1, quantity: 3, promotionCents: 1035 }]);
    expect(await stockOf(shirt1)).toBe(7);
    expect(await cartOf(s.shopId, s.shopper.id)).toEqual([
      { skuNo: shirt1, quantity: 1, selected: true },
    ]);
  });

  it('refuses with PRICE_CHANGED when a price moved since the preview, and writes nothing', async () => {
    const s = await givenCheckoutShop();
    const [shirt1] = s.shirt.skuNos as [string];
    const [cap1] = s.cap.skuNos as [string];
    await inCart(s.shopId, s.shopper.id, shirt1, 1);
    await inCart(s.shopId, s.shopper.id, cap1, 1);
    const input = { shopId: s.shopId, userId: s.shopper.id, now: NOW };
    const shown = await previewCheckout(db, input);

    const attempt = (quote: string) =>
      placeOrder(db, { ...input, addressId: s.address.id, quote, idempotencyKey: newKey() });
    const nothingWritten = async () => {
      expect(await groupsOf(s.shopper.id)).toHaveLength(0);
      expect([await stockOf(shirt1), await stockOf(cap1)]).toEqual([10, 10]);
      expect(await cartOf(s.shopId, s.shopper.id)).toHaveLength(2);
    };

    // The SKU's price is raised.
    await db.update(skus).set({ priceCents: 1100 }).where(eq(skus.skuNo, shirt1));
    await expect(attempt(shown.quote)).rejects.toMatchObject({ code: 41003 });
    await nothingWritten();
    // The shop's markup is raised.
    const raised = await previewCheckout(db, input);
    expect(raised.payCents).toBeGreaterThan(shown.payCents);
    await db.update(shops).set({ globalAddPriceCents: 200 }).where(eq(shops.id, s.shopId));
    await expect(attempt(raised.quote)).rejects.toMatchObject({ code: 41003 });
    await expect(attempt(shown.quote)).rejects.toMatchObject({ code: 41003 });
    await nothingWritten();

    // The new preview's quote orders at the new prices.
    const fresh = await previewCheckout(db, input);
    const placed = await attempt(fresh.quote);
    expect(placed.payCents).toBe(fresh.payCents);
    const { lines } = await ordersOfGroup(placed.groupNo);
    expect(lines.find((l) => l.skuNo === shirt1)).toMatchObject({
      baseCents: 1100,
      globalAddCents: 200,
      saleAddCents: 50,
      unitPriceCents: 1350,
    });
  });

  it('answers the same order for the same idempotency key, and refuses the key with another body', async () => {
    const s = await givenCheckoutShop();
    const [cap1] = s.cap.skuNos as [string];
    const source = { skuNo: cap1, quantity: 2 };
    const preview = await previewCheckout(db, {
      shopId: s.shopId,
      userId: s.shopper.id,
      ...source,
      now: NOW,
    });
    const input: PlaceOrderInput = {
      shopId: s.shopId,
      userId: s.shopper.id,
      ...source,
      addressId: s.address.id,
      remark: '放门口',
      quote: preview.quote,
      idempotencyKey: newKey(),
      now: NOW,
    };
    const first = await placeOrder(db, input);
    expect(await placeOrder(db, input)).toEqual(first);
    expect(await placeOrder(db, { ...input, now: new Date(NOW.getTime() + 5_000) })).toEqual(first);
    expect(await groupsOf(s.shopper.id)).toHaveLength(1);
    expect(await stockOf(cap1)).toBe(8);

    await expect(placeOrder(db, { ...input, remark: '别放门口' })).rejects.toMatchObject({
      code: 41005,
    });
    await expect(placeOrder(db, { ...input, quantity: 1 })).rejects.toMatchObject({
      code: 41005,
    });
    await expect(placeOrder(db, { ...input, remark: undefined })).rejects.toMatchObject({
      code: 41005,
    });
    expect(await groupsOf(s.shopper.id)).toHaveLength(1);
    expect(await stockOf(cap1)).toBe(8);

    // The key belongs to the user: another shopper's same key is a key of their own.
    const other = await givenMember(db, s.shopId);
    const otherAddress = await givenAddress(db, other.id);
    const theirs = await placeOrder(db, {
      ...input,
      userId: other.id,
      addressId: otherAddress.id,
    });
    expect(theirs.groupNo).not.toBe(first.groupNo);
  });

  it('leaves the key free when the attempt fails', async () => {
    const s = await givenCheckoutShop();
    const [cap1] = s.cap.skuNos as [string];
    const source = { skuNo: cap1, quantity: 1 };
    const idempotencyKey = newKey();
    const base = { shopId: s.shopId, userId: s.shopper.id, ...source, now: NOW };
    const preview = await previewCheckout(db, base);
    await expect(
      placeOrder(db, { ...base, addressId: s.address.id, quote: 'stale-quote', idempotencyKey }),
    ).rejects.toMatchObject({ code: 41003 });
    await expect(
      placeOrder(db, { ...base, addressId: 999_999, quote: preview.quote, idempotencyKey }),
    ).rejects.toMatchObject({ code: 41001 });
    expect(
      await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, idempotencyKey)),
    ).toHaveLength(0);
    const placed = await placeOrder(db, {
      ...base,
      addressId: s.address.id,
      quote: preview.quote,
      idempotencyKey,
    });
    expect(placed.orderNos).toHaveLength(1);
  });

  it('needs an address of the shopper: none, a missing one or another user’s is ADDRESS_REQUIRED', async () => {
    const s = await givenCheckoutShop();
    const [cap1] = s.cap.skuNos as [string];
    const stranger = await givenMember(db, s.shopId);
    const base = { shopId: s.shopId, userId: stranger.id, skuNo: cap1, quantity: 1, now: NOW };
    const preview = await previewCheckout(db, base);
    expect(preview.address).toBeNull();
    // Asking for another user's address shows none either.
    expect((await previewCheckout(db, { ...base, addressId: s.address.id })).address).toBeNull();
    for (const addressId of [s.address.id, 999_999]) {
      await expect(
        placeOrder(db, { ...base, addressId, quote: preview.quote, idempotencyKey: newKey() }),
      ).rejects.toMatchObject({ code: 41001, message: '请选择收货地址' });
    }
    expect(await groupsOf(stranger.id)).toHaveLength(0);
    expect(await stockOf(cap1)).toBe(10);
  });

  it('needs a verified real name for a cross-border product', async () => {
    const s = await givenCheckoutShop();
    const [shirt1] = s.shirt.skuNos as [string];
    await db.update(products).set({ crossBorder: true }).where(eq(products.id, s.shirt.id));
    const base = { shopId: s.shopId, userId: s.shopper.id, skuNo: shirt1, quantity: 1, now: NOW };
    const preview = await previewCheckout(db, base);
    expect(preview).toMatchObject({ needsRealName: true, realName: null });
    const attempt = () =>
      placeOrder(db, {
        ...base,
        addressId: s.address.id,
        quote: preview.quote,
        idempotencyKey: newKey(),
      });
    await expect(attempt()).rejects.toMatchObject({ code: 41004 });

    // Submitted but not verified yet: still refused.
    const realName = {
      userId: s.shopper.id,
      nameMasked: '张*',
      nameCipher: 'cipher-name',
      idNumberMasked: '3301**********1234',
      idNumberCipher: 'cipher-id',
      idNumberHash: `hash-${s.shopper.id}`,
    };
    await db.insert(realNames).values(realName);
    await expect(attempt()).rejects.toMatchObject({ code: 41004 });
    expect(await groupsOf(s.shopper.id)).toHaveLength(0);
    expect(await stockOf(shirt1)).toBe(10);

    await db.update(realNames).set({ verifiedAt: NOW }).where(eq(realNames.userId, s.shopper.id));
    expect((await previewCheckout(db, base)).realName).toEqual({
      name: '张*',
      idNumber: '3301**********1234',
    });
    const placed = await attempt();
    const { orders: placedOrders, lines } = await ordersOfGroup(placed.groupNo);
    expect(placedOrders[0]!.realName).toEqual({ name: '张*', idNumber: '3301**********1234' });
    expect(lines[0]!.crossBorder).toBe(true);
  });

  it('refuses what cannot be bought with the cart’s reasons, and orders only what can', async () => {
    const s = await givenCheckoutShop();
    const ended = await givenSale(db, s.shopId, { now: NOW, state: 'ended' });
    const upcoming = await givenSale(db, s.shopId, { now: NOW, state: 'upcoming' });
    const withdrawnSale = await givenSale(db, s.shopId, { now: NOW });
    await db.update(activities).set({ status: 0 }).where(eq(activities.id, withdrawnSale.id));
    const endedProduct = await givenProduct(db, ended);
    const upcomingProduct = await givenProduct(db, upcoming);
    const inWithdrawnSale = await givenProduct(db, withdrawnSale);
    const withdrawn = await givenProduct(db, s.brand);
    await db.update(products).set({ status: 0 }).where(eq(products.id, withdrawn.id));
    const soldOut = await givenProduct(db, s.brand, { stock: 0 });
    const few = await givenProduct(db, s.brand, { stock: 2 });
    const direct = (skuNo: string, quantity = 1) =>
      previewCheckout(db, { shopId: s.shopId, userId: s.shopper.id, skuNo, quantity, now: NOW });

    await expect(direct(endedProduct.skuNos[0]!)).rejects.toMatchObject({ message: '活动已结束' });
    await expect(direct(upcomingProduct.skuNos[0]!)).rejects.toMatchObject({
      message: '活动尚未开始，敬请期待',
    });
    await expect(direct(inWithdrawnSale.skuNos[0]!)).rejects.toMatchObject({
      message: '商品不存在或已下架',
    });
    await expect(direct(withdrawn.skuNos[0]!)).rejects.toMatchObject({
      message: '商品不存在或已下架',
    });
    await expect(direct(soldOut.skuNos[0]!)).rejects.toMatchObject({ message: '库存不足' });
    await expect(direct(few.skuNos[0]!, 3)).rejects.toMatchObject({ message: '库存不足' });
    await expect(direct('P-NOT-HERE-01')).rejects.toMatchObject({ message: '商品不存在或已下架' });
    // Another shop's SKU is not this shop's to sell.
    const elsewhere = await givenCheckoutShop();
    await expect(direct(elsewhere.cap.skuNos[0]!)).rejects.toMatchObject({
      message: '商品不存在或已下架',
    });

    // The same refusals when submitting: the stock a preview saw is not trusted.
    const [cap1] = s.cap.skuNos as [string];
    const shown = await direct(cap1, 2);
    await db.update(skus).set({ stock: 1 }).where(eq(skus.skuNo, cap1));
    await expect(
      placeOrder(db, {
        shopId: s.shopId,
        userId: s.shopper.id,
        skuNo: cap1,
        quantity: 2,
        addressId: s.address.id,
        quote: shown.quote,
        idempotencyKey: newKey(),
        now: NOW,
      }),
    ).rejects.toMatchObject({ message: '库存不足' });

    // A cart of nothing buyable has nothing to order; lines with fewer pieces left than they
    // hold must be changed in the cart first.
    for (const p of [endedProduct, upcomingProduct, inWithdrawnSale, withdrawn, soldOut]) {
      await inCart(s.shopId, s.shopper.id, p.skuNos[0]!, 1);
    }
    const cart = { shopId: s.shopId, userId: s.shopper.id, now: NOW };
    await expect(previewCheckout(db, cart)).rejects.toMatchObject({ code: 41002 });
    await inCart(s.shopId, s.shopper.id, few.skuNos[0]!, 3);
    await expect(previewCheckout(db, cart)).rejects.toMatchObject({ message: '库存不足' });
    await db.update(cartItems).set({ quantity: 2 }).where(eq(cartItems.userId, s.shopper.id));

    // The buyable line is ordered; the 失效商品 stay in the cart.
    const preview = await previewCheckout(db, cart);
    expect(preview.groups.flatMap((g) => g.lines.map((l) => l.skuNo))).toEqual([few.skuNos[0]]);
    await placeOrder(db, {
      ...cart,
      addressId: s.address.id,
      quote: preview.quote,
      idempotencyKey: newKey(),
    });
    expect(await stockOf(few.skuNos[0]!)).toBe(0);
    expect((await cartOf(s.shopId, s.shopper.id)).map((l) => l.skuNo)).toEqual(
      [endedProduct, upcomingProduct, inWithdrawnSale, withdrawn, soldOut].map((p) => p.skuNos[0]),
    );
  });
});

describe('the distributor a purchase is attributed to', () => {
  async function givenDistributors() {
    const s = await givenCheckoutShop();
    await db.update(products).set({ commissionRateBp: 1000 }).where(eq(products.id, s.cap.id));
    await db.update(skus).set({ stock: 1000 }).where(eq(skus.productId, s.cap.id));
    const linked = await givenMember(db, s.shopId, { role: 3 });
    const other = await givenMember(db, s.shopId, { role: 3 });
    const consumer = await givenMember(db, s.shopId, { role: 1 });
    const disabled = await givenMember(db, s.shopId, { role: 3, distributorDisable: true });
    const manager = await givenMember(db, s.shopId, { role: 4 });
    const otherShop = await givenShop(db);
    const foreign = await givenMember(db, otherShop.shopId, { role: 3 });
    const stranger = await givenUser(db);
    return { s, linked, other, consumer, disabled, manager, foreign, stranger };
  }

  async function buy(s: CheckoutShop, options: { link?: number }) {
    await db.delete(cartItems).where(eq(cartItems.userId, s.shopper.id));
    await inCart(s.shopId, s.shopper.id, s.cap.skuNos[0]!, 2);
    const { placed } = await previewAndPlace(s, {}, { linkDistributorId: options.link });
    const { orders: placedOrders, lines } = await ordersOfGroup(placed.groupNo);
    return { distributorId: placedOrders[0]!.distributorId, profitCents: lines[0]!.profitCents };
  }

  const unbind = (s: CheckoutShop) =>
    db.delete(attributions).where(eq(attributions.userId, s.shopper.id));

  it('is the keeper the shopper is bound to (first touch), bound at checkout by the link when unbound', async () => {
    const d = await givenDistributors();
    const { s } = d;
    // Two caps at 30.90 paid: 10% of 61.80.
    const attributed = (id: number) => ({ distributorId: id, profitCents: 618 });
    const none = { distributorId: null, profitCents: 0 };

    expect(await buy(s, {})).toEqual(none);
    expect(await buy(s, { link: d.linked.id })).toEqual(attributed(d.linked.id));
    // Bound now: another keeper's link does not take the shopper over, nor does no link.
    expect(await buy(s, { link: d.other.id })).toEqual(attributed(d.linked.id));
    expect(await buy(s, {})).toEqual(attributed(d.linked.id));

    // Ids that are not this shop's active keepers bind nobody.
    for (const id of [d.consumer.id, d.disabled.id, d.manager.id, d.foreign.id, d.stranger.id]) {
      await unbind(s);
      expect(await buy(s, { link: id })).toEqual(none);
    }
    // A keeper disabled after binding counts no more.
    await unbind(s);
    expect(await buy(s, { link: d.other.id })).toEqual(attributed(d.other.id));
    await db
      .update(shopMembers)
      .set({ distributorDisable: true })
      .where(and(eq(shopMembers.shopId, s.shopId), eq(shopMembers.userId, d.other.id)));
    expect(await buy(s, {})).toEqual(none);
    expect(await buy(s, { link: d.linked.id })).toEqual(none);
  });

  it('lapses after the attribution window, and each attributed purchase renews it', async () => {
    const d = await givenDistributors();
    const { s } = d;
    const bindingOf = async () =>
      (await db.select().from(attributions).where(eq(attributions.userId, s.shopper.id)))[0]!;
    expect((await buy(s, { link: d.linked.id })).distributorId).toBe(d.linked.id);
    // An old binding near its end is renewed by the purchase for a whole window from now.
    await db
      .update(attributions)
      .set({ expiresAt: new Date(NOW.getTime() + 1000) })
      .where(eq(attributions.userId, s.shopper.id));
    expect((await buy(s, {})).distributorId).toBe(d.linked.id);
    expect((await bindingOf()).expiresAt.getTime()).toBe(NOW.getTime() + ATTRIBUTION_MS);
    // Lapsed: nobody's, until another keeper's link binds the shopper.
    await db
      .update(attributions)
      .set({ expiresAt: NOW })
      .where(eq(attributions.userId, s.shopper.id));
    expect((await buy(s, {})).distributorId).toBeNull();
    expect((await buy(s, { link: d.other.id })).distributorId).toBe(d.other.id);
    expect((await bindingOf()).distributorId).toBe(d.other.id);
  });
});
