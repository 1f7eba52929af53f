/**
 * The order confirmation (确认订单) and 提交订单: what a checkout buys, priced by the one pricing
 * module, and the command that turns it into an order group in one transaction — re-priced,
 * stock taken in SKU-id order with conditional updates (no oversell, no deadlock), every line's
 * price breakdown stored, the address and real name copied, the distributor bound on the server,
 * the pay deadline set and the bought lines taken out of the cart. A retried submit with the same
 * idempotency key answers the same order; the same key with another body is refused.
 */
import { attributeOrder } from '#lib/attribution/index.server.ts';
import { commissionCents, commissionRateBp, goodsPaidCents } from '#lib/commission/index.ts';
import { createHash } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { appError } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';
import { withIdempotencyKey } from '#lib/platform/commands.server.ts';
import { takeStock } from '#lib/catalog/index.server.ts';
import type { DbOrTx, Tx } from '#lib/platform/db/client.server.ts';
import {
  activities,
  cartItems,
  orderGroups,
  orderLines,
  orders,
  productImages,
  products,
  shops,
  skus,
} from '#lib/platform/db/schema.ts';
import { recordOrderEvent } from './transitions.server.ts';
import { heldCoupons } from '#lib/coupons/index.server.ts';
import { checkoutCoupons, type CheckoutCoupons } from '#lib/coupons/index.ts';
import { useCoupon } from '#lib/coupons/index.server.ts';
import { CouponRefusals } from '#lib/coupons/index.ts';
import { skuPriceColumns, markupsOf } from '#lib/catalog/index.server.ts';
import {
  asNpieceRule,
  priceBasket,
  ruleLabel,
  markupAmounts,
  shopperPrice,
  type NpieceRule,
} from '#lib/catalog/index.ts';
import { saleState } from '#lib/catalog/index.ts';
import { ProductStatus, SaleStatus } from '#lib/catalog/index.ts';
import { MAX_PIECES_PER_SKU } from '#lib/cart/index.ts';
import { removeCartLines } from '#lib/cart/index.server.ts';
import { listAddresses, readAddress } from '#lib/addresses/index.server.ts';
import { readRealName } from '#lib/identity/index.server.ts';
import { insuranceCover, uninsurableReason } from '#lib/insurance/index.ts';
import { InsuranceErrors } from '#lib/insurance/index.ts';
import {
  MAX_CHECKOUT_LINES,
  type CheckoutPreview,
  type InsuranceQuote,
  type OrderAddress,
  type OrderLineView,
  type PlacedOrder,
  type PreviewGroup,
} from './contracts.ts';
import { OrderStatus, PAY_WINDOW_MS } from './status.ts';
import { newNumber } from '#lib/platform/numbers.server.ts';

export interface CheckoutInput {
  shopId: string;
  userId: number;
  /** 立即购买: one SKU; without it, the selected lines of the cart. */
  skuNo?: string | undefined;
  quantity?: number | undefined;
  addressId?: number | undefined;
  /** Insure each order of the checkout with freight insurance (退货运费险). */
  insured?: boolean | undefined;
  /** The coupon to use: a user coupon id, null for none, undefined for the best one. */
  userCouponId?: number | null | undefined;
  now?: Date;
}

/** A line to buy, as the catalogue holds it now. */
interface CheckoutLine {
  skuId: number;
  skuNo: string;
  productId: number;
  productNo: string;
  brandId: number;
  productName: string;
  skuDesc: string;
  imageUrl: string | null;
  quantity: number;
  stock: number;
  baseCents: number;
  globalAddCents: number;
  saleAddCents: number;
  unitCents: number;
  /** The shop keeper's commission rate of the line (distribution/commission.ts). */
  commissionRateBp: number;
  crossBorder: boolean;
  activityId: number | null;
  activityNo: string | null;
  saleTitle: string;
  rule: NpieceRule | null;
}

/** Why a line cannot be bought now, or null when it can. */
function unavailable(
  row: {
    productStatus: number;
    activityStatus: number | null;
    startAt: Date | null;
    endAt: Date | null;
    stock: number;
  },
  quantity: number,
  now: Date,
) {
  if (
    row.productStatus !== ProductStatus.Published ||
    // A sale hidden by the manager (hideProduct) or withdrawn: not for sale.
    (row.activityStatus !== null && row.activityStatus !== SaleStatus.Published)
  ) {
    return Errors.PRODUCT_GONE;
  }
  if (row.startAt && row.endAt) {
    const state = saleState({ startAt: row.startAt, endAt: row.endAt }, now);
    if (state === 'upcoming') return Errors.SALE_NOT_STARTED;
    if (state === 'ended') return Errors.SALE_ENDED;
  }
  if (row.stock < quantity) return Errors.OUT_OF_STOCK;
  return null;
}

/**
 * The lines a checkout buys. 立即购买 refuses a SKU that cannot be bought with the cart's reason;
 * a cart checkout takes the selected lines that can still be bought (the cart shows the others
 * as 失效商品) and refuses when none is left.
 */
async function checkoutLines(db: DbOrTx, input: CheckoutInput, now: Date): Promise<CheckoutLine[]> {
  const direct = input.skuNo !== undefined;
  if (direct !== (input.quantity !== undefined)) throw appError(Errors.NOTHING_TO_ORDER);
  const rows = await db
    .select({
      skuId: skus.id,
      skuNo: skus.skuNo,
      color: skus.color,
      size: skus.size,
      skuImage: skus.imageUrl,
      stock: skus.stock,
      productId: products.id,
      productNo: products.productNo,
      brandId: products.brandId,
      productName: products.name,
      productStatus: products.status,
      productRateBp: products.commissionRateBp,
      saleRateBp: activities.commissionRateBp,
      crossBorder: products.crossBorder,
      activityId: activities.id,
      activityNo: activities.activityNo,
      activityStatus: activities.status,
      saleTitle: activities.title,
      startAt: activities.startAt,
      endAt: activities.endAt,
      rule: activities.rule,
      ...skuPriceColumns,
      cartQuantity: cartItems.quantity,
    })
    .from(skus)
    .innerJoin(products, eq(products.id, skus.productId))
    .innerJoin(shops, eq(shops.id, products.shopId))
    .leftJoin(activities, eq(activities.id, products.activityId))
    .leftJoin(
      cartItems,
      and(
        eq(cartItems.skuId, skus.id),
        eq(cartItems.userId, input.userId),
        eq(cartItems.shopId, input.shopId),
      ),
    )
    .where(
      direct
        ? and(eq(skus.skuNo, input.skuNo!), eq(products.shopId, input.shopId))
        : and(eq(products.shopId, input.shopId), eq(cartItems.selected, true)),
    )
    .orderBy(asc(cartItems.id), asc(skus.id));

  const buyable = rows.flatMap((row) => {
    const quantity = direct ? input.quantity! : row.cartQuantity!;
    const refusal = unavailable(row, quantity, now);
    if (refusal) {
      // The cart shows sold-out, ended and withdrawn lines as 失效商品 and never checks them
      // out; a line with fewer pieces left than it holds must be changed there first.
      if (direct || (refusal === Errors.OUT_OF_STOCK && row.stock > 0)) throw appError(refusal);
      return [];
    }
    return [{ row, quantity }];
  });
  if (direct && rows.length === 0) throw appError(Errors.PRODUCT_GONE);
  if (buyable.length === 0) throw appError(Errors.NOTHING_TO_ORDER);
  if (buyable.length > MAX_CHECKOUT_LINES) throw appError(Errors.TOO_MANY_LINES);

  const covers = await coverPictures(
    db,
    buyable.map(({ row }) => row.productId),
  );
  return buyable.map(({ row, quantity }) => {
    const markups = markupsOf(row);
    const price = shopperPrice(row, markups);
    const add = markupAmounts(row.baseCents, markups);
    return {
      skuId: row.skuId,
      skuNo: row.skuNo,
      productId: row.productId,
      productNo: row.productNo,
      brandId: row.brandId,
      productName: row.productName,
      skuDesc: [row.color, row.size].filter(Boolean).join(' '),
      imageUrl: row.skuImage ?? covers.get(row.productId) ?? null,
      quantity: Math.min(quantity, MAX_PIECES_PER_SKU),
      stock: row.stock,
      baseCents: row.baseCents,
      globalAddCents: add.globalAddCents,
      saleAddCents: add.saleAddCents,
      unitCents: price.priceCents,
      commissionRateBp: commissionRateBp(
        { commissionRateBp: row.productRateBp },
        row.saleRateBp === null ? null : { commissionRateBp: row.saleRateBp },
      ),
      crossBorder: row.crossBorder,
      activityId: row.activityId,
      activityNo: row.activityNo,
      saleTitle: row.saleTitle ?? '',
      rule: asNpieceRule(row.rule),
    };
  });
}

async function coverPictures(db: DbOrTx, productIds: number[]): Promise<Map<number, string>> {
  const rows = await db
    .select({ productId: productImages.productId, url: productImages.url })
    .from(productImages)
    .where(and(inArray(productImages.productId, productIds), eq(productImages.kind, 'main')))
    .orderBy(asc(productImages.productId), asc(productImages.sort), asc(productImages.id));
  const covers = new Map<number, string>();
  for (const row of rows) if (!covers.has(row.productId)) covers.set(row.productId, row.url);
  return covers;
}

interface PricedCheckout {
  lines: CheckoutLine[];
  /** The lines of each sale, in the order they first appear: one order each. */
  sales: { key: string; lines: (CheckoutLine & { priced: OrderLineView })[] }[];
  basket: ReturnType<typeof priceBasket>;
  freeFreightOverCents: number;
  /** The checkout's freight insurance offer, whether or not it is taken. */
  insurance: Omit<InsuranceQuote, 'coverCents'>;
  coupons: CheckoutCoupons;
  quote: string;
}

async function priceCheckout(
  db: DbOrTx,
  lines: CheckoutLine[],
  input: Pick<CheckoutInput, 'shopId' | 'userId' | 'userCouponId'> & { insured: boolean },
  now: Date,
): Promise<PricedCheckout> {
  const { shopId, insured } = input;
  const [shop] = await db
    .select({
      freightCents: shops.freightCents,
      freeOverCents: shops.freeFreightOverCents,
      freightInsurance: shops.freightInsurance,
    })
    .from(shops)
    .where(eq(shops.id, shopId));
  if (!shop) throw appError(Errors.NOTHING_TO_ORDER);
  const basketLines = lines.map((line) => ({
    key: line.skuNo,
    saleKey: line.activityNo,
    rule: line.rule,
    unitCents: line.unitCents,
    quantity: line.quantity,
    insurable: uninsurableReason([line]) === null,
  }));
  const offer = insuranceOffer(
    lines,
    shop.freightInsurance,
    priceBasket(basketLines, shop, 0, true),
  );
  if (insured && !offer.available) throw appError(offer.refusal!);

  // The coupon: weighed on the goods after promotions, then shared over the lines it applies to.
  const undiscounted = priceBasket(basketLines, null);
  const scopeLines = lines.map((line, i) => ({
    brandId: line.brandId,
    activityNo: line.activityNo,
    productNo: line.productNo,
    goodsCents: undiscounted.lines[i]!.lineCents - undiscounted.lines[i]!.promotionCents,
  }));
  const held = await heldCoupons(db, {
    shopId,
    userId: input.userId,
    now,
    asked: input.userCouponId,
  });
  const { refused, ...coupons } = checkoutCoupons(held, scopeLines, input.userCouponId, now);
  if (refused === CouponRefusals.USED) throw appError(Errors.COUPON_ALREADY_USED);
  if (refused) throw appError({ ...Errors.COUPON_UNUSABLE, message: refused });
  const fit = coupons.selected?.fit;
  const basket = priceBasket(
    basketLines.map((line, i) => ({ ...line, couponEligible: fit ? fit.eligible[i]! : false })),
    shop,
    fit?.offCents ?? 0,
    insured,
  );
  const sales = new Map<string, PricedCheckout['sales'][number]>();
  lines.forEach((line, i) => {
    const priced = basket.lines[i]!;
    const key = line.activityNo ?? '';
    const sale = sales.get(key) ?? { key, lines: [] };
    sale.lines.push({
      ...line,
      priced: {
        lineId: 0,
        productNo: line.productNo,
        skuNo: line.skuNo,
        productName: line.productName,
        skuDesc: line.skuDesc,
        imageUrl: line.imageUrl,
        unitPriceCents: line.unitCents,
        quantity: line.quantity,
        lineCents: priced.lineCents,
        promotionCents: priced.promotionCents,
        couponCents: priced.couponCents,
        freightCents: priced.freightCents,
        insuranceCents: priced.insuranceCents,
        paidCents: priced.paidCents,
        crossBorder: line.crossBorder,
        refundStatus: null,
      },
    });
    sales.set(key, sale);
  });
  return {
    lines,
    sales: [...sales.values()],
    basket,
    freeFreightOverCents: shop.freeOverCents,
    insurance: {
      available: offer.available,
      reason: offer.reason,
      premiumCents: offer.premiumCents,
      orders: offer.orders,
    },
    coupons,
    quote: quoteOf({ basket, userCouponId: coupons.selected?.userCouponId ?? null }),
  };
}

/**
 * What insuring the checkout would cost, per order (sale), from the basket priced as insured;
 * unavailable when the shop does not offer it or no order of the checkout may be insured.
 */
function insuranceOffer(
  lines: CheckoutLine[],
  offered: boolean,
  insuredBasket: ReturnType<typeof priceBasket>,
) {
  const bySale = new Map<string, { saleTitle: string; premiumCents: number }>();
  lines.forEach((line, i) => {
    const key = line.activityNo ?? '';
    const sale = bySale.get(key) ?? { saleTitle: line.saleTitle, premiumCents: 0 };
    sale.premiumCents += insuredBasket.lines[i]!.insuranceCents;
    bySale.set(key, sale);
  });
  const orders = [...bySale.values()];
  const refusal = !offered
    ? InsuranceErrors.NOT_OFFERED
    : insuredBasket.insuranceCents === 0
      ? InsuranceErrors.NOT_INSURABLE
      : null;
  return {
    available: refusal === null,
    reason: refusal?.message ?? null,
    refusal,
    premiumCents: refusal ? 0 : insuredBasket.insuranceCents,
    orders: refusal ? [] : orders,
  };
}

/**
 * The token of a priced checkout: equal exactly when every line's numbers, the totals and the
 * coupon used are.
 */
export function quoteOf(priced: {
  basket: ReturnType<typeof priceBasket>;
  userCouponId: number | null;
}): string {
  return createHash('sha256').update(JSON.stringify(priced)).digest('base64url').slice(0, 32);
}

function groupView(sale: PricedCheckout['sales'][number]): PreviewGroup {
  const views = sale.lines.map((line) => line.priced);
  const sum = (pick: (line: OrderLineView) => number) => views.reduce((t, l) => t + pick(l), 0);
  const rule = sale.lines[0]!.rule;
  return {
    saleTitle: sale.lines[0]!.saleTitle,
    ruleLabel: rule ? ruleLabel(rule) : null,
    lines: views,
    goodsCents: sum((l) => l.lineCents),
    discountCents: sum((l) => l.promotionCents),
    freightCents: sum((l) => l.freightCents),
    insuranceCents: sum((l) => l.insuranceCents),
    payCents: sum((l) => l.paidCents),
  };
}

/**
 * The caller's address asked for, else (without one, or for a preview whose chosen address is
 * gone) their default or newest; null when they have none. An order is only ever sent to the
 * address asked for.
 */
async function checkoutAddress(
  db: DbOrTx,
  userId: number,
  addressId: number | undefined,
  fallback: boolean,
): Promise<(OrderAddress & { id: number }) | null> {
  const chosen = addressId === undefined ? null : await readAddress(db, userId, addressId);
  const address =
    chosen ?? (fallback || addressId === undefined ? (await listAddresses(db, userId))[0] : null);
  if (!address) return null;
  const { id, name, phone, province, city, district, detail } = address;
  return { id, name, phone, province, city, district, detail };
}

/** The caller's verified real name, masked; null when there is none. */
async function verifiedRealName(
  db: DbOrTx,
  userId: number,
): Promise<{ name: string; idNumber: string } | null> {
  const realName = await readRealName(db, userId);
  return realName?.verified
    ? { name: realName.nameMasked, idNumber: realName.idNumberMasked }
    : null;
}

/** 确认订单: the checkout as it would be ordered and charged now. */
export async function previewCheckout(db: DbOrTx, input: CheckoutInput): Promise<CheckoutPreview> {
  const now = input.now ?? new Date();
  const lines = await checkoutLines(db, input, now);
  const checkout = await priceCheckout(
    db,
    lines,
    { ...input, insured: input.insured ?? false },
    now,
  );
  const needsRealName = lines.some((line) => line.crossBorder);
  const [address, realName] = await Promise.all([
    checkoutAddress(db, input.userId, input.addressId, true),
    needsRealName ? verifiedRealName(db, input.userId) : Promise.resolve(null),
  ]);
  const { basket } = checkout;
  return {
    groups: checkout.sales.map(groupView),
    address,
    goodsCents: basket.goodsCents,
    discountCents: basket.discountCents,
    couponCents: basket.couponCents,
    freightCents: basket.freightCents,
    insuranceCents: basket.insuranceCents,
    payCents: basket.payCents,
    pieces: lines.reduce((n, line) => n + line.quantity, 0),
    freeFreightOverCents: checkout.freeFreightOverCents,
    insured: basket.insuranceCents > 0,
    insurance: { ...checkout.insurance, coverCents: insuranceCover(address?.province ?? '') },
    coupons: {
      usable: checkout.coupons.usable,
      unusable: checkout.coupons.unusable,
      selectedId: checkout.coupons.selected?.userCouponId ?? null,
    },
    needsRealName,
    realName,
    quote: checkout.quote,
  };
}

export interface PlaceOrderInput extends CheckoutInput {
  addressId: number;
  remark?: string | undefined;
  quote: string;
  idempotencyKey: string;
  /** The distributorId of the link the shopper is on (the page URL), checked here. */
  linkDistributorId?: number | undefined;
}

/** The body of a create request, as the idempotency key's fingerprint. */
function requestFingerprint(input: PlaceOrderInput): string {
  const { skuNo, quantity, addressId, remark, quote } = input;
  const insured = input.insured ?? false;
  const userCouponId = input.userCouponId ?? null;
  return createHash('sha256')
    .update(
      JSON.stringify({
        skuNo,
        quantity,
        addressId,
        remark: remark ?? '',
        quote,
        insured,
        userCouponId,
      }),
    )
    .digest('base64url');
}

/** What the idempotency key keeps: the answer and the request it answered. */
type StoredPlacement = {
  groupNo: string;
  orderNos: string[];
  payCents: number;
  payDeadline: string;
  fingerprint: string;
};

/** 提交订单. */
export async function placeOrder(db: DbOrTx, input: PlaceOrderInput): Promise<PlacedOrder> {
  const now = input.now ?? new Date();
  const fingerprint = requestFingerprint(input);
  const stored = await db.transaction((tx) =>
    withIdempotencyKey<StoredPlacement>(
      tx,
      `createOrder:${input.userId}`,
      input.idempotencyKey,
      async (tx) => ({ ...(await place(tx, input, now)), fingerprint }),
    ),
  );
  if (stored.fingerprint !== fingerprint) throw appError(Errors.IDEMPOTENCY_KEY_REUSED);
  const { fingerprint: _, ...placed } = stored;
  return placed;
}

async function place(tx: Tx, input: PlaceOrderInput, now: Date): Promise<PlacedOrder> {
  const lines = await checkoutLines(tx, input, now);
  // An order names its coupon (or none): it is never chosen for the shopper at submit time.
  const checkout = await priceCheckout(
    tx,
    lines,
    { ...input, insured: input.insured ?? false, userCouponId: input.userCouponId ?? null },
    now,
  );
  if (checkout.quote !== input.quote) throw appError(Errors.PRICE_CHANGED);
  const address = await checkoutAddress(tx, input.userId, input.addressId, false);
  if (!address) throw appError(Errors.ADDRESS_REQUIRED);
  const realName = lines.some((line) => line.crossBorder)
    ? await verifiedRealName(tx, input.userId)
    : null;
  if (lines.some((line) => line.crossBorder) && !realName) {
    throw appError(Errors.REAL_NAME_REQUIRED);
  }

  // Stock first, in SKU-id order: two checkouts sharing SKUs lock them in the same order.
  for (const line of [...lines].sort((a, b) => a.skuId - b.skuId)) {
    if (!(await takeStock(tx, line.skuId, line.quantity))) throw appError(Errors.OUT_OF_STOCK);
  }

  // Whose sale this is: the shopper's keeper in this shop (distribution/attribution.server.ts).
  const distributorId = await attributeOrder(tx, {
    shopId: input.shopId,
    userId: input.userId,
    linkDistributorId: input.linkDistributorId ?? null,
    now,
  });
  const payDeadline = new Date(now.getTime() + PAY_WINDOW_MS);
  const { id: _, ...snapshot } = address;
  const { basket } = checkout;
  const [group] = await tx
    .insert(orderGroups)
    .values({
      groupNo: newNumber('G', now),
      shopId: input.shopId,
      userId: input.userId,
      goodsCents: basket.goodsCents,
      discountCents: basket.discountCents,
      couponCents: basket.couponCents,
      freightCents: basket.freightCents,
      insuranceCents: basket.insuranceCents,
      payCents: basket.payCents,
      payDeadline,
      createdAt: now,
    })
    .returning({ id: orderGroups.id, groupNo: orderGroups.groupNo });
  const couponId = checkout.coupons.selected?.userCouponId;
  if (couponId !== undefined) {
    // One conditional write: of two checkouts racing for one coupon, one uses it.
    const used = await useCoupon(tx, {
      userCouponId: couponId,
      userId: input.userId,
      groupId: group!.id,
      now,
    });
    if (!used) throw appError(Errors.COUPON_ALREADY_USED);
    // Recorded on the checkout once it is ours (the unique index is the last line of defence).
    await tx
      .update(orderGroups)
      .set({ userCouponId: couponId })
      .where(eq(orderGroups.id, group!.id));
  }
  // The policy pays for a return parcel from where the order is sent.
  const coverCents = insuranceCover(address.province);

  const orderNos: string[] = [];
  for (const sale of checkout.sales) {
    const view = groupView(sale);
    const couponCents = sale.lines.reduce((t, l) => t + l.priced.couponCents, 0);
    const first = sale.lines[0]!;
    const [order] = await tx
      .insert(orders)
      .values({
        orderNo: newNumber('', now),
        groupId: group!.id,
        shopId: input.shopId,
        userId: input.userId,
        distributorId,
        activityId: first.activityId,
        saleTitle: first.saleTitle,
        status: OrderStatus.AwaitingPayment,
        goodsCents: view.goodsCents,
        discountCents: view.discountCents,
        couponCents,
        freightCents: view.freightCents,
        insuranceCents: view.insuranceCents,
        insuranceCoverCents: view.insuranceCents > 0 ? coverCents : 0,
        userCouponId: couponCents > 0 ? (couponId ?? null) : null,
        payCents: view.payCents,
        address: snapshot,
        realName: sale.lines.some((l) => l.crossBorder) ? realName : null,
        remark: input.remark ?? '',
        payDeadline,
        createdAt: now,
      })
      .returning({ id: orders.id, orderNo: orders.orderNo });
    orderNos.push(order!.orderNo);
    await tx.insert(orderLines).values(
      sale.lines.map((line) => ({
        orderId: order!.id,
        productId: line.productId,
        skuId: line.skuId,
        productNo: line.productNo,
        skuNo: line.skuNo,
        productName: line.productName,
        skuDesc: line.skuDesc,
        imageUrl: line.imageUrl,
        baseCents: line.baseCents,
        globalAddCents: line.globalAddCents,
        saleAddCents: line.saleAddCents,
        unitPriceCents: line.unitCents,
        quantity: line.quantity,
        lineCents: line.priced.lineCents,
        promotionCents: line.priced.promotionCents,
        couponCents: line.priced.couponCents,
        freightCents: line.priced.freightCents,
        insuranceCents: line.priced.insuranceCents,
        paidCents: line.priced.paidCents,
        // The shop keeper's commission on what this line pays for its goods; recorded in the
        // ledger when the order is paid (distribution/commission.server.ts).
        commissionRateBp: distributorId === null ? 0 : line.commissionRateBp,
        profitCents:
          distributorId === null
            ? 0
            : commissionCents(goodsPaidCents(line.priced), line.commissionRateBp),
        crossBorder: line.crossBorder,
      })),
    );
    await recordOrderEvent(tx, {
      orderId: order!.id,
      kind: 'created',
      toStatus: OrderStatus.AwaitingPayment,
      actor: 'shopper',
      now,
    });
  }

  if (input.skuNo === undefined) {
    await removeCartLines(tx, {
      shopId: input.shopId,
      userId: input.userId,
      skuNos: lines.map((line) => line.skuNo),
    });
  }
  return {
    groupNo: group!.groupNo,
    orderNos,
    payCents: basket.payCents,
    payDeadline: payDeadline.toISOString(),
  };
}
