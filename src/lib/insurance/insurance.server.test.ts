/**
 * Freight insurance on the embedded database with the real migrations: insured checkouts priced,
 * quoted and stored (premium and cover on the group, its orders and lines, within the tables'
 * CHECKs), refused where the shop does not offer it or the goods cannot be covered; claims filed
 * by approved returns, once per order; the buyer's policy and the shop's compensations; the
 * shop's official account QR code. Orders are placed, paid (through the real adapter and the
 * sandbox gateway in-process), shipped and returned through the commands.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '#lib/platform/db/client.server.ts';
import {
  afterSales,
  cartItems,
  insuranceClaims,
  orderGroups,
  orderLines,
  orders,
  products,
  realNames,
  refunds,
  shops,
  skus,
} from '#lib/platform/db/schema.ts';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import {
  givenAddress,
  givenMember,
  givenProduct,
  givenSale,
  givenShop,
} from '#tests/fixtures/given.ts';
import { inProcessGateway, payAtGateway, type InProcessGateway } from '#tests/fixtures/payments.ts';
import { placeOrder, previewCheckout } from '#lib/orders/place-order.server.ts';
import { cancelOrder, changeOrderAddress, shipOrder } from '#lib/orders/commands.server.ts';
import { OrderStatus, RefundStatus } from '#lib/orders/status.ts';
import { createPayment } from '#lib/payments/payments.server.ts';
import { RefundState } from '#lib/payments/status.ts';
import { applyAfterSale, reviewAfterSale } from '#lib/after-sales/after-sales.server.ts';
import type { AfterSaleKind } from '#lib/after-sales/contracts.ts';
import { officialAccountQr } from '#lib/shop/official-account.server.ts';
import {
  listPolicies,
  listShopClaims,
  policySummary,
  readPolicy,
  shopOffersInsurance,
} from './insurance.server.ts';
import { readWuyouPage } from './ui/wuyou-page.server.ts';
import { ClaimStatus } from './status.ts';

const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';

let database: Database;
let db: Db;
let gateway: InProcessGateway;
beforeAll(async () => {
  database = await memoryDatabase({ seed: false });
  db = database.db;
  gateway = await inProcessGateway(db);
});
afterAll(() => database.close());

let keys = 0;
const newKey = () => `insurance-key-${(keys += 1)}`;

const XINJIANG = {
  province: '新疆维吾尔自治区',
  city: '乌鲁木齐市',
  district: '天山区',
  detail: '人民路1号',
};

/**
 * A shop charging freight 10.00 (free only from 500.00), offering freight insurance, with two
 * sales: 甲品牌 sells a shirt in two sizes at 49.90, 乙品牌 a coat at 120.00; a shopper whose
 * default address is in 浙江省.
 */
async function givenInsuredShop() {
  const shop = await givenShop(db);
  await db.update(shops).set({ freeFreightOverCents: 50_000 }).where(eq(shops.id, shop.shopId));
  const saleA = await givenSale(db, shop.shopId, { title: '甲品牌 特卖' });
  const saleB = await givenSale(db, shop.shopId, { title: '乙品牌 特卖' });
  const shirt = await givenProduct(db, saleA, {
    name: '纯棉衬衫',
    priceCents: 4990,
    skus: 2,
    stock: 10,
  });
  const coat = await givenProduct(db, saleB, { name: '羊毛外套', priceCents: 12_000, stock: 10 });
  const shopper = await givenMember(db, shop.shopId);
  const address = await givenAddress(db, shopper.id);
  return {
    shopId: shop.shopId,
    ownerId: shop.ownerId,
    saleA,
    saleB,
    shirt,
    coat,
    shirt1: shirt.skuNos[0]!,
    shirt2: shirt.skuNos[1]!,
    coat1: coat.skuNos[0]!,
    shopper,
    address,
  };
}
type Shop = Awaited<ReturnType<typeof givenInsuredShop>>;

async function inCart(s: Shop, skuNo: string, quantity: number, userId = s.shopper.id) {
  const [sku] = await db.select({ id: skus.id }).from(skus).where(eq(skus.skuNo, skuNo));
  await db.insert(cartItems).values({ shopId: s.shopId, userId, skuId: sku!.id, quantity });
}

type Source = { skuNo?: string; quantity?: number; addressId?: number; userId?: number };

const preview = (s: Shop, insured: boolean, source: Source = {}) =>
  previewCheckout(db, { shopId: s.shopId, userId: s.shopper.id, ...source, insured });

const place = (s: Shop, insured: boolean, quote: string, source: Source = {}) =>
  placeOrder(db, {
    shopId: s.shopId,
    userId: s.shopper.id,
    addressId: s.address.id,
    ...source,
    insured,
    quote,
    idempotencyKey: newKey(),
  });

/** Previews the checkout as insured (or not) and places it with that preview's quote. */
async function previewAndPlace(s: Shop, insured: boolean, source: Source = {}) {
  const shown = await preview(s, insured, source);
  const placed = await place(s, insured, shown.quote, source);
  return { shown, placed };
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
type Placed = Awaited<ReturnType<typeof ordersOfGroup>>;

/** Every order adds up from its lines and the group from its orders, premium included. */
function expectConsistent({ group, orders: rows, lines }: Placed) {
  for (const line of lines) {
    expect(line.paidCents).toBe(
      line.lineCents -
        line.promotionCents -
        line.couponCents +
        line.freightCents +
        line.insuranceCents,
    );
  }
  for (const order of rows) {
    const own = lines.filter((l) => l.orderId === order.id);
    const sum = (pick: (l: (typeof lines)[number]) => number) =>
      own.reduce((t, l) => t + pick(l), 0);
    expect(order.insuranceCents).toBe(sum((l) => l.insuranceCents));
    expect(order.payCents).toBe(sum((l) => l.paidCents));
    expect(order.payCents).toBe(
      order.goodsCents -
        order.discountCents -
        order.couponCents +
        order.freightCents +
        order.insuranceCents,
    );
    expect(order.insuranceCents === 0).toBe(order.insuranceCoverCents === 0);
  }
  const total = (pick: (o: (typeof rows)[number]) => number) =>
    rows.reduce((t, o) => t + pick(o), 0);
  expect(group.insuranceCents).toBe(total((o) => o.insuranceCents));
  expect(group.payCents).toBe(total((o) => o.payCents));
}

/** Pays the group the way a shopper does: opened, paid at the sandbox, its notification applied. */
async function pay(s: Shop, groupNo: string) {
  const opened = await createPayment(db, gateway, {
    shopId: s.shopId,
    userId: s.shopper.id,
    groupNo,
    channel: 'native',
    userAgent: DESKTOP,
    clientIp: '127.0.0.1',
    origin: 'http://shop.test',
    successUrl: (no) => `http://shop.test/pay/success?paymentNo=${no}`,
  });
  await payAtGateway(db, opened.paymentNo);
  // The sandbox's due notifications: this payment's, and any refund's of an earlier test.
  expect(await gateway.deliver()).toBeGreaterThanOrEqual(1);
  const { orders: rows } = await ordersOfGroup(groupNo);
  expect(rows.map((o) => o.status)).toEqual(rows.map(() => OrderStatus.Paid));
  return opened;
}

const ship = (s: Shop, orderNo: string) =>
  shipOrder(db, {
    shopId: s.shopId,
    ownerId: s.ownerId,
    orderNo,
    carrier: 'SF',
    company: '顺丰速运',
    trackingNo: `SF${orderNo}`,
  });

/** An insured (or not) order of the given SKUs, placed from the cart, paid, and shipped when asked. */
async function anOrder(
  s: Shop,
  options: {
    insured: boolean;
    items: [string, number][];
    addressId?: number;
    state?: 'unpaid' | 'paid' | 'shipped';
  },
) {
  await db.delete(cartItems).where(eq(cartItems.userId, s.shopper.id));
  for (const [skuNo, quantity] of options.items) await inCart(s, skuNo, quantity);
  const source = options.addressId === undefined ? {} : { addressId: options.addressId };
  const { placed } = await previewAndPlace(s, options.insured, source);
  const state = options.state ?? 'shipped';
  if (state !== 'unpaid') await pay(s, placed.groupNo);
  if (state === 'shipped') for (const orderNo of placed.orderNos) await ship(s, orderNo);
  const rows = await ordersOfGroup(placed.groupNo);
  return { ...rows, order: rows.orders[0]!, groupNo: placed.groupNo };
}

const apply = (s: Shop, orderNo: string, lineId: number, kind: AfterSaleKind) =>
  applyAfterSale(db, {
    shopId: s.shopId,
    userId: s.shopper.id,
    orderNo,
    lineId,
    kind,
    reason: '不想要了',
    description: '',
    photoIds: [],
    auditChannel: 6,
  });

const review = (s: Shop, afterSaleNo: string, approve: boolean, refusal?: string) =>
  reviewAfterSale(db, gateway, {
    shopId: s.shopId,
    ownerId: s.ownerId,
    afterSaleNo,
    approve,
    refusal,
  });

const claimsOf = (orderId: number) =>
  db.select().from(insuranceClaims).where(eq(insuranceClaims.orderId, orderId));

const afterSaleIdOf = async (afterSaleNo: string) =>
  (
    await db
      .select({ id: afterSales.id })
      .from(afterSales)
      .where(eq(afterSales.afterSaleNo, afterSaleNo))
  )[0]!.id;

/** The constraint a statement violated ('none' when it went through). */
async function violated(statement: PromiseLike<unknown>): Promise<string> {
  try {
    await statement;
    return 'none';
  } catch (error) {
    let cause: unknown = error;
    while (cause && typeof cause === 'object') {
      const { constraint } = cause as { constraint?: unknown };
      if (typeof constraint === 'string') return constraint;
      cause = (cause as { cause?: unknown }).cause;
    }
    return String(error);
  }
}

const policyOf = (s: Shop, orderNo: string, userId = s.shopper.id) =>
  readPolicy(db, { shopId: s.shopId, userId, orderNo });

describe('an insured checkout', () => {
  it('quotes one premium per sale and charges it only when insured, with another quote', async () => {
    const s = await givenInsuredShop();
    await inCart(s, s.shirt1, 1);
    await inCart(s, s.shirt2, 1);
    await inCart(s, s.coat1, 1);

    const plain = await preview(s, false);
    const offer = {
      available: true,
      reason: null,
      // 甲: 99.80 of goods → 0.80; 乙: 120.00 → 1.50.
      premiumCents: 230,
      coverCents: 1200,
      orders: [
        { saleTitle: '甲品牌 特卖', premiumCents: 80 },
        { saleTitle: '乙品牌 特卖', premiumCents: 150 },
      ],
    };
    expect(plain).toMatchObject({
      goodsCents: 21_980,
      freightCents: 1000,
      insuranceCents: 0,
      payCents: 22_980,
      insured: false,
      insurance: offer,
    });
    expect(plain.groups.map((g) => g.insuranceCents)).toEqual([0, 0]);

    const insured = await preview(s, true);
    expect(insured).toMatchObject({
      goodsCents: 21_980,
      freightCents: 1000,
      insuranceCents: 230,
      payCents: 23_210,
      insured: true,
      insurance: offer,
    });
    expect(insured.quote).not.toBe(plain.quote);
    expect(
      insured.groups.map((g) => [g.saleTitle, g.insuranceCents, g.payCents, g.lines.length]),
    ).toEqual([
      ['甲品牌 特卖', 80, 4990 * 2 + 454 + 80, 2],
      ['乙品牌 特卖', 150, 12_000 + 546 + 150, 1],
    ]);
    expect(
      insured.groups.flatMap((g) =>
        g.lines.map((l) => [l.skuNo, l.freightCents, l.insuranceCents, l.paidCents]),
      ),
    ).toEqual([
      [s.shirt1, 227, 40, 4990 + 227 + 40],
      [s.shirt2, 227, 40, 4990 + 227 + 40],
      [s.coat1, 546, 150, 12_000 + 546 + 150],
    ]);
  });

  it('stores the premium on the group, each order and each line, and the cover on each order', async () => {
    const s = await givenInsuredShop();
    await inCart(s, s.shirt1, 1);
    await inCart(s, s.shirt2, 1);
    await inCart(s, s.coat1, 1);
    const { shown, placed } = await previewAndPlace(s, true);
    expect(placed.payCents).toBe(23_210);
    expect(placed.payCents).toBe(shown.payCents);

    const stored = await ordersOfGroup(placed.groupNo);
    expect(stored.group).toMatchObject({
      goodsCents: 21_980,
      discountCents: 0,
      couponCents: 0,
      freightCents: 1000,
      insuranceCents: 230,
      payCents: 23_210,
    });
    expect(stored.orders.map((o) => o.orderNo)).toEqual(placed.orderNos);
    expect(
      stored.orders.map((o) => [
        o.saleTitle,
        o.goodsCents,
        o.freightCents,
        o.insuranceCents,
        o.insuranceCoverCents,
        o.payCents,
      ]),
    ).toEqual([
      ['甲品牌 特卖', 9980, 454, 80, 1200, 10_514],
      ['乙品牌 特卖', 12_000, 546, 150, 1200, 12_696],
    ]);
    expect(stored.lines.map((l) => [l.skuNo, l.insuranceCents, l.paidCents])).toEqual([
      [s.shirt1, 40, 5257],
      [s.shirt2, 40, 5257],
      [s.coat1, 150, 12_696],
    ]);
    expectConsistent(stored);
  });

  it('stores no premium and no cover when not insured', async () => {
    const s = await givenInsuredShop();
    const { placed } = await previewAndPlace(s, false, { skuNo: s.coat1, quantity: 1 });
    const stored = await ordersOfGroup(placed.groupNo);
    expect(stored.group).toMatchObject({ insuranceCents: 0, payCents: 13_000 });
    expect(stored.orders).toMatchObject([
      { insuranceCents: 0, insuranceCoverCents: 0, payCents: 13_000 },
    ]);
    expect(stored.lines).toMatchObject([{ insuranceCents: 0, paidCents: 13_000 }]);
    expectConsistent(stored);
  });

  it('covers 25.00 from a remote province and 12.00 elsewhere, by the address ordered to', async () => {
    const s = await givenInsuredShop();
    const remote = await givenAddress(db, s.shopper.id, XINJIANG);
    const direct = { skuNo: s.coat1, quantity: 2 };
    // The default address (浙江省) is quoted unless another is chosen.
    expect((await preview(s, true, direct)).insurance).toMatchObject({
      premiumCents: 150,
      coverCents: 1200,
    });
    const there = await preview(s, true, { ...direct, addressId: remote.id });
    expect(there.address).toMatchObject({ id: remote.id, province: '新疆维吾尔自治区' });
    expect(there.insurance).toMatchObject({ available: true, premiumCents: 150, coverCents: 2500 });
    // The cover is not priced: the quote is the same whichever address.
    expect(there.quote).toBe((await preview(s, true, direct)).quote);

    const toRemote = await place(s, true, there.quote, { ...direct, addressId: remote.id });
    const stored = await ordersOfGroup(toRemote.groupNo);
    expect(stored.orders).toMatchObject([
      {
        insuranceCents: 150,
        insuranceCoverCents: 2500,
        address: { province: '新疆维吾尔自治区', city: '乌鲁木齐市' },
      },
    ]);
    expectConsistent(stored);

    const toHome = await place(s, true, there.quote, direct);
    expect((await ordersOfGroup(toHome.groupNo)).orders).toMatchObject([
      { insuranceCents: 150, insuranceCoverCents: 1200, address: { province: '浙江省' } },
    ]);
  });

  it('refuses an insured order with the uninsured quote, and the other way round, writing nothing', async () => {
    const s = await givenInsuredShop();
    const direct = { skuNo: s.coat1, quantity: 1 };
    const plain = await preview(s, false, direct);
    const insured = await preview(s, true, direct);
    await expect(place(s, true, plain.quote, direct)).rejects.toMatchObject({
      code: 41003,
      message: '商品价格有变动，请确认新的应付金额后再提交',
    });
    await expect(place(s, false, insured.quote, direct)).rejects.toMatchObject({ code: 41003 });
    expect(
      await db.select().from(orderGroups).where(eq(orderGroups.userId, s.shopper.id)),
    ).toHaveLength(0);
    const [sku] = await db.select({ stock: skus.stock }).from(skus).where(eq(skus.skuNo, s.coat1));
    expect(sku!.stock).toBe(10);

    const placed = await place(s, true, insured.quote, direct);
    expect(placed.payCents).toBe(12_000 + 1000 + 150);
  });

  it('answers one order per idempotency key, and refuses the key asked again with insured changed', async () => {
    const s = await givenInsuredShop();
    const direct = { skuNo: s.coat1, quantity: 1 };
    const insured = await preview(s, true, direct);
    const input = {
      shopId: s.shopId,
      userId: s.shopper.id,
      addressId: s.address.id,
      ...direct,
      insured: true,
      quote: insured.quote,
      idempotencyKey: newKey(),
    };
    const first = await placeOrder(db, input);
    expect(await placeOrder(db, input)).toEqual(first);
    await expect(placeOrder(db, { ...input, insured: false })).rejects.toMatchObject({
      code: 41005,
    });
    await expect(placeOrder(db, { ...input, insured: undefined })).rejects.toMatchObject({
      code: 41005,
    });
    expect(
      await db.select().from(orderGroups).where(eq(orderGroups.userId, s.shopper.id)),
    ).toHaveLength(1);
  });

  it('keeps the cover it was ordered with when the address changes to a remote province', async () => {
    const s = await givenInsuredShop();
    const remote = await givenAddress(db, s.shopper.id, XINJIANG);
    const o = await anOrder(s, { insured: true, items: [[s.coat1, 1]], state: 'unpaid' });
    await changeOrderAddress(db, {
      shopId: s.shopId,
      userId: s.shopper.id,
      orderNo: o.order.orderNo,
      addressId: remote.id,
      when: 'unpaid',
    });
    const [row] = await db.select().from(orders).where(eq(orders.id, o.order.id));
    expect(row).toMatchObject({
      insuranceCents: 150,
      insuranceCoverCents: 1200,
      address: { province: '新疆维吾尔自治区' },
    });
    expect(await policyOf(s, o.order.orderNo)).toMatchObject({
      coverCents: 1200,
      province: '新疆维吾尔自治区',
    });
  });

  it('is not offered by a shop that has not opened it: NOT_OFFERED when asked for', async () => {
    const s = await givenInsuredShop();
    await db.update(shops).set({ freightInsurance: false }).where(eq(shops.id, s.shopId));
    const direct = { skuNo: s.coat1, quantity: 1 };
    const plain = await preview(s, false, direct);
    expect(plain).toMatchObject({ insured: false, insuranceCents: 0, payCents: 13_000 });
    expect(plain.insurance).toEqual({
      available: false,
      reason: '本店暂未开通运费险',
      premiumCents: 0,
      coverCents: 1200,
      orders: [],
    });
    const refusal = { code: 44001, message: '本店暂未开通运费险' };
    await expect(preview(s, true, direct)).rejects.toMatchObject(refusal);
    await expect(place(s, true, plain.quote, direct)).rejects.toMatchObject(refusal);
    expect(
      await db.select().from(orderGroups).where(eq(orderGroups.userId, s.shopper.id)),
    ).toHaveLength(0);
    // Without insurance the order is placed as ever.
    expect((await place(s, false, plain.quote, direct)).payCents).toBe(13_000);
  });

  it('is not available for cross-border goods only: NOT_INSURABLE when asked for', async () => {
    const s = await givenInsuredShop();
    await db
      .update(products)
      .set({ crossBorder: true })
      .where(inArray(products.id, [s.shirt.id, s.coat.id]));
    await inCart(s, s.shirt1, 1);
    await inCart(s, s.coat1, 1);
    const plain = await preview(s, false);
    expect(plain.insurance).toEqual({
      available: false,
      reason: '跨境商品暂不支持运费险',
      premiumCents: 0,
      coverCents: 1200,
      orders: [],
    });
    await expect(preview(s, true)).rejects.toMatchObject({
      code: 44002,
      message: '跨境商品暂不支持运费险',
    });
    await expect(preview(s, true, { skuNo: s.coat1, quantity: 1 })).rejects.toMatchObject({
      code: 44002,
    });
  });

  it('insures the other sale of a checkout with cross-border goods, and not theirs', async () => {
    const s = await givenInsuredShop();
    await db.update(products).set({ crossBorder: true }).where(eq(products.id, s.shirt.id));
    await db.insert(realNames).values({
      userId: s.shopper.id,
      nameMasked: '张*',
      nameCipher: 'cipher-name',
      idNumberMasked: '3301**********1234',
      idNumberCipher: 'cipher-id',
      idNumberHash: `hash-${s.shopper.id}`,
      verifiedAt: new Date(),
    });
    await inCart(s, s.shirt1, 1);
    await inCart(s, s.coat1, 1);
    const shown = await preview(s, true);
    expect(shown.insurance).toMatchObject({
      available: true,
      reason: null,
      premiumCents: 150,
      orders: [
        { saleTitle: '甲品牌 特卖', premiumCents: 0 },
        { saleTitle: '乙品牌 特卖', premiumCents: 150 },
      ],
    });
    expect(shown.insuranceCents).toBe(150);
    const placed = await place(s, true, shown.quote);
    const stored = await ordersOfGroup(placed.groupNo);
    expect(stored.orders.map((o) => [o.insuranceCents, o.insuranceCoverCents])).toEqual([
      [0, 0],
      [150, 1200],
    ]);
    expect(stored.group.insuranceCents).toBe(150);
    expectConsistent(stored);
  });
});

describe('claims', () => {
  it('an approved return files one claim of the order’s cover; a second return of the order files none', async () => {
    const s = await givenInsuredShop();
    const remote = await givenAddress(db, s.shopper.id, XINJIANG);
    const o = await anOrder(s, {
      insured: true,
      items: [
        [s.shirt1, 1],
        [s.shirt2, 1],
      ],
      addressId: remote.id,
    });
    expect(o.order).toMatchObject({
      status: OrderStatus.Shipped,
      insuranceCents: 80,
      insuranceCoverCents: 2500,
    });
    const [line1, line2] = o.lines as [Placed['lines'][number], Placed['lines'][number]];
    expect([line1.paidCents, line1.freightCents, line1.insuranceCents]).toEqual([5530, 500, 40]);

    const first = await apply(s, o.order.orderNo, line1.id, 'return');
    // The freight and the premium were used: the goods come back.
    expect(first.amountCents).toBe(4990);
    expect(first.claim).toBeNull();
    const approved = await review(s, first.afterSaleNo, true);
    expect(approved.claim).toEqual({
      claimNo: expect.stringMatching(/^C\d{21}$/),
      amountCents: 2500,
      statusText: '待赔付',
    });
    const claims = await claimsOf(o.order.id);
    expect(claims).toHaveLength(1);
    expect(claims[0]).toMatchObject({
      claimNo: approved.claim!.claimNo,
      afterSaleId: await afterSaleIdOf(first.afterSaleNo),
      shopId: s.shopId,
      userId: s.shopper.id,
      amountCents: 2500,
      status: ClaimStatus.Owed,
      paidAt: null,
    });

    const second = await apply(s, o.order.orderNo, line2.id, 'return');
    expect(second.amountCents).toBe(4990);
    const again = await review(s, second.afterSaleNo, true);
    expect(again.status).toBe(RefundStatus.Approved);
    expect(again.claim).toBeNull();
    expect((await claimsOf(o.order.id)).map((c) => c.claimNo)).toEqual([approved.claim!.claimNo]);
  });

  it('a refused return files none; applied again and approved it files one', async () => {
    const s = await givenInsuredShop();
    const o = await anOrder(s, { insured: true, items: [[s.coat1, 1]] });
    const line = o.lines[0]!;
    const refused = await apply(s, o.order.orderNo, line.id, 'return');
    expect(refused.amountCents).toBe(12_000);
    const decided = await review(s, refused.afterSaleNo, false, '商品已使用');
    expect(decided).toMatchObject({ status: RefundStatus.Failed, claim: null });
    expect(await claimsOf(o.order.id)).toEqual([]);
    expect((await policyOf(s, o.order.orderNo)).state).toBe('active');

    const retried = await apply(s, o.order.orderNo, line.id, 'return');
    const approved = await review(s, retried.afterSaleNo, true);
    expect(approved.claim).toMatchObject({ amountCents: 1200, statusText: '待赔付' });
    expect(await claimsOf(o.order.id)).toMatchObject([
      { afterSaleId: await afterSaleIdOf(retried.afterSaleNo), amountCents: 1200 },
    ]);
  });

  it('an approved return of an uninsured order files none', async () => {
    const s = await givenInsuredShop();
    const o = await anOrder(s, { insured: false, items: [[s.coat1, 1]] });
    expect(o.order).toMatchObject({ insuranceCents: 0, insuranceCoverCents: 0 });
    const view = await apply(s, o.order.orderNo, o.lines[0]!.id, 'return');
    expect(view.amountCents).toBe(12_000);
    expect((await review(s, view.afterSaleNo, true)).claim).toBeNull();
    expect(await claimsOf(o.order.id)).toEqual([]);
  });

  it('an approved refund before shipping files none and gives the line’s premium share back', async () => {
    const s = await givenInsuredShop();
    const o = await anOrder(s, {
      insured: true,
      items: [
        [s.shirt1, 1],
        [s.shirt2, 1],
      ],
      state: 'paid',
    });
    expect(o.order).toMatchObject({ payCents: 11_060, insuranceCents: 80 });
    const [line1, line2] = o.lines as [Placed['lines'][number], Placed['lines'][number]];

    const first = await apply(s, o.order.orderNo, line1.id, 'refund');
    // Goods 49.90 + freight 5.00 + premium 0.40.
    expect(first.amountCents).toBe(5530);
    const approved = await review(s, first.afterSaleNo, true);
    expect(approved.claim).toBeNull();
    expect(await claimsOf(o.order.id)).toEqual([]);
    const refundsOf = () =>
      db
        .select({ amountCents: refunds.amountCents, status: refunds.status })
        .from(refunds)
        .where(eq(refunds.orderId, o.order.id))
        .orderBy(asc(refunds.id));
    await expect
      .poll(async () => (await refundsOf()).map((r) => r.status))
      .toEqual([RefundState.Processing]);
    expect((await refundsOf()).map((r) => r.amountCents)).toEqual([5530]);
    // One line is still to ship: the policy stays in force.
    expect((await policyOf(s, o.order.orderNo)).state).toBe('active');

    // The other line refunded too: all the premium went back and the policy is void.
    const second = await apply(s, o.order.orderNo, line2.id, 'refund');
    expect(second.amountCents).toBe(5530);
    await review(s, second.afterSaleNo, true);
    await expect
      .poll(async () => (await refundsOf()).map((r) => r.status))
      .toEqual([RefundState.Processing, RefundState.Processing]);
    expect((await refundsOf()).reduce((t, r) => t + r.amountCents, 0)).toBe(o.order.payCents);
    expect(await claimsOf(o.order.id)).toEqual([]);
    expect(await policyOf(s, o.order.orderNo)).toMatchObject({
      state: 'void',
      stateText: '已失效',
      orderStatusText: '已取消',
      claim: null,
    });
  });
});

describe('the buyer’s policy', () => {
  it('is pending until paid, in force once paid, claimed after an approved return', async () => {
    const s = await givenInsuredShop();
    const o = await anOrder(s, { insured: true, items: [[s.coat1, 2]], state: 'unpaid' });
    const pending = await policyOf(s, o.order.orderNo);
    expect(pending).toEqual({
      orderNo: o.order.orderNo,
      saleTitle: '乙品牌 特卖',
      orderStatusText: '待付款',
      imageUrl: null,
      pieces: 2,
      premiumCents: 150,
      coverCents: 1200,
      state: 'pending',
      stateText: '待生效',
      province: '浙江省',
      insuredAt: null,
      claim: null,
    });

    await pay(s, o.groupNo);
    const [paid] = await db.select().from(orders).where(eq(orders.id, o.order.id));
    expect(await policyOf(s, o.order.orderNo)).toMatchObject({
      state: 'active',
      stateText: '保障中',
      orderStatusText: '待发货',
      insuredAt: paid!.paidAt!.toISOString(),
      claim: null,
    });

    await ship(s, o.order.orderNo);
    const view = await apply(s, o.order.orderNo, o.lines[0]!.id, 'return');
    const approved = await review(s, view.afterSaleNo, true);
    const [claim] = await claimsOf(o.order.id);
    expect(await policyOf(s, o.order.orderNo)).toMatchObject({
      state: 'claimed',
      stateText: '已理赔',
      orderStatusText: '待收货',
      claim: {
        claimNo: approved.claim!.claimNo,
        afterSaleNo: view.afterSaleNo,
        amountCents: 1200,
        statusText: '待赔付',
        createdAt: claim!.createdAt.toISOString(),
      },
    });
  });

  it('is void once the unpaid order is cancelled', async () => {
    const s = await givenInsuredShop();
    const o = await anOrder(s, { insured: true, items: [[s.shirt1, 1]], state: 'unpaid' });
    await cancelOrder(db, {
      shopId: s.shopId,
      userId: s.shopper.id,
      orderNo: o.order.orderNo,
      reason: '不想要了',
    });
    expect(await policyOf(s, o.order.orderNo)).toMatchObject({
      state: 'void',
      stateText: '已失效',
      orderStatusText: '已取消',
      premiumCents: 80,
      insuredAt: null,
    });
  });

  it('is the caller’s own insured order’s: NOT_INSURED for an uninsured one, ORDER_NOT_FOUND for another’s', async () => {
    const s = await givenInsuredShop();
    const insured = await anOrder(s, { insured: true, items: [[s.coat1, 1]], state: 'unpaid' });
    const plain = await anOrder(s, { insured: false, items: [[s.shirt1, 1]], state: 'unpaid' });
    await expect(policyOf(s, plain.order.orderNo)).rejects.toMatchObject({
      code: 40414,
      message: '该订单未投保运费险',
    });
    const stranger = await givenMember(db, s.shopId);
    await expect(policyOf(s, insured.order.orderNo, stranger.id)).rejects.toMatchObject({
      code: 40411,
      message: '订单不存在',
    });
    await expect(policyOf(s, plain.order.orderNo, stranger.id)).rejects.toMatchObject({
      code: 40411,
    });
    await expect(policyOf(s, 'NO-SUCH-ORDER')).rejects.toMatchObject({ code: 40411 });
    // Through another shop the order is not found either.
    const other = await givenInsuredShop();
    await expect(
      readPolicy(db, {
        shopId: other.shopId,
        userId: s.shopper.id,
        orderNo: insured.order.orderNo,
      }),
    ).rejects.toMatchObject({ code: 40411 });
  });

  it('lists the caller’s insured orders in the shop, newest first', async () => {
    const s = await givenInsuredShop();
    const older = await anOrder(s, { insured: true, items: [[s.coat1, 1]], state: 'unpaid' });
    await anOrder(s, { insured: false, items: [[s.coat1, 1]], state: 'unpaid' });
    const newer = await anOrder(s, { insured: true, items: [[s.shirt1, 3]], state: 'unpaid' });
    const list = await listPolicies(db, { shopId: s.shopId, userId: s.shopper.id });
    expect(list.map((p) => [p.orderNo, p.premiumCents, p.pieces, p.state])).toEqual([
      [newer.order.orderNo, 150, 3, 'pending'],
      [older.order.orderNo, 150, 1, 'pending'],
    ]);
    const stranger = await givenMember(db, s.shopId);
    expect(await listPolicies(db, { shopId: s.shopId, userId: stranger.id })).toEqual([]);
  });
});

describe('无忧购: the shopper’s freight insurance at a glance', () => {
  it('counts the policies in force and the claims with their sum, over all insured orders', async () => {
    const s = await givenInsuredShop();
    const mine = { shopId: s.shopId, userId: s.shopper.id };
    expect(await policySummary(db, mine)).toEqual({ inForce: 0, claims: 0, claimedCents: 0 });

    // 待生效 (unpaid), 已失效 (cancelled) and an uninsured order count for nothing.
    await anOrder(s, { insured: true, items: [[s.shirt1, 1]], state: 'unpaid' });
    const cancelled = await anOrder(s, { insured: true, items: [[s.shirt2, 1]], state: 'unpaid' });
    await cancelOrder(db, { ...mine, orderNo: cancelled.order.orderNo, reason: '不想要了' });
    await anOrder(s, { insured: false, items: [[s.coat1, 1]], state: 'paid' });
    expect(await policySummary(db, mine)).toEqual({ inForce: 0, claims: 0, claimedCents: 0 });

    // Two in force (paid; shipped), then one of them claimed by an approved return.
    await anOrder(s, { insured: true, items: [[s.coat1, 1]], state: 'paid' });
    const returned = await anOrder(s, { insured: true, items: [[s.shirt1, 2]] });
    expect(await policySummary(db, mine)).toEqual({ inForce: 2, claims: 0, claimedCents: 0 });
    const view = await apply(s, returned.order.orderNo, returned.lines[0]!.id, 'return');
    await review(s, view.afterSaleNo, true);
    expect(await policySummary(db, mine)).toEqual({ inForce: 1, claims: 1, claimedCents: 1200 });

    // Another shopper's, or this shopper's in another shop: nothing of theirs.
    const stranger = await givenMember(db, s.shopId);
    expect(await policySummary(db, { shopId: s.shopId, userId: stranger.id })).toEqual({
      inForce: 0,
      claims: 0,
      claimedCents: 0,
    });
    const other = await givenInsuredShop();
    expect(await policySummary(db, { shopId: other.shopId, userId: s.shopper.id })).toEqual({
      inForce: 0,
      claims: 0,
      claimedCents: 0,
    });
  });

  it('reads whether the shop offers it, the cover at the default address and the newest three', async () => {
    const s = await givenInsuredShop();
    const mine = { shopId: s.shopId, userId: s.shopper.id };
    const placed = [];
    for (const skuNo of [s.shirt1, s.shirt2, s.coat1, s.shirt1]) {
      placed.push(await anOrder(s, { insured: true, items: [[skuNo, 1]], state: 'paid' }));
    }
    const page = await readWuyouPage(db, mine);
    expect(page.offered).toBe(true);
    expect(page.cover).toEqual({ province: '浙江省', cents: 1200 });
    expect(page.summary).toEqual({ inForce: 4, claims: 0, claimedCents: 0 });
    expect(page.recent.map((p) => p.orderNo)).toEqual(
      placed
        .slice(1)
        .reverse()
        .map((o) => o.order.orderNo),
    );

    // A default address in 新疆: a return from there is paid the higher cover.
    await givenAddress(db, s.shopper.id, { ...XINJIANG, isDefault: true });
    expect((await readWuyouPage(db, mine)).cover).toEqual({
      province: '新疆维吾尔自治区',
      cents: 2500,
    });

    // The owner turns the offer off; a shopper without an address has no cover to show.
    await db.update(shops).set({ freightInsurance: false }).where(eq(shops.id, s.shopId));
    expect(await shopOffersInsurance(db, s.shopId)).toBe(false);
    const newcomer = await givenMember(db, s.shopId);
    expect(await readWuyouPage(db, { shopId: s.shopId, userId: newcomer.id })).toEqual({
      offered: false,
      cover: null,
      summary: { inForce: 0, claims: 0, claimedCents: 0 },
      recent: [],
    });
  });
});

describe('the shop’s compensations', () => {
  it('are the owner’s alone, newest first, with what the shop owes and has paid', async () => {
    const s = await givenInsuredShop();
    const remote = await givenAddress(db, s.shopper.id, XINJIANG);
    const home = await anOrder(s, { insured: true, items: [[s.coat1, 1]] });
    const far = await anOrder(s, { insured: true, items: [[s.shirt1, 1]], addressId: remote.id });
    const plain = await anOrder(s, { insured: false, items: [[s.shirt2, 1]] });
    const returned: string[] = [];
    for (const o of [home, far, plain]) {
      const view = await apply(s, o.order.orderNo, o.lines[0]!.id, 'return');
      await review(s, view.afterSaleNo, true);
      returned.push(view.afterSaleNo);
    }
    const owner = { shopId: s.shopId, ownerId: s.ownerId, pageNum: 1, pageSize: 20 };
    const page = await listShopClaims(db, owner);
    expect(page).toMatchObject({
      total: 2,
      pageNum: 1,
      pageSize: 20,
      owedCents: 1200 + 2500,
      paidCents: 0,
    });
    const [farClaim] = await claimsOf(far.order.id);
    expect(page.list[0]).toEqual({
      claimNo: farClaim!.claimNo,
      orderNo: far.order.orderNo,
      afterSaleNo: returned[1],
      buyer: '张*',
      productName: '纯棉衬衫',
      amountCents: 2500,
      status: ClaimStatus.Owed,
      statusText: '待赔付',
      createdAt: farClaim!.createdAt.toISOString(),
      paidAt: null,
    });
    expect(page.list.map((c) => [c.orderNo, c.afterSaleNo, c.productName, c.amountCents])).toEqual([
      [far.order.orderNo, returned[1], '纯棉衬衫', 2500],
      [home.order.orderNo, returned[0], '羊毛外套', 1200],
    ]);

    // The shop pays one: it counts as paid, the other as still owed.
    const paidAt = new Date('2026-11-22T08:00:00Z');
    await db
      .update(insuranceClaims)
      .set({ status: ClaimStatus.Paid, paidAt })
      .where(eq(insuranceClaims.orderId, home.order.id));
    const later = await listShopClaims(db, { ...owner, pageSize: 1, pageNum: 2 });
    expect(later).toMatchObject({ total: 2, owedCents: 2500, paidCents: 1200 });
    expect(later.list).toMatchObject([
      {
        orderNo: home.order.orderNo,
        status: ClaimStatus.Paid,
        statusText: '已赔付',
        paidAt: paidAt.toISOString(),
      },
    ]);
    expect(later.list).toHaveLength(1);
    expect((await listShopClaims(db, { ...owner, pageNum: 2 })).list).toEqual([]);

    // Anyone but the owner is refused; another shop's owner sees their own shop's, none.
    const other = await givenInsuredShop();
    const manager = await givenMember(db, s.shopId, { role: 4 });
    for (const who of [s.shopper.id, manager.id, other.ownerId]) {
      await expect(listShopClaims(db, { ...owner, ownerId: who })).rejects.toMatchObject({
        code: 44003,
        message: '只有店主可以查看本店的运费险赔付',
      });
    }
    await expect(listShopClaims(db, { ...owner, shopId: 'no-such-shop' })).rejects.toMatchObject({
      code: 44003,
    });
    expect(
      await listShopClaims(db, { ...owner, shopId: other.shopId, ownerId: other.ownerId }),
    ).toEqual({ list: [], total: 0, pageNum: 1, pageSize: 20, owedCents: 0, paidCents: 0 });
  });

  it('hold at most one claim per order and per after-sale, of a positive amount, in the table', async () => {
    const s = await givenInsuredShop();
    const o = await anOrder(s, {
      insured: true,
      items: [
        [s.shirt1, 1],
        [s.shirt2, 1],
      ],
    });
    const first = await apply(s, o.order.orderNo, o.lines[0]!.id, 'return');
    await review(s, first.afterSaleNo, true);
    const second = await apply(s, o.order.orderNo, o.lines[1]!.id, 'return');
    const row = {
      orderId: o.order.id,
      afterSaleId: await afterSaleIdOf(second.afterSaleNo),
      shopId: s.shopId,
      userId: s.shopper.id,
      amountCents: 1200,
    };
    expect(
      await violated(db.insert(insuranceClaims).values({ ...row, claimNo: 'C-SECOND-OF-ORDER' })),
    ).toBe('insurance_claims_order_unique');
    const plain = await anOrder(s, { insured: false, items: [[s.coat1, 1]] });
    const returned = await apply(s, plain.order.orderNo, plain.lines[0]!.id, 'return');
    const plainRow = {
      ...row,
      orderId: plain.order.id,
      afterSaleId: await afterSaleIdOf(returned.afterSaleNo),
    };
    expect(
      await violated(
        db.insert(insuranceClaims).values({ ...plainRow, claimNo: 'C-ZERO', amountCents: 0 }),
      ),
    ).toBe('insurance_claims_amount_chk');
    expect(
      await violated(
        db.insert(insuranceClaims).values({
          ...plainRow,
          afterSaleId: await afterSaleIdOf(first.afterSaleNo),
          claimNo: 'C-SAME-AFTER-SALE',
        }),
      ),
    ).toBe('insurance_claims_after_sale_unique');
    expect(await claimsOf(o.order.id)).toHaveLength(1);
    expect(await claimsOf(plain.order.id)).toHaveLength(0);
  });
});

describe('the order tables', () => {
  it('refuse a premium without a cover, a cover without a premium, and sums that do not add up', async () => {
    const s = await givenInsuredShop();
    const o = await anOrder(s, { insured: true, items: [[s.coat1, 1]], state: 'unpaid' });
    const attempt = (set: Partial<typeof orders.$inferInsert>) =>
      db.update(orders).set(set).where(eq(orders.id, o.order.id));
    expect(await violated(attempt({ insuranceCoverCents: 0 }))).toBe('orders_insurance_chk');
    expect(await violated(attempt({ insuranceCents: 0, payCents: o.order.payCents - 150 }))).toBe(
      'orders_insurance_chk',
    );
    expect(await violated(attempt({ insuranceCents: 200 }))).toBe('orders_money_chk');
    expect(
      await violated(
        db
          .update(orderGroups)
          .set({ insuranceCents: sql`${orderGroups.insuranceCents} + 1` })
          .where(eq(orderGroups.groupNo, o.groupNo)),
      ),
    ).toBe('order_groups_money_chk');
    expect(
      await violated(
        db
          .update(orderLines)
          .set({ insuranceCents: 0 })
          .where(and(eq(orderLines.orderId, o.order.id))),
      ),
    ).toBe('order_lines_money_chk');
    // Both at once, with the pay adjusted, is a consistent uninsured order.
    await attempt({ insuranceCents: 0, insuranceCoverCents: 0, payCents: o.order.payCents - 150 });
    const [row] = await db.select().from(orders).where(eq(orders.id, o.order.id));
    expect(row).toMatchObject({ insuranceCents: 0, insuranceCoverCents: 0, payCents: 13_000 });
  });
});

describe('the official account QR code', () => {
  it('is null without an account, and the account’s URL drawn as SVG with one', async () => {
    const s = await givenInsuredShop();
    expect(await officialAccountQr(db, s.shopId)).toBeNull();
    expect(await officialAccountQr(db, 'no-such-shop')).toBeNull();
    await db.update(shops).set({ officialAccountUrl: '' }).where(eq(shops.id, s.shopId));
    expect(await officialAccountQr(db, s.shopId)).toBeNull();

    const url = 'https://mp.weixin.qq.com/mp/profile_ext?action=home&__biz=MzA5NDc1NzQ4MA==';
    await db.update(shops).set({ officialAccountUrl: url }).where(eq(shops.id, s.shopId));
    const qr = await officialAccountQr(db, s.shopId);
    expect(qr!.followUrl).toBe(url);
    expect(qr!.qrSvg).toMatch(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]* viewBox="0 0 \d+ \d+"/,
    );
    expect(qr!.qrSvg.trim().endsWith('</svg>')).toBe(true);
    expect(qr!.qrSvg).toContain('<path');
    // Another URL draws another code.
    const otherUrl = 'https://mp.weixin.qq.com/mp/profile_ext?action=home&__biz=OTHER';
    await db.update(shops).set({ officialAccountUrl: otherUrl }).where(eq(shops.id, s.shopId));
    const other = await officialAccountQr(db, s.shopId);
    expect(other!.followUrl).toBe(otherUrl);
    expect(other!.qrSvg).not.toBe(qr!.qrSvg);
  });
});
