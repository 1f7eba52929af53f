/**
 * The order calls of commerce §7 "Orders and payment" (and the shop's 发货, which the
 * specification does not show): placing, reading, changing and tracking orders. Every amount in
 * these answers is computed on the server; no body here carries a price, an amount, freight or
 * a distributor (bodies are strict: such a key is refused).
 */
import { z } from 'zod';
import { contract } from '#lib/platform/contract.ts';
import { rowIdSchema, shopIdSchema } from '#lib/platform/id-schemas.ts';
import type { OrderStatus, RefundStatus } from './status.ts';
import type { CouponOption } from '#lib/coupons/index.ts';
import { MAX_PIECES_PER_SKU } from '#lib/cart/index.ts';

import { MAX_CHECKOUT_LINES, MAX_REMARK_LENGTH, ORDER_PAGE_SIZE } from './limits.ts';

export { MAX_CHECKOUT_LINES, MAX_REMARK_LENGTH, ORDER_PAGE_SIZE };

const orderNo = z.string().regex(/^[A-Z0-9]{6,40}$/, '订单号格式不正确');
const groupNo = z.string().regex(/^[A-Z0-9]{6,40}$/, '订单号格式不正确');
const skuNo = z.string().regex(/^[A-Za-z0-9-]{1,40}$/, '规格编号格式不正确');
const pageNum = z.coerce.number().int().min(1).max(10_000).default(1);
const pageSize = z.coerce.number().int().min(1).max(50).default(ORDER_PAGE_SIZE);
const keyword = z.string().trim().min(1, '请输入商品名称或订单号').max(40);
const reason = z.string().trim().min(1, '请选择取消原因').max(50);
/** A user coupon's id; 'none' for no coupon; absent: the best one (preview) or none (order). */
/** A parcel as the shop enters it (发货, and a paper invoice's 寄出): the carrier and its number. */
export const parcelFields = {
  carrier: z.string().regex(/^[A-Z]{2,10}$/, '请选择快递公司'),
  trackingNo: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{6,30}$/, '快递单号格式不正确'),
};
const couponChoice = z.union([rowIdSchema('优惠券编号格式不正确'), z.literal('none')]).optional();

/** The order list's tabs (订单 tab): 全部 待付款 待发货 待收货 已完成 售后. */
export const ORDER_TABS = ['all', 'unpaid', 'unshipped', 'shipped', 'done', 'refund'] as const;
export type OrderTab = (typeof ORDER_TABS)[number];

/**
 * What a checkout buys: one SKU bought at once (立即购买: skuNo and quantity), or the selected,
 * still buyable lines of the shopper's cart in this shop (neither given).
 */
const checkoutSource = {
  skuNo: skuNo.optional(),
  quantity: z.number().int().min(1, '数量至少为1').max(MAX_PIECES_PER_SKU).optional(),
};

// --- Answers -------------------------------------------------------------------------------

/** The delivery address an order is sent to. */
export interface OrderAddress {
  name: string;
  phone: string;
  province: string;
  city: string;
  district: string;
  detail: string;
}

/** A line of a checkout preview or an order, with its price breakdown in cents. */
export interface OrderLineView {
  /** The order line's id (0 in a preview, where no line exists yet). */
  lineId: number;
  productNo: string;
  skuNo: string;
  productName: string;
  skuDesc: string;
  imageUrl: string | null;
  unitPriceCents: number;
  quantity: number;
  lineCents: number;
  promotionCents: number;
  couponCents: number;
  freightCents: number;
  /** Its share of the order's freight insurance premium. */
  insuranceCents: number;
  paidCents: number;
  crossBorder: boolean;
  refundStatus: RefundStatus | null;
}

/** A sale's lines in a preview (one future order). */
export interface PreviewGroup {
  saleTitle: string;
  /** The sale's N件X折 rule label, e.g. 3件7折. */
  ruleLabel: string | null;
  lines: OrderLineView[];
  goodsCents: number;
  discountCents: number;
  freightCents: number;
  insuranceCents: number;
  payCents: number;
}

/** A checkout's freight insurance offer (queryInsuredFee): one policy per order (sale). */
export interface InsuranceQuote {
  /** The shop offers it and some order of the checkout may be insured. */
  available: boolean;
  /** Why not, when it is not available. */
  reason: string | null;
  /** The premium of insuring the checkout: the sum of its orders'. */
  premiumCents: number;
  /** What each insured order's policy pays towards a return parcel from the chosen address. */
  coverCents: number;
  orders: { saleTitle: string; premiumCents: number }[];
}

/** The order confirmation (确认订单): what would be ordered and charged now. */
export interface CheckoutPreview {
  groups: PreviewGroup[];
  address: (OrderAddress & { id: number }) | null;
  goodsCents: number;
  discountCents: number;
  couponCents: number;
  freightCents: number;
  /** The freight insurance premium when insured, else 0. */
  insuranceCents: number;
  payCents: number;
  pieces: number;
  /** The checkout is priced with freight insurance. */
  insured: boolean;
  insurance: InsuranceQuote;
  /** The shopper's coupons for this checkout and the one it is priced with (null: none). */
  coupons: { usable: CouponOption[]; unusable: CouponOption[]; selectedId: number | null };
  /** The shop's freight rule, to say how far free shipping is. */
  freeFreightOverCents: number;
  /** Some line is cross-border: the real name is needed (shell §5 rule). */
  needsRealName: boolean;
  /** The caller's verified real name, masked, when there is one. */
  realName: { name: string; idNumber: string } | null;
  /**
   * An opaque token of the prices shown; createOrder refuses with PRICE_CHANGED when the prices
   * it computes differ, so a shopper is never charged an amount they were not shown.
   */
  quote: string;
}

export interface PlacedOrder {
  groupNo: string;
  orderNos: string[];
  payCents: number;
  /** ISO time by which the group must be paid (12 minutes, shell §4). */
  payDeadline: string;
}

/** What the shopper may do with an order in its state. */
export type OrderAction =
  'pay' | 'cancel' | 'changeAddress' | 'confirmReceipt' | 'logistics' | 'hide' | 'refund';

export interface OrderSummary {
  orderNo: string;
  groupNo: string;
  status: OrderStatus;
  /** 待付款 待发货 待收货 已完成 已取消. */
  statusText: string;
  saleTitle: string;
  createdAt: string;
  payDeadline: string;
  pieces: number;
  goodsCents: number;
  freightCents: number;
  insuranceCents: number;
  payCents: number;
  lines: OrderLineView[];
  actions: OrderAction[];
}

export interface OrderEventView {
  kind: string;
  text: string;
  at: string;
}

export interface OrderDetail extends OrderSummary {
  address: OrderAddress;
  realName: { name: string; idNumber: string } | null;
  remark: string;
  discountCents: number;
  couponCents: number;
  paidAt: string | null;
  shippedAt: string | null;
  completedAt: string | null;
  cancelledAt: string | null;
  cancelReason: string | null;
  autoCompleteAt: string | null;
  timeline: OrderEventView[];
  parcel: { company: string; trackingNo: string; latest: TraceView | null } | null;
  /** The server's clock when answered, so a countdown can correct itself. */
  serverNow: string;
}

export interface OrderPage {
  list: OrderSummary[];
  total: number;
  pageNum: number;
  pageSize: number;
  /** The tab counts (全部 has none). */
  counts: Record<Exclude<OrderTab, 'all'>, number>;
}

export interface TraceView {
  time: string;
  text: string;
}

export interface LogisticsView {
  orderNo: string;
  carrier: string;
  company: string;
  trackingNo: string;
  /** Newest first. */
  traces: TraceView[];
  address: OrderAddress;
  imageUrl: string | null;
  pieces: number;
}

export interface OrderGroupView {
  groupNo: string;
  payCents: number;
  payDeadline: string;
  serverNow: string;
  orders: OrderSummary[];
}

/** An order as its distributor sees it: the buyer masked, the commission. */
export interface DistributorOrderSummary {
  orderNo: string;
  status: OrderStatus;
  statusText: string;
  createdAt: string;
  buyer: string;
  payCents: number;
  /** The order's commission for the keeper (refunded lines left out); settled after the window. */
  commissionCents: number;
  lines: Pick<
    OrderLineView,
    'productName' | 'skuDesc' | 'imageUrl' | 'unitPriceCents' | 'quantity'
  >[];
  /** The shop owner may ship a paid order (发货), once no 仅退款 waits on it. */
  canShip: boolean;
  /** A 仅退款 waits for the owner's review: 发货 waits until it is decided (decision 039). */
  refundWaiting: boolean;
}

export interface DistributorOrderPage {
  list: DistributorOrderSummary[];
  total: number;
  pageNum: number;
  pageSize: number;
}

/** Where an order goes in full: what the one who ships it needs beside the region. */
export interface OrderDelivery {
  name: string;
  phone: string;
  detail: string;
  /** The buyer's remark ('' for none). */
  remark: string;
}

export interface DistributorOrderDetail extends DistributorOrderSummary {
  /** The region: all a shop keeper reading a promotion order sees of where it goes. */
  address: Pick<OrderAddress, 'province' | 'city' | 'district'>;
  /** The receiver, phone, street and remark for the one who ships the order; null for a keeper. */
  delivery: OrderDelivery | null;
  paidAt: string | null;
  shippedAt: string | null;
  parcel: { company: string; trackingNo: string } | null;
}

// --- Calls ---------------------------------------------------------------------------------

export const OrderContracts = {
  /** The confirmation page's preview (确认订单), for the chosen address. */
  preview: contract<CheckoutPreview>()({
    method: 'POST',
    path: '/api/order/directPurchaseDetail',
    body: {
      ...checkoutSource,
      addressId: rowIdSchema('地址编号格式不正确').optional(),
      insured: z.boolean().optional(),
      userCouponId: couponChoice,
    },
    access: 'signed-in',
  }),
  /** The checkout's freight insurance offer: premium per order and the cover (运费险). */
  insuredFee: contract<InsuranceQuote>()({
    method: 'POST',
    path: '/api/order/queryInsuredFee',
    body: {
      ...checkoutSource,
      addressId: rowIdSchema('地址编号格式不正确').optional(),
    },
    access: 'signed-in',
  }),
  /**
   * 提交订单: one command, one transaction. `idempotencyKey` makes a retried submit answer the
   * same order; `quote` is the preview's token of the prices shown.
   */
  create: contract<PlacedOrder>()({
    method: 'POST',
    path: '/api/order/createOrder',
    body: {
      ...checkoutSource,
      addressId: rowIdSchema('地址编号格式不正确'),
      remark: z.string().trim().max(MAX_REMARK_LENGTH, '备注最多100字').optional(),
      insured: z.boolean().optional(),
      userCouponId: couponChoice,
      quote: z.string().regex(/^[A-Za-z0-9_-]{8,100}$/, '请刷新页面后重新提交'),
      idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, '请刷新页面后重新提交'),
    },
    access: 'signed-in',
  }),
  list: contract<OrderPage>()({
    method: 'GET',
    path: '/api/order/list',
    query: { tab: z.enum(ORDER_TABS).default('all'), pageNum, pageSize },
    access: 'signed-in',
  }),
  detail: contract<OrderDetail>()({
    method: 'GET',
    path: '/api/order/detail',
    query: { orderNo },
    access: 'signed-in',
  }),
  /** The short form of an order: status, amount and deadline (the cashier polls it). */
  info: contract<
    Pick<
      OrderDetail,
      'orderNo' | 'status' | 'statusText' | 'payCents' | 'payDeadline' | 'serverNow'
    >
  >()({
    method: 'GET',
    path: '/api/order/info',
    query: { orderNo },
    access: 'signed-in',
  }),
  logistics: contract<LogisticsView>()({
    method: 'GET',
    path: '/api/order/logistics',
    query: { orderNo },
    access: 'signed-in',
  }),
  orderTrack: contract<{ orderNo: string; timeline: OrderEventView[] }>()({
    method: 'GET',
    path: '/api/order/query/orderTrack',
    query: { orderNo },
    access: 'signed-in',
  }),
  cancel: contract<OrderDetail>()({
    method: 'POST',
    path: '/api/order/cancel',
    body: { orderNo, reason },
    access: 'signed-in',
    message: '订单已取消',
  }),
  /** A line of a paid, unshipped order goes under refund review (after-sale, issue 12 pays it). */
  cancelLine: contract<OrderDetail>()({
    method: 'POST',
    path: '/api/order/cancelOrderLine',
    body: { orderNo, lineId: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER), reason },
    access: 'signed-in',
    message: '已提交取消申请',
  }),
  /** Removes a finished order from the shopper's list. */
  hide: contract<{ orderNo: string }>()({
    method: 'POST',
    path: '/api/order/destroyOrderByC',
    query: { orderNo },
    access: 'signed-in',
    message: '订单已删除',
  }),
  pendingPayment: contract<{ list: OrderSummary[]; total: number }>()({
    method: 'GET',
    path: '/api/order/pendingPaymentOrders',
    query: { pageNum, pageSize },
    access: 'signed-in',
  }),
  search: contract<OrderPage>()({
    method: 'POST',
    path: '/api/order/orderSearch',
    body: { keyword, pageNum: z.number().int().min(1).max(10_000).default(1) },
    access: 'signed-in',
  }),
  /** An unpaid order's address. */
  updateAddress: contract<OrderDetail>()({
    method: 'POST',
    path: '/api/order/updateOrderAddress',
    body: { orderNo, addressId: rowIdSchema('地址编号格式不正确') },
    access: 'signed-in',
    message: '地址已修改',
  }),
  /** A paid order's address while it is being picked (not yet shipped). */
  changeAddressWhenPicking: contract<OrderDetail>()({
    method: 'POST',
    path: '/api/order/applyChangeAddressWhenPicking',
    body: { orderNo, addressId: rowIdSchema('地址编号格式不正确') },
    access: 'signed-in',
    message: '地址已修改',
  }),
  /** 确认收货. A GET of the specification that changes state: other sites are refused. */
  confirmReceipt: contract<OrderDetail>()({
    method: 'GET',
    path: '/api/order/updateSignStatus/{id}',
    params: { id: orderNo },
    access: 'signed-in',
    refuseCrossSite: true,
    message: '已确认收货',
  }),
  firstOrder: contract<{ isFirstOrder: boolean }>()({
    method: 'GET',
    path: '/api/order/query/firstOrder',
    access: 'signed-in',
  }),
  combineDetail: contract<OrderGroupView>()({
    method: 'GET',
    path: '/api/order/combine/detail',
    query: { groupNo },
    access: 'signed-in',
  }),
  groupInfo: contract<
    Pick<OrderGroupView, 'groupNo' | 'payCents' | 'payDeadline' | 'serverNow'> & {
      orderNos: string[];
      status: OrderStatus;
    }
  >()({
    method: 'GET',
    path: '/api/order/query/orderGroup/info',
    query: { groupNo },
    access: 'signed-in',
  }),
  distributorList: contract<DistributorOrderPage>()({
    method: 'GET',
    path: '/api/order/distributor/listByPage',
    query: {
      shopBizCode: shopIdSchema,
      tab: z.enum(ORDER_TABS).default('all'),
      pageNum,
      pageSize,
      /** `shop`: every order of the shop, for its owner (to ship them); else the caller's own. */
      scope: z.enum(['mine', 'shop']).default('mine'),
    },
    access: { roles: ['D'] },
  }),
  distributorDetail: contract<DistributorOrderDetail>()({
    method: 'GET',
    path: '/api/order/distributor/detail',
    query: { shopBizCode: shopIdSchema, orderNo },
    access: { roles: ['D'] },
  }),
  distributorSearch: contract<DistributorOrderPage>()({
    method: 'POST',
    path: '/api/order/distributor/orderSearch',
    query: { shopBizCode: shopIdSchema },
    body: { keyword, pageNum: z.number().int().min(1).max(10_000).default(1) },
    access: { roles: ['D'] },
  }),
  /**
   * Kuaidi100's push of a subscribed parcel's traces (a form: param, sign = MD5(param + salt)),
   * answered in the service's own { result, returnCode, message } form.
   */
  kuaidi100Notify: contract<never>()({
    method: 'POST',
    path: '/api/order/logistics/kuaidi100/notify',
    access: 'anyone',
  }),
  /** The shop owner ships a paid order (the back office comes later). */
  ship: contract<DistributorOrderDetail>()({
    method: 'POST',
    path: '/api/order/shop/ship',
    query: { shopBizCode: shopIdSchema },
    body: { orderNo, ...parcelFields },
    access: { roles: ['D'] },
    message: '已发货',
  }),
};
