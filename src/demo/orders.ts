/**
 * The demo's delivery addresses and orders: the consumer's orders in every state in shop 1001
 * (待付款 with its 12 minutes running, 待发货, one with a line under refund review, 待收货 on its
 * way and insured with freight insurance, 已完成 and 已取消) and one on its way in 1002; shop
 * keeper 13800000003's promotion orders among them, one paid order of another buyer for the owner
 * to ship, and one of theirs on its way, insured, whose return the owner approved (its freight
 * insurance claim owed). Priced by the one pricing module and stored with every line's breakdown,
 * as placed orders are.
 */
import { commissionCents, commissionRateBp, goodsPaidCents } from '#lib/commission/index.ts';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '#lib/platform/db/client.server.ts';
import * as t from '#lib/platform/db/schema.ts';
import type { AddressSnapshot } from '#lib/platform/db/schema.ts';
import { markupAmounts, priceBasket } from '#lib/catalog/index.ts';
import { markupsOf } from '#lib/catalog/index.server.ts';
import { insuranceCover } from '#lib/insurance/index.ts';
import { AFTER_SALE_KIND_TEXT, afterSaleAmount } from '#lib/after-sales/index.ts';
import { OrderStatus, PAY_WINDOW_MS, RefundStatus } from '#lib/orders/index.ts';
import {
  DEFAULT_SHIP_FROM_CITY,
  sandboxStepState,
  sandboxTraces,
} from '#lib/orders/index.server.ts';
import { DEMO_PLAN } from './plan.ts';
import { demoPhones, type DemoRole } from './identity.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export async function seedAddresses(tx: Tx, userId: Record<DemoRole, number>): Promise<void> {
  await tx.insert(t.addresses).values({
    userId: userId.consumer,
    name: '鹿小姐',
    phone: demoPhones.consumer,
    province: '浙江省',
    city: '杭州市',
    district: '西湖区',
    regionCode: '330106',
    detail: '文三路 90 号 1 幢 501 室',
    isDefault: true,
  });
}

export const CONSUMER_ADDRESS = {
  name: '鹿小姐',
  phone: demoPhones.consumer,
  province: '浙江省',
  city: '杭州市',
  district: '西湖区',
  detail: '文三路 90 号 1 幢 501 室',
};

export interface DemoOrder {
  shopId: string;
  buyer: DemoRole;
  distributor: DemoRole | null;
  status: OrderStatus;
  /** Hours before the seed's now the order was placed. */
  placedHoursAgo: number;
  lines: { sale: string; product: number; sku?: number; quantity: number }[];
  refundFirstLine?: boolean;
  /** Insured with freight insurance (退货运费险). */
  insured?: boolean;
  /** Its first line's return was approved (the parcel not back yet): a freight insurance claim. */
  approvedReturn?: boolean;
  carrier?: { code: string; company: string; trackingNo: string };
}

export const DEMO_ORDERS: DemoOrder[] = [
  {
    shopId: '1001',
    buyer: 'consumer',
    distributor: null,
    status: OrderStatus.AwaitingPayment,
    placedHoursAgo: 0,
    lines: [{ sale: 'senyeRunning', product: 0, quantity: 1 }],
  },
  {
    shopId: '1001',
    buyer: 'consumer',
    distributor: 'owner1001',
    status: OrderStatus.Paid,
    placedHoursAgo: 20,
    lines: [
      { sale: 'liziRunning', product: 0, quantity: 1 },
      { sale: 'liziRunning', product: 1, quantity: 2 },
    ],
  },
  {
    shopId: '1001',
    buyer: 'consumer',
    distributor: 'owner1001',
    status: OrderStatus.Paid,
    placedHoursAgo: 30,
    lines: [{ sale: 'hemuRunning', product: 0, quantity: 1 }],
    refundFirstLine: true,
  },
  {
    shopId: '1001',
    buyer: 'consumer',
    distributor: 'owner1001',
    status: OrderStatus.Shipped,
    placedHoursAgo: 50,
    lines: [{ sale: 'bailuRunning', product: 0, quantity: 1 }],
    insured: true,
    carrier: { code: 'SF', company: '顺丰速运', trackingNo: 'SF1403567891234' },
  },
  {
    shopId: '1001',
    buyer: 'consumer',
    distributor: null,
    status: OrderStatus.Completed,
    placedHoursAgo: 15 * 24,
    lines: [{ sale: 'shiguangRunning', product: 0, quantity: 2 }],
    carrier: { code: 'ZTO', company: '中通快递', trackingNo: '78312345678901' },
  },
  {
    shopId: '1001',
    buyer: 'consumer',
    distributor: null,
    status: OrderStatus.Cancelled,
    placedHoursAgo: 72,
    lines: [{ sale: 'yuedongRunning', product: 0, quantity: 1 }],
  },
  {
    shopId: '1001',
    buyer: 'disabledDistributor',
    distributor: 'owner1001',
    status: OrderStatus.Paid,
    placedHoursAgo: 6,
    lines: [{ sale: 'jijianRunning', product: 0, quantity: 1 }],
  },
  {
    shopId: '1001',
    buyer: 'disabledDistributor',
    distributor: null,
    status: OrderStatus.Shipped,
    placedHoursAgo: 96,
    lines: [{ sale: 'hemuRunning', product: 1, quantity: 1 }],
    insured: true,
    approvedReturn: true,
    carrier: { code: 'YD', company: '韵达快递', trackingNo: '4312345678901' },
  },
  {
    shopId: '1002',
    buyer: 'consumer',
    distributor: null,
    status: OrderStatus.Shipped,
    placedHoursAgo: 26,
    lines: [{ sale: firstRunningSale('1002'), product: 0, quantity: 1 }],
    carrier: { code: 'YTO', company: '圆通速递', trackingNo: 'YT6612345678901' },
  },
];

export function firstRunningSale(shopId: string): string {
  return DEMO_PLAN.brandSales.find((s) => s.shopId === shopId && s.handle.endsWith('Running'))!
    .handle;
}

function skuNoOf(shopId: string, line: DemoOrder['lines'][number]): string {
  const sale = DEMO_PLAN.brandSales.find((s) => s.shopId === shopId && s.handle === line.sale);
  const product = sale?.products[line.product];
  if (!product) throw new Error(`The demo has no product ${line.product} in ${line.sale}`);
  return product.skuNos[line.sku ?? 0]!;
}

export async function seedOrders(
  tx: Tx,
  now: Date,
  userId: Record<DemoRole, number>,
): Promise<void> {
  for (const [i, demo] of DEMO_ORDERS.entries()) {
    await insertDemoOrder(tx, now, i + 1, demo, {
      buyerId: userId[demo.buyer],
      distributorId: demo.distributor ? userId[demo.distributor] : null,
      address:
        demo.buyer === 'consumer'
          ? CONSUMER_ADDRESS
          : { ...CONSUMER_ADDRESS, name: '周先生', phone: demoPhones.disabledDistributor },
    });
  }
}

/** How many demo orders seedOrders writes: later seeders number theirs after them. */
export const DEMO_ORDER_COUNT = DEMO_ORDERS.length;

/** One demo order with its lines, events, parcel and after-sale, as the demo plans it. */
export async function insertDemoOrder(
  tx: Tx,
  now: Date,
  serial: number,
  demo: Omit<DemoOrder, 'buyer' | 'distributor'>,
  people: { buyerId: number; distributorId: number | null; address: AddressSnapshot },
): Promise<number> {
  const skuNos = demo.lines.map((line) => skuNoOf(demo.shopId, line));
  const rows = await tx
    .select({
      skuId: t.skus.id,
      skuNo: t.skus.skuNo,
      color: t.skus.color,
      size: t.skus.size,
      baseCents: t.skus.priceCents,
      skuImage: t.skus.imageUrl,
      productId: t.products.id,
      productNo: t.products.productNo,
      productName: t.products.name,
      productRateBp: t.products.commissionRateBp,
      saleRateBp: t.activities.commissionRateBp,
      crossBorder: t.products.crossBorder,
      globalAddCents: t.shops.globalAddPriceCents,
      globalAddBp: t.shops.globalAddPriceBp,
      freightCents: t.shops.freightCents,
      freeOverCents: t.shops.freeFreightOverCents,
      autoCompleteDays: t.shops.autoCompleteDays,
      activityId: t.activities.id,
      activityNo: t.activities.activityNo,
      saleTitle: t.activities.title,
      saleAddCents: t.activities.addPriceCents,
      saleAddBp: t.activities.addPriceBp,
      cover: sql<
        string | null
      >`(select url from product_images i where i.product_id = ${t.products.id} and i.kind = 'main' order by i.sort, i.id limit 1)`,
    })
    .from(t.skus)
    .innerJoin(t.products, eq(t.products.id, t.skus.productId))
    .innerJoin(t.shops, eq(t.shops.id, t.products.shopId))
    .innerJoin(t.activities, eq(t.activities.id, t.products.activityId))
    .where(inArray(t.skus.skuNo, skuNos));
  // What the markups add is priced as the shop would price it now (pricing.ts).
  const lines = skuNos.map((skuNo, i) => {
    const found = rows.find((r) => r.skuNo === skuNo)!;
    const add = markupAmounts(found.baseCents, markupsOf(found));
    return { row: { ...found, ...add }, quantity: demo.lines[i]!.quantity };
  });
  const shop = lines[0]!.row;
  const basket = priceBasket(
    lines.map(({ row, quantity }) => ({
      key: row.skuNo,
      saleKey: row.activityNo,
      rule: null,
      unitCents: row.baseCents + row.globalAddCents + row.saleAddCents,
      quantity,
    })),
    { freightCents: shop.freightCents, freeOverCents: shop.freeOverCents },
    0,
    demo.insured ?? false,
  );

  const placedAt = new Date(now.getTime() - demo.placedHoursAgo * HOUR);
  const paidAt =
    demo.status === OrderStatus.Cancelled || demo.status === OrderStatus.AwaitingPayment
      ? null
      : new Date(placedAt.getTime() + 3 * 60_000);
  const shippedAt =
    demo.status === OrderStatus.Shipped || demo.status === OrderStatus.Completed
      ? new Date(placedAt.getTime() + 20 * HOUR)
      : null;
  const completedAt =
    demo.status === OrderStatus.Completed ? new Date(shippedAt!.getTime() + 3 * DAY) : null;
  const payDeadline = new Date(placedAt.getTime() + PAY_WINDOW_MS);
  const money = {
    goodsCents: basket.goodsCents,
    discountCents: basket.discountCents,
    couponCents: basket.couponCents,
    freightCents: basket.freightCents,
    insuranceCents: basket.insuranceCents,
    payCents: basket.payCents,
  };
  const address = people.address;
  const [group] = await tx
    .insert(t.orderGroups)
    .values({
      groupNo: `GD${demo.shopId}${String(serial).padStart(6, '0')}`,
      shopId: demo.shopId,
      userId: people.buyerId,
      ...money,
      payDeadline,
      createdAt: placedAt,
    })
    .returning({ id: t.orderGroups.id });
  const [order] = await tx
    .insert(t.orders)
    .values({
      orderNo: `D${demo.shopId}${String(serial).padStart(8, '0')}`,
      groupId: group!.id,
      shopId: demo.shopId,
      userId: people.buyerId,
      distributorId: people.distributorId,
      activityId: shop.activityId,
      saleTitle: shop.saleTitle,
      status: demo.status,
      ...money,
      insuranceCoverCents: basket.insuranceCents > 0 ? insuranceCover(address.province) : 0,
      address,
      payDeadline,
      paidAt,
      shippedAt,
      autoCompleteAt: shippedAt
        ? new Date(shippedAt.getTime() + shop.autoCompleteDays * DAY)
        : null,
      completedAt,
      cancelledAt: demo.status === OrderStatus.Cancelled ? payDeadline : null,
      cancelReason: demo.status === OrderStatus.Cancelled ? '超时未支付' : null,
      createdAt: placedAt,
    })
    .returning({ id: t.orders.id });
  const insertedLines = await tx
    .insert(t.orderLines)
    .values(
      lines.map(({ row, quantity }, i) => {
        const priced = basket.lines[i]!;
        return {
          orderId: order!.id,
          productId: row.productId,
          skuId: row.skuId,
          productNo: row.productNo,
          skuNo: row.skuNo,
          productName: row.productName,
          skuDesc: [row.color, row.size].filter(Boolean).join(' '),
          imageUrl: row.skuImage ?? row.cover,
          baseCents: row.baseCents,
          globalAddCents: row.globalAddCents,
          saleAddCents: row.saleAddCents,
          unitPriceCents: row.baseCents + row.globalAddCents + row.saleAddCents,
          quantity,
          lineCents: priced.lineCents,
          promotionCents: priced.promotionCents,
          couponCents: priced.couponCents,
          freightCents: priced.freightCents,
          insuranceCents: priced.insuranceCents,
          paidCents: priced.paidCents,
          commissionRateBp: people.distributorId !== null ? rateOf(row) : 0,
          profitCents:
            people.distributorId !== null
              ? commissionCents(goodsPaidCents(priced), rateOf(row))
              : 0,
          crossBorder: row.crossBorder,
          refundStatus:
            i > 0
              ? null
              : demo.refundFirstLine
                ? RefundStatus.UnderReview
                : demo.approvedReturn
                  ? RefundStatus.Approved
                  : null,
        };
      }),
    )
    .returning({ id: t.orderLines.id });
  // Stock the live orders hold.
  if (demo.status !== OrderStatus.Cancelled) {
    for (const { row, quantity } of lines) {
      await tx
        .update(t.skus)
        .set({ stock: sql`greatest(${t.skus.stock} - ${quantity}, 0)` })
        .where(eq(t.skus.id, row.skuId));
    }
  }
  const events: (typeof t.orderEvents.$inferInsert)[] = [
    {
      orderId: order!.id,
      kind: 'created',
      toStatus: OrderStatus.AwaitingPayment,
      actor: 'shopper',
      createdAt: placedAt,
    },
  ];
  if (demo.status === OrderStatus.Cancelled) {
    events.push({
      orderId: order!.id,
      kind: 'cancelled',
      fromStatus: OrderStatus.AwaitingPayment,
      toStatus: OrderStatus.Cancelled,
      actor: 'timer',
      note: '超时未支付',
      createdAt: payDeadline,
    });
  }
  if (paidAt) {
    events.push({
      orderId: order!.id,
      kind: 'paid',
      fromStatus: OrderStatus.AwaitingPayment,
      toStatus: OrderStatus.Paid,
      actor: 'gateway',
      createdAt: paidAt,
    });
  }
  if (demo.refundFirstLine) {
    // The 仅退款 the owner reviews on shopAfterSales: the after-sale row applyAfterSale writes.
    const appliedAt = new Date(paidAt!.getTime() + HOUR);
    await tx.insert(t.afterSales).values({
      afterSaleNo: `SD${demo.shopId}${String(serial).padStart(8, '0')}`,
      orderId: order!.id,
      orderLineId: insertedLines[0]!.id,
      userId: people.buyerId,
      shopId: demo.shopId,
      kind: 'refund',
      reason: '我不想买了',
      description: '',
      amountCents: afterSaleAmount('refund', basket.lines[0]!),
      status: RefundStatus.UnderReview,
      auditChannel: 6,
      createdAt: appliedAt,
    });
    events.push({
      orderId: order!.id,
      kind: 'refund_applied',
      actor: 'shopper',
      note: `${lines[0]!.row.productName}：${AFTER_SALE_KIND_TEXT.refund}，我不想买了`,
      createdAt: appliedAt,
    });
  }
  if (shippedAt && demo.carrier) {
    events.push({
      orderId: order!.id,
      kind: 'shipped',
      fromStatus: OrderStatus.Paid,
      toStatus: OrderStatus.Shipped,
      actor: 'shop',
      note: `${demo.carrier.company} ${demo.carrier.trackingNo}`,
      createdAt: shippedAt,
    });
    // What Kuaidi100 (the sandbox) has pushed by now; a parcel on its way is subscribed on start.
    const traces = sandboxTraces({
      carrier: demo.carrier.code,
      trackingNo: demo.carrier.trackingNo,
      shippedAt,
      fromCity: DEFAULT_SHIP_FROM_CITY,
      to: address,
    }).filter((trace) => Date.parse(trace.time) <= now.getTime());
    await tx.insert(t.logistics).values({
      orderId: order!.id,
      carrier: demo.carrier.code,
      company: demo.carrier.company,
      trackingNo: demo.carrier.trackingNo,
      traces: [...traces].reverse(),
      latestTraceAt: traces.length ? new Date(traces.at(-1)!.time) : null,
      state: traces.length ? sandboxStepState(traces.length - 1) : null,
      subscribeDueAt: demo.status === OrderStatus.Shipped ? now : null,
      createdAt: shippedAt,
    });
  }
  if (completedAt) {
    events.push({
      orderId: order!.id,
      kind: 'completed',
      fromStatus: OrderStatus.Shipped,
      toStatus: OrderStatus.Completed,
      actor: 'shopper',
      createdAt: completedAt,
    });
  }
  if (demo.approvedReturn) {
    const appliedAt = new Date(shippedAt!.getTime() + 30 * HOUR);
    const reviewedAt = new Date(appliedAt.getTime() + 2 * HOUR);
    const afterSaleNo = `SD${demo.shopId}${String(serial).padStart(8, '0')}`;
    const [afterSale] = await tx
      .insert(t.afterSales)
      .values({
        afterSaleNo,
        orderId: order!.id,
        orderLineId: insertedLines[0]!.id,
        userId: people.buyerId,
        shopId: demo.shopId,
        kind: 'return',
        reason: '尺码不合适',
        description: '平时穿 M 码，这件偏小，想退货。',
        amountCents: afterSaleAmount('return', basket.lines[0]!),
        status: RefundStatus.Approved,
        auditChannel: 2,
        reviewedAt,
        createdAt: appliedAt,
      })
      .returning({ id: t.afterSales.id });
    events.push(
      {
        orderId: order!.id,
        kind: 'refund_applied',
        actor: 'shopper',
        note: `${lines[0]!.row.productName}：尺码不合适`,
        createdAt: appliedAt,
      },
      {
        orderId: order!.id,
        kind: 'refund_approved',
        actor: 'shop',
        note: afterSaleNo,
        createdAt: reviewedAt,
      },
    );
    await tx.insert(t.insuranceClaims).values({
      claimNo: `CD${demo.shopId}${String(serial).padStart(8, '0')}`,
      orderId: order!.id,
      afterSaleId: afterSale!.id,
      shopId: demo.shopId,
      userId: people.buyerId,
      amountCents: insuranceCover(address.province),
      createdAt: reviewedAt,
    });
  }
  events.sort((a, b) => a.createdAt!.getTime() - b.createdAt!.getTime());
  await tx.insert(t.orderEvents).values(events);
  return order!.id;
}

/** The commission rate of a seeded line, as checkout decides it. */
function rateOf(row: { productRateBp: number | null; saleRateBp: number | null }): number {
  return commissionRateBp(
    { commissionRateBp: row.productRateBp },
    row.saleRateBp === null ? null : { commissionRateBp: row.saleRateBp },
  );
}
