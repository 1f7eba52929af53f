/**
 * The coupon calls of the checkout, the product page and 可用商品 on the embedded database with
 * the real migrations and the demo seed: the checkout calls answer exactly what the order
 * confirmation's preview prices (and placing the order accepts their quote); the caller's usable
 * coupons and their qualification to draw; the centre's coupons for a product; the products a
 * coupon applies to, whose SQL scope agrees with the pure `inScope` on the whole demo catalogue.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '#lib/platform/db/client.server.ts';
import { activities, cartItems, coupons, products, shops, skus } from '#lib/platform/db/schema.ts';
import { SEED_NOW, memoryDatabase } from '#tests/fixtures/db.ts';
import {
  givenAddress,
  givenMember,
  givenProduct,
  givenSale,
  givenShop,
} from '#tests/fixtures/given.ts';
import { placeOrder, previewCheckout } from '#lib/orders/place-order.server.ts';
import { readProductCards } from '#lib/catalog/cards.server.ts';
import { productSaleOpenAt } from '#lib/catalog/filters.server.ts';
import { ProductStatus } from '#lib/catalog/status.ts';
import { drawCoupon, rulesOf } from './draw.server.ts';
import { CouponStatus } from './status.ts';
import { inScope } from './rules.ts';
import {
  checkoutTickets,
  recommendCheckoutCoupon,
  selectCheckoutCoupon,
} from '#lib/orders/coupon-choice.server.ts';
import {
  productCouponTags,
  productCoupons,
  productScopeLine,
  usableCoupons,
} from './for-product.server.ts';
import { readTicketQualification } from './qualification.server.ts';
import {
  couponProducts,
  couponRecommendation,
  heldOffer,
  templateOffer,
} from './products.server.ts';

const NOW = SEED_NOW;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs);

let database: Database;
let db: Db;
beforeAll(async () => {
  database = await memoryDatabase();
  db = database.db;
});
afterAll(() => database.close());

let serial = 0;
const next = () => (serial += 1);

/** A coupon template of the shop: 满100减10, 100 of them, claimable a day either side of NOW. */
async function aCoupon(shopId: string, values: Partial<typeof coupons.$inferInsert> = {}) {
  const [row] = await db
    .insert(coupons)
    .values({
      couponNo: `CC${shopId}${String(next()).padStart(5, '0')}`,
      shopId,
      name: '满100减10',
      amountCents: 1000,
      thresholdCents: 10_000,
      total: 100,
      claimFrom: at(-DAY),
      claimTo: at(DAY),
      validDays: 7,
      ...values,
    })
    .returning({ id: coupons.id });
  return row!.id;
}

const refusalOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) => e as { code?: number; message?: string },
  );

/**
 * A shop charging freight 10.00 under 999.00 with two running sales — 甲品牌 a shirt at 150.00,
 * 乙品牌 a coat at 100.00 — and a shopper with an address holding a 甲品牌 coupon (满100减30) and
 * a shop coupon (满199减20).
 */
async function givenCouponShop() {
  const shop = await givenShop(db);
  await db
    .update(shops)
    .set({ freightCents: 1000, freeFreightOverCents: 99_900 })
    .where(eq(shops.id, shop.shopId));
  const saleA = await givenSale(db, shop.shopId, { now: NOW, title: '甲品牌 特卖' });
  const saleB = await givenSale(db, shop.shopId, { now: NOW, title: '乙品牌 特卖' });
  const shirt = await givenProduct(db, saleA, { priceCents: 15_000, stock: 10 });
  const coat = await givenProduct(db, saleB, { priceCents: 10_000, stock: 10 });
  const shopper = await givenMember(db, shop.shopId);
  const address = await givenAddress(db, shopper.id);
  const brandCouponId = await aCoupon(shop.shopId, {
    name: '甲品牌券',
    amountCents: 3000,
    thresholdCents: 10_000,
    scope: 'brand',
    scopeRef: String(saleA.brandId),
  });
  const shopCouponId = await aCoupon(shop.shopId, {
    name: '店铺通用券',
    amountCents: 2000,
    thresholdCents: 19_900,
  });
  const draw = (couponId: number, userId = shopper.id, now = NOW) =>
    drawCoupon(db, { shopId: shop.shopId, userId, couponId, source: 'center', now });
  return {
    shopId: shop.shopId,
    saleA,
    saleB,
    shirt,
    coat,
    shopper,
    address,
    brandCouponId,
    shopCouponId,
    brandCoupon: await draw(brandCouponId),
    shopCoupon: await draw(shopCouponId),
    draw,
  };
}
type CouponShop = Awaited<ReturnType<typeof givenCouponShop>>;

async function inCart(s: CouponShop, skuNo: string, quantity: number) {
  const [sku] = await db.select({ id: skus.id }).from(skus).where(eq(skus.skuNo, skuNo));
  await db
    .insert(cartItems)
    .values({ shopId: s.shopId, userId: s.shopper.id, skuId: sku!.id, quantity });
}

/** Uses a coupon of the shopper as a checkout does: an order of one shirt placed with it. */
async function useCoupon(s: CouponShop, userCouponId: number) {
  const input = { ...buyShirt(s), userCouponId };
  const { quote } = await previewCheckout(db, input);
  await placeOrder(db, {
    ...input,
    addressId: s.address.id,
    quote,
    idempotencyKey: `calls-key-${next()}`,
  });
}

/** 立即购买 of one shirt (150.00) by the shopper. */
const buyShirt = (s: CouponShop) => ({
  shopId: s.shopId,
  userId: s.shopper.id,
  skuNo: s.shirt.skuNos[0]!,
  quantity: 1,
  now: NOW,
});

describe('checkout calls: the confirmation’s own preview, answered in part', () => {
  it('firmOrderTicketList: the usable and unusable coupons, the one chosen and the amounts of the preview', async () => {
    const s = await givenCouponShop();
    const preview = await previewCheckout(db, buyShirt(s));
    const tickets = await checkoutTickets(db, buyShirt(s));
    expect(tickets).toEqual({
      usable: preview.coupons.usable,
      unusable: preview.coupons.unusable,
      selectedId: preview.coupons.selectedId,
      couponCents: preview.couponCents,
      payCents: preview.payCents,
      refused: null,
    });
    // On 150.00 the brand coupon takes 30.00; the shop coupon's 199.00 is not reached.
    expect(tickets.usable.map((c) => [c.userCouponId, c.offCents])).toEqual([
      [s.brandCoupon, 3000],
    ]);
    expect(tickets.unusable.map((c) => [c.userCouponId, c.refusal])).toEqual([
      [s.shopCoupon, '未达到优惠券使用门槛'],
    ]);
    expect(tickets).toMatchObject({ selectedId: s.brandCoupon, couponCents: 3000 });
    expect(tickets.payCents).toBe(15_000 - 3000 + 1000);
  });

  it('firmOrderTicketList for the cart checkout, with a coupon asked for by id or none', async () => {
    const s = await givenCouponShop();
    await inCart(s, s.shirt.skuNos[0]!, 1);
    await inCart(s, s.coat.skuNos[0]!, 1);
    const input = { shopId: s.shopId, userId: s.shopper.id, now: NOW };
    for (const userCouponId of [undefined, s.shopCoupon, null]) {
      const preview = await previewCheckout(db, { ...input, userCouponId });
      expect(await checkoutTickets(db, { ...input, userCouponId })).toMatchObject({
        usable: preview.coupons.usable,
        selectedId: preview.coupons.selectedId,
        couponCents: preview.couponCents,
        payCents: preview.payCents,
        refused: null,
      });
    }
  });

  it('firmOrderTicketList with a coupon that cannot be used here: the best one instead, and why', async () => {
    const s = await givenCouponShop();
    const best = await previewCheckout(db, buyShirt(s));
    expect(await checkoutTickets(db, { ...buyShirt(s), userCouponId: s.shopCoupon })).toEqual({
      usable: best.coupons.usable,
      unusable: best.coupons.unusable,
      selectedId: s.brandCoupon,
      couponCents: 3000,
      payCents: best.payCents,
      refused: '未达到优惠券使用门槛',
    });
  });

  it('recommendCoupons: the coupon the confirmation preselects, with its amount', async () => {
    const s = await givenCouponShop();
    const preview = await previewCheckout(db, buyShirt(s));
    const recommended = await recommendCheckoutCoupon(db, buyShirt(s));
    expect(recommended).toEqual({
      coupon: preview.coupons.usable[0],
      couponCents: preview.couponCents,
      payCents: preview.payCents,
    });
    expect(recommended.coupon).toMatchObject({
      userCouponId: s.brandCoupon,
      name: '甲品牌券',
      face: '¥30.00',
      condition: '满100减30',
      offCents: 3000,
    });
  });

  it('recommendCoupons: none when no coupon fits (a coat: the brand coupon does not apply)', async () => {
    const s = await givenCouponShop();
    expect(await recommendCheckoutCoupon(db, { ...buyShirt(s), skuNo: s.coat.skuNos[0]! })).toEqual(
      { coupon: null, couponCents: 0, payCents: 10_000 + 1000 },
    );
  });

  it('selectCoupon: the quote of the checkout with the coupon chosen, which placing the order accepts', async () => {
    const s = await givenCouponShop();
    await inCart(s, s.shirt.skuNos[0]!, 1);
    await inCart(s, s.coat.skuNos[0]!, 1);
    const input = { shopId: s.shopId, userId: s.shopper.id, now: NOW };
    // The shop coupon instead of the best (brand) one: 20.00 off 250.00.
    const quote = await selectCheckoutCoupon(db, { ...input, userCouponId: s.shopCoupon });
    const preview = await previewCheckout(db, { ...input, userCouponId: s.shopCoupon });
    expect(quote).toEqual({
      userCouponId: s.shopCoupon,
      coupon: preview.coupons.usable.find((c) => c.userCouponId === s.shopCoupon),
      goodsCents: 25_000,
      discountCents: 0,
      couponCents: 2000,
      freightCents: 1000,
      insuranceCents: 0,
      payCents: 25_000 - 2000 + 1000,
      quote: preview.quote,
    });
    const placed = await placeOrder(db, {
      ...input,
      addressId: s.address.id,
      userCouponId: s.shopCoupon,
      quote: quote.quote,
      idempotencyKey: `calls-key-${next()}`,
    });
    expect(placed.payCents).toBe(quote.payCents);
  });

  it('selectCoupon none: the full amount', async () => {
    const s = await givenCouponShop();
    const quote = await selectCheckoutCoupon(db, { ...buyShirt(s), userCouponId: null });
    expect(quote).toMatchObject({
      userCouponId: null,
      coupon: null,
      couponCents: 0,
      payCents: 15_000 + 1000,
    });
    expect(quote.quote).toBe(
      (await previewCheckout(db, { ...buyShirt(s), userCouponId: null })).quote,
    );
  });

  it('selectCoupon refuses a coupon that cannot pay: below threshold, someone else’s, used', async () => {
    const s = await givenCouponShop();
    expect(
      await refusalOf(selectCheckoutCoupon(db, { ...buyShirt(s), userCouponId: s.shopCoupon })),
    ).toMatchObject({ code: 45006, message: '未达到优惠券使用门槛' });

    const other = await givenMember(db, s.shopId);
    const theirs = await s.draw(s.brandCouponId, other.id);
    expect(
      await refusalOf(selectCheckoutCoupon(db, { ...buyShirt(s), userCouponId: theirs })),
    ).toMatchObject({ code: 45006, message: '优惠券不存在' });

    await useCoupon(s, s.brandCoupon);
    expect(
      await refusalOf(selectCheckoutCoupon(db, { ...buyShirt(s), userCouponId: s.brandCoupon })),
    ).toMatchObject({ code: 45007, message: '优惠券已使用' });
  });
});

describe('selectUserTicketlist: the caller’s coupons usable now', () => {
  it('unused and within their validity, the soonest to end first; on a product only those applying to it', async () => {
    const s = await givenCouponShop();
    // Not usable: used, expired (unused past its end), not valid yet; another user's; another shop's.
    await useCoupon(
      s,
      await s.draw(await aCoupon(s.shopId, { name: '已用券', amountCents: 9000 })),
    );
    await s.draw(await aCoupon(s.shopId, { name: '过期券', validDays: 1 }), s.shopper.id, at(-DAY));
    await s.draw(
      await aCoupon(s.shopId, {
        name: '未到期券',
        validDays: null,
        validFrom: at(HOUR),
        validTo: at(2 * DAY),
      }),
    );
    await s.draw(
      await aCoupon(s.shopId, { name: '别人的券' }),
      (await givenMember(db, s.shopId)).id,
    );
    const soon = await s.draw(await aCoupon(s.shopId, { name: '快到期券', validDays: 1 }));

    const all = await usableCoupons(db, { shopId: s.shopId, userId: s.shopper.id, now: NOW });
    expect(all.map((c) => c.userCouponId)).toEqual([soon, s.brandCoupon, s.shopCoupon]);
    expect(all[1]).toEqual({
      userCouponId: s.brandCoupon,
      name: '甲品牌券',
      description: '',
      face: '¥30.00',
      condition: '满100减30',
      scopeText: '指定品牌可用',
      validFrom: NOW.toISOString(),
      validTo: at(7 * DAY).toISOString(),
    });

    const onCoat = await usableCoupons(db, {
      shopId: s.shopId,
      userId: s.shopper.id,
      productNo: s.coat.productNo,
      now: NOW,
    });
    expect(onCoat.map((c) => c.userCouponId)).toEqual([soon, s.shopCoupon]);
    const onShirt = await usableCoupons(db, {
      shopId: s.shopId,
      userId: s.shopper.id,
      productNo: s.shirt.productNo,
      now: NOW,
    });
    expect(onShirt.map((c) => c.userCouponId)).toEqual([soon, s.brandCoupon, s.shopCoupon]);
  });

  it('a product not on the shop’s shelf: 40401', async () => {
    const s = await givenCouponShop();
    const elsewhere = await givenCouponShop();
    for (const productNo of ['P-NOPE', elsewhere.shirt.productNo]) {
      expect(
        await refusalOf(usableCoupons(db, { shopId: s.shopId, userId: s.shopper.id, productNo })),
      ).toMatchObject({ code: 40401, message: '商品不存在或已下架' });
    }
  });
});

describe('queryUserTicketQualification', () => {
  const qualification = (s: CouponShop, couponId: number, userId = s.shopper.id) =>
    readTicketQualification(db, { shopId: s.shopId, userId, couponId, now: NOW });

  it('立即领取, then 去使用 once drawn (one per shopper), then 已领取 once used', async () => {
    const s = await givenCouponShop();
    const couponId = await aCoupon(s.shopId);
    expect(await qualification(s, couponId)).toEqual({
      couponId,
      mayDraw: true,
      state: 'draw',
      stateText: '立即领取',
      reason: null,
    });
    const held = await s.draw(couponId);
    expect(await qualification(s, couponId)).toEqual({
      couponId,
      mayDraw: false,
      state: 'use',
      stateText: '去使用',
      reason: '您已领取过该优惠券',
    });
    await useCoupon(s, held);
    expect(await qualification(s, couponId)).toMatchObject({
      mayDraw: false,
      state: 'claimed',
      stateText: '已领取',
    });
  });

  it('agrees with the draw: what it says the draw refuses, the draw refuses with that text', async () => {
    const s = await givenCouponShop();
    const cases: Partial<typeof coupons.$inferInsert>[] = [
      { total: 1, issued: 1 },
      { status: CouponStatus.Stopped },
      { claimFrom: at(HOUR) },
      { claimTo: NOW },
      {},
    ];
    for (const values of cases) {
      const couponId = await aCoupon(s.shopId, values);
      const said = await qualification(s, couponId);
      const refused = await refusalOf(s.draw(couponId));
      expect(said.mayDraw).toBe(refused === null);
      expect(said.reason).toBe(refused?.message ?? null);
    }
  });

  it('a coupon of another shop, or none: 40415 优惠券不存在', async () => {
    const s = await givenCouponShop();
    const elsewhere = await givenCouponShop();
    for (const couponId of [elsewhere.shopCouponId, 987_654_321]) {
      expect(await refusalOf(qualification(s, couponId))).toMatchObject({
        code: 40415,
        message: '优惠券不存在',
      });
    }
  });
});

describe('queryCouponListByUserProduct: the centre’s coupons for a product', () => {
  it('those applying to the product, offered in the centre now, with the caller’s button', async () => {
    const s = await givenCouponShop();
    // Not listed: not in the centre, stopped, its window closed; another brand's.
    await aCoupon(s.shopId, { name: '分享券', inCenter: false });
    await aCoupon(s.shopId, { name: '停发券', status: CouponStatus.Stopped });
    await aCoupon(s.shopId, { name: '过期领取券', claimTo: NOW });
    await aCoupon(s.shopId, {
      scope: 'brand',
      scopeRef: String(s.saleB.brandId),
      name: '乙品牌券',
    });
    const productCouponId = await aCoupon(s.shopId, {
      scope: 'product',
      scopeRef: s.shirt.productNo,
      name: '衬衫券',
      claimTo: at(HOUR),
    });

    const page = await productCoupons(db, {
      shopId: s.shopId,
      productNo: s.shirt.productNo,
      userId: s.shopper.id,
      now: NOW,
    });
    expect(page).toMatchObject({ total: 3, pageNum: 1, pageSize: 100_000 });
    // The centre's order: the claim window ending first.
    expect(page.list.map((c) => [c.couponId, c.name, c.state])).toEqual([
      [productCouponId, '衬衫券', 'draw'],
      [s.brandCouponId, '甲品牌券', 'use'],
      [s.shopCouponId, '店铺通用券', 'use'],
    ]);
    // A visitor: no claims of theirs.
    const visitor = await productCoupons(db, {
      shopId: s.shopId,
      productNo: s.shirt.productNo,
      userId: null,
      now: NOW,
    });
    expect(visitor.list.map((c) => c.state)).toEqual(['draw', 'draw', 'draw']);
    // Paged.
    const second = await productCoupons(db, {
      shopId: s.shopId,
      productNo: s.shirt.productNo,
      userId: null,
      pageNum: 2,
      pageSize: 2,
      now: NOW,
    });
    expect(second).toMatchObject({ total: 3, pageNum: 2, pageSize: 2 });
    expect(second.list.map((c) => c.couponId)).toEqual([s.shopCouponId]);
  });

  it('the product page’s row: up to three conditions, those still left first; none when none applies', async () => {
    const s = await givenCouponShop();
    const tags = async (productNo: string) =>
      productCouponTags(db, {
        shopId: s.shopId,
        scopeLine: await productScopeLine(db, { shopId: s.shopId, productNo }),
        now: NOW,
      });
    // The coat: only the shop coupon applies.
    expect(await tags(s.coat.productNo)).toEqual(['满199减20']);
    // A sold-out coupon ending first, and one reading like the shop coupon (named once).
    await aCoupon(s.shopId, {
      amountCents: 9000,
      thresholdCents: 30_000,
      total: 1,
      issued: 1,
      claimTo: at(HOUR),
    });
    await aCoupon(s.shopId, { amountCents: 2000, thresholdCents: 19_900, claimTo: at(2 * HOUR) });
    await aCoupon(s.shopId, { amountCents: 500, thresholdCents: 0, claimTo: at(3 * HOUR) });
    expect(await tags(s.shirt.productNo)).toEqual(['满199减20', '无门槛减5', '满100减30']);
    const bare = await givenSale(db, s.shopId, { now: NOW });
    const elsewhere = await givenShop(db);
    const lone = await givenProduct(db, { ...bare, shopId: s.shopId });
    expect(
      await productCouponTags(db, {
        shopId: elsewhere.shopId,
        scopeLine: await productScopeLine(db, { shopId: s.shopId, productNo: lone.productNo }),
        now: NOW,
      }),
    ).toEqual([]);
  });

  it('an unknown product: 40401', async () => {
    const s = await givenCouponShop();
    expect(
      await refusalOf(
        productCoupons(db, { shopId: s.shopId, productNo: 'P-NOPE', userId: null, now: NOW }),
      ),
    ).toMatchObject({ code: 40401 });
  });
});

describe('the products a coupon applies to', () => {
  it('brand, sale and product scopes list only theirs, on sale now; the shop scope all on sale', async () => {
    const s = await givenCouponShop();
    // 甲品牌 also sells in an upcoming and an ended sale, and has a withdrawn product: none listed.
    const upcoming = await givenSale(db, s.shopId, { now: NOW, state: 'upcoming' });
    const ended = await givenSale(db, s.shopId, { now: NOW, state: 'ended' });
    await db
      .update(activities)
      .set({ brandId: s.saleA.brandId })
      .where(eq(activities.id, upcoming.id));
    await db
      .update(activities)
      .set({ brandId: s.saleA.brandId })
      .where(eq(activities.id, ended.id));
    await givenProduct(db, { ...upcoming, brandId: s.saleA.brandId });
    await givenProduct(db, { ...ended, brandId: s.saleA.brandId });
    const withdrawn = await givenProduct(db, s.saleA);
    await db
      .update(products)
      .set({ status: ProductStatus.Withdrawn })
      .where(eq(products.id, withdrawn.id));
    const hat = await givenProduct(db, s.saleA, { priceCents: 5000 });

    const listed = async (couponId: number, pageNum = 1, pageSize = 20) => {
      const { rules } = await templateOffer(db, { shopId: s.shopId, couponId });
      const page = await couponProducts(db, {
        shopId: s.shopId,
        rules,
        pageNum,
        pageSize,
        now: NOW,
      });
      return { total: page.total, nos: page.list.map((p) => p.productNo) };
    };
    expect(await listed(s.brandCouponId)).toEqual({
      total: 2,
      nos: [s.shirt.productNo, hat.productNo],
    });
    // The shop's order: sale by sale (both sort 0 here), then the products as added.
    expect(await listed(s.shopCouponId)).toEqual({
      total: 3,
      nos: [s.shirt.productNo, s.coat.productNo, hat.productNo],
    });
    const saleCoupon = await aCoupon(s.shopId, { scope: 'activity', scopeRef: s.saleB.activityNo });
    expect(await listed(saleCoupon)).toEqual({ total: 1, nos: [s.coat.productNo] });
    const productCoupon = await aCoupon(s.shopId, { scope: 'product', scopeRef: hat.productNo });
    expect(await listed(productCoupon)).toEqual({ total: 1, nos: [hat.productNo] });
    const malformed = await aCoupon(s.shopId, { scope: 'brand', scopeRef: 'not-a-brand' });
    expect(await listed(malformed)).toEqual({ total: 0, nos: [] });
    // Paged: the second page of one.
    expect(await listed(s.shopCouponId, 2, 1)).toEqual({ total: 3, nos: [s.coat.productNo] });
  });

  it('the SQL scope agrees with inScope on every demo coupon and the whole demo catalogue', async () => {
    const onSale = await db
      .select({
        productNo: products.productNo,
        brandId: products.brandId,
        activityNo: activities.activityNo,
      })
      .from(products)
      .leftJoin(activities, eq(activities.id, products.activityId))
      .where(and(eq(products.shopId, '1001'), eq(products.status, ProductStatus.Published)));
    const openNos = new Set(
      (await readProductCards(db, '1001', productSaleOpenAt(NOW), { orderBy: [] })).map(
        (p) => p.productNo,
      ),
    );
    const templates = await db.select().from(coupons).where(eq(coupons.shopId, '1001'));
    expect(new Set(templates.map((t) => t.scope))).toEqual(new Set(['shop', 'brand', 'activity']));
    for (const template of templates) {
      const rules = rulesOf(template);
      const expected = onSale
        .filter((p) => openNos.has(p.productNo) && inScope(rules, { ...p, goodsCents: 0 }))
        .map((p) => p.productNo)
        .sort();
      const page = await couponProducts(db, {
        shopId: '1001',
        rules,
        pageNum: 1,
        pageSize: 1000,
        now: NOW,
      });
      expect(page.list.map((p) => p.productNo).sort()).toEqual(expected);
      expect(page.total).toBe(expected.length);
      expect(expected.length).toBeGreaterThan(0);
    }
  });

  it('the recommendation: best sellers (type 1) or the cheapest first (type 2), at most 10', async () => {
    const s = await givenCouponShop();
    const cheap = await givenProduct(db, s.saleA, { priceCents: 1000 });
    await db
      .update(products)
      .set({ salesCount: 50 })
      .where(eq(products.productNo, s.shirt.productNo));
    await db.update(products).set({ salesCount: 5 }).where(eq(products.productNo, cheap.productNo));
    const { rules } = await templateOffer(db, { shopId: s.shopId, couponId: s.shopCouponId });
    const nos = async (type: '1' | '2') =>
      (await couponRecommendation(db, { shopId: s.shopId, rules, type, now: NOW })).map(
        (p) => p.productNo,
      );
    expect(await nos('1')).toEqual([s.shirt.productNo, cheap.productNo, s.coat.productNo]);
    expect(await nos('2')).toEqual([cheap.productNo, s.coat.productNo, s.shirt.productNo]);
    const { rules: shopWide } = await templateOffer(db, {
      shopId: '1001',
      couponId: (
        await db.select({ id: coupons.id }).from(coupons).where(eq(coupons.couponNo, 'C100101'))
      )[0]!.id,
    });
    expect(
      await couponRecommendation(db, { shopId: '1001', rules: shopWide, type: '1', now: NOW }),
    ).toHaveLength(10);
  });

  it('the coupon on top: a template of the shop, or a coupon the caller holds with its own rules', async () => {
    const s = await givenCouponShop();
    expect(
      (await templateOffer(db, { shopId: s.shopId, couponId: s.brandCouponId })).offer,
    ).toEqual({
      couponId: s.brandCouponId,
      userCouponId: null,
      name: '甲品牌券',
      description: '',
      face: '¥30.00',
      condition: '满100减30',
      scopeText: '指定品牌可用',
      validFrom: null,
      validTo: null,
    });
    // The template changes after the claim: the held coupon keeps what it was claimed with.
    await db.update(coupons).set({ name: '改名了' }).where(eq(coupons.id, s.brandCouponId));
    const held = await heldOffer(db, {
      shopId: s.shopId,
      userId: s.shopper.id,
      userCouponId: s.brandCoupon,
    });
    expect(held.offer).toMatchObject({
      couponId: s.brandCouponId,
      userCouponId: s.brandCoupon,
      name: '甲品牌券',
      validFrom: NOW.toISOString(),
      validTo: at(7 * DAY).toISOString(),
    });
    expect(held.rules.scopeRef).toBe(String(s.saleA.brandId));

    const elsewhere = await givenCouponShop();
    const someoneElse = await givenMember(db, s.shopId);
    for (const refused of [
      templateOffer(db, { shopId: s.shopId, couponId: elsewhere.shopCouponId }),
      heldOffer(db, { shopId: s.shopId, userId: someoneElse.id, userCouponId: s.brandCoupon }),
      heldOffer(db, {
        shopId: elsewhere.shopId,
        userId: s.shopper.id,
        userCouponId: s.brandCoupon,
      }),
    ]) {
      expect(await refusalOf(refused)).toMatchObject({ code: 40415, message: '优惠券不存在' });
    }
  });
});
