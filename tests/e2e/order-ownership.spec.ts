/**
 * Whose orders are whose, over HTTP: no order call changes another shopper's order (each answers
 * 订单不存在 and nothing changes), a consumer is refused the distributor's order calls and a
 * shop keeper who does not own the shop cannot ship its orders, and createOrder refuses a
 * price, amount, freight or distributor in its body: the order is priced by the server.
 */
import { and, eq } from 'drizzle-orm';
import type { APIRequestContext } from '@playwright/test';
import { expect, test, type PgShop } from './fixtures.ts';
import * as t from '#lib/platform/db/schema.ts';
import { Errors } from '#lib/errors.ts';
import { demoPhones, seedHandles } from '#demo/handles.ts';
import { freshPhone, switchAccount, userIdFor } from '../fixtures/accounts.ts';
import { givenOrder } from '../fixtures/given.ts';

const SHOP = '1001';
let shop: PgShop;

test.describe.configure({ mode: 'serial' });
test.use({ shopDatabase: 'shop_e2e_order_ownership' });
test.beforeAll(({ pgShop }) => {
  shop = pgShop;
});

interface Answer {
  code: number;
  message: string;
  success: boolean;
  data: unknown;
}

async function call(
  request: APIRequestContext,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<{ status: number; answer: Answer }> {
  const url = `${shop.url}${path}${path.includes('?') ? '&' : '?'}shopBizCode=${SHOP}`;
  const response =
    method === 'GET' ? await request.get(url) : await request.post(url, { data: body ?? {} });
  return { status: response.status(), answer: (await response.json()) as Answer };
}

async function addressOf(userId: number): Promise<number> {
  const [row] = await shop.admin.db
    .insert(t.addresses)
    .values({
      userId,
      name: '王五',
      phone: '13700137000',
      province: '浙江省',
      city: '杭州市',
      district: '滨江区',
      regionCode: '330108',
      detail: '网商路699号',
      isDefault: true,
    })
    .returning({ id: t.addresses.id });
  return row!.id;
}

async function orderRow(id: number) {
  const [row] = await shop.admin.db.select().from(t.orders).where(eq(t.orders.id, id));
  const lines = await shop.admin.db
    .select({ id: t.orderLines.id, refundStatus: t.orderLines.refundStatus })
    .from(t.orderLines)
    .where(eq(t.orderLines.orderId, id));
  return { ...row!, lines };
}

test('no order call changes another shopper’s order', async ({ context }) => {
  const owner = await userIdFor(shop.admin, freshPhone(), '下单人');
  const order = (status: number) =>
    givenOrder(shop.admin.db, { shopId: SHOP, userId: owner, status });
  const unpaid = await order(10);
  const paid = await order(20);
  const shipped = await order(30);
  const done = await order(40);
  const before = await Promise.all([unpaid, paid, shipped, done].map((o) => orderRow(o.id)));

  const { id: stranger } = await shop.signIn(context, freshPhone());
  const theirAddress = String(await addressOf(stranger));
  const paidLine = before[1]!.lines[0]!.id;
  const calls: [string, 'GET' | 'POST', string, unknown?][] = [
    ['cancel', 'POST', '/api/order/cancel', { orderNo: unpaid.orderNo, reason: '我不想买了' }],
    [
      'cancelOrderLine',
      'POST',
      '/api/order/cancelOrderLine',
      { orderNo: paid.orderNo, lineId: paidLine, reason: '我不想买了' },
    ],
    [
      'updateOrderAddress',
      'POST',
      '/api/order/updateOrderAddress',
      { orderNo: unpaid.orderNo, addressId: theirAddress },
    ],
    [
      'applyChangeAddressWhenPicking',
      'POST',
      '/api/order/applyChangeAddressWhenPicking',
      { orderNo: paid.orderNo, addressId: theirAddress },
    ],
    ['updateSignStatus', 'GET', `/api/order/updateSignStatus/${shipped.orderNo}`],
    ['destroyOrderByC', 'POST', `/api/order/destroyOrderByC?orderNo=${done.orderNo}`],
  ];
  for (const [name, method, path, body] of calls) {
    const { answer } = await call(context.request, method, path, body);
    expect(answer, name).toMatchObject({ code: 40411, message: '订单不存在', success: false });
  }
  const after = await Promise.all([unpaid, paid, shipped, done].map((o) => orderRow(o.id)));
  expect(after).toEqual(before);
  const events = await shop.admin.db
    .select({ id: t.orderEvents.id })
    .from(t.orderEvents)
    .where(eq(t.orderEvents.orderId, unpaid.id));
  expect(events).toHaveLength(0);
});

test('a consumer is refused the distributor’s order calls; only the owner ships', async ({
  context,
}) => {
  const distributor = await userIdFor(shop.admin, demoPhones.owner1001);
  const buyer = await userIdFor(shop.admin, freshPhone());
  const promoted = await givenOrder(shop.admin.db, {
    shopId: SHOP,
    userId: buyer,
    status: 20,
    distributorId: distributor,
  });
  const distributorCalls: [string, 'GET' | 'POST', string, unknown?][] = [
    ['listByPage', 'GET', '/api/order/distributor/listByPage'],
    ['detail', 'GET', `/api/order/distributor/detail?orderNo=${promoted.orderNo}`],
    ['orderSearch', 'POST', '/api/order/distributor/orderSearch', { keyword: promoted.orderNo }],
    [
      'ship',
      'POST',
      '/api/order/shop/ship',
      { orderNo: promoted.orderNo, carrier: 'SF', trackingNo: 'SF1234567890' },
    ],
  ];
  await shop.signIn(context, freshPhone());
  for (const [name, method, path, body] of distributorCalls) {
    const { answer } = await call(context.request, method, path, body);
    expect(answer, name).toMatchObject({
      code: Errors.NO_PERMISSION.code,
      message: Errors.NO_PERMISSION.message,
      success: false,
    });
  }

  // A shop keeper of 1001 who does not own it sees nothing and ships nothing.
  const keeper = freshPhone();
  const keeperId = await userIdFor(shop.admin, keeper, '另一位店主');
  await shop.admin.db
    .insert(t.shopMembers)
    .values({ shopId: SHOP, userId: keeperId, role: 3, maxRole: 3, level: 1, signAgreement: true });
  await switchAccount(shop.admin, shop.url, context, keeper);
  const detail = await call(
    context.request,
    'GET',
    `/api/order/distributor/detail?orderNo=${promoted.orderNo}`,
  );
  expect(detail.answer).toMatchObject({ code: 40411 });
  const ship = await call(context.request, 'POST', '/api/order/shop/ship', {
    orderNo: promoted.orderNo,
    carrier: 'SF',
    trackingNo: 'SF1234567890',
  });
  expect(ship.answer).toMatchObject({ code: Errors.NOT_SHOP_ORDER.code, success: false });
  expect((await orderRow(promoted.id)).status).toBe(20);
});

test('createOrder refuses a price, amount, freight or distributor in its body', async ({
  context,
}) => {
  const skuNo = seedHandles.shop1001.sales.liziRunning.products[2]!.skuNos[0]!;
  await shop.admin.db.update(t.skus).set({ stock: 30 }).where(eq(t.skus.skuNo, skuNo));
  const { id: shopper } = await shop.signIn(context, freshPhone());
  const addressId = String(await addressOf(shopper));
  const preview = await call(context.request, 'POST', '/api/order/directPurchaseDetail', {
    skuNo,
    quantity: 1,
    addressId,
  });
  const { quote, payCents } = preview.answer.data as { quote: string; payCents: number };
  const body = { skuNo, quantity: 1, addressId, quote, idempotencyKey: 'ownership-key-0001' };

  const distributor = String(await userIdFor(shop.admin, demoPhones.owner1001));
  for (const [key, value] of Object.entries({
    payCents: 1,
    price: 1,
    priceCents: 1,
    unitPriceCents: 1,
    amount: 1,
    amountCents: 1,
    freightCents: 0,
    freight: 0,
    discountCents: 99999,
    distributorId: distributor,
  })) {
    const { status, answer } = await call(context.request, 'POST', '/api/order/createOrder', {
      ...body,
      idempotencyKey: `ownership-${key}`,
      [key]: value,
    });
    expect(status, key).toBe(400);
    expect(answer, key).toMatchObject({ success: false, code: 400 });
  }
  const none = await shop.admin.db
    .select({ id: t.orderGroups.id })
    .from(t.orderGroups)
    .where(and(eq(t.orderGroups.userId, shopper), eq(t.orderGroups.shopId, SHOP)));
  expect(none).toHaveLength(0);

  // The same order without them: priced by the server, as the confirmation showed it.
  const placed = await call(context.request, 'POST', '/api/order/createOrder', body);
  expect(placed.answer).toMatchObject({ code: 0, data: { payCents } });
  const [order] = await shop.admin.db
    .select({ payCents: t.orders.payCents, distributorId: t.orders.distributorId })
    .from(t.orders)
    .where(eq(t.orders.userId, shopper));
  expect(order).toEqual({ payCents, distributorId: null });
});
