/**
 * After-sale calls (the specification names the refund status texts and the audit channel, not
 * the paths; these follow the /api/order family): the shopper applies for 仅退款 or 退货退款 on
 * one order line with a reason, a description and up to 6 photos, follows it and sends the goods
 * back; the shop owner reviews, receives the goods and so refunds. Amounts come from the stored
 * line, never from a body.
 */
import { z } from 'zod';
import { contract } from '#lib/platform/contract.ts';
import { shopIdSchema } from '#lib/platform/id-schemas.ts';
import type { RefundStatus } from '#lib/orders/index.ts';

export const MAX_AFTER_SALE_PHOTOS = 6;
export const MAX_AFTER_SALE_DESCRIPTION = 200;
/** The longest refusal reason the shop owner gives. */
export const MAX_AFTER_SALE_REFUSAL = 100;

/** The reasons offered (the shopper picks one). */
export const AFTER_SALE_REASONS = {
  refund: ['不想要了', '拍错/多拍', '商品信息填写错误', '未按约定时间发货', '其他'],
  return: ['质量问题', '商品与描述不符', '少件/漏发', '收到商品破损', '发错货', '不想要了', '其他'],
} as const;

export type AfterSaleKind = keyof typeof AFTER_SALE_REASONS;

const orderNo = z.string().regex(/^[A-Z0-9]{6,40}$/, '订单号格式不正确');
const afterSaleNo = z.string().regex(/^[A-Z0-9]{6,40}$/, '售后单号格式不正确');
const lineId = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const photoId = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

/** Where the refund money stands once approved. */
export type RefundProgress = 'none' | 'refunding' | 'refunded' | 'failed';

export interface AfterSaleView {
  afterSaleNo: string;
  orderNo: string;
  lineId: number;
  productName: string;
  skuDesc: string;
  imageUrl: string | null;
  unitPriceCents: number;
  quantity: number;
  kind: AfterSaleKind;
  /** 仅退款 / 退货退款 */
  kindText: string;
  reason: string;
  description: string;
  /** URLs of the photos, readable by the shopper and the shop owner only. */
  photos: string[];
  amountCents: number;
  status: RefundStatus;
  /** 退款审核中 / 退款失败 / 退款成功 … as the shopper reads it now. */
  statusText: string;
  refusal: string | null;
  auditChannel: 2 | 6;
  returnCompany: string | null;
  returnTrackingNo: string | null;
  returnShippedAt: string | null;
  returnReceivedAt: string | null;
  refund: RefundProgress;
  createdAt: string;
  reviewedAt: string | null;
  /** When the money was back (the refund succeeded at the gateway). */
  refundedAt: string | null;
  /** The freight insurance claim this approved return filed, when the order was insured. */
  claim: { claimNo: string; amountCents: number; statusText: string } | null;
  /** What the viewer may do next. */
  actions: ('shipReturn' | 'approve' | 'refuse' | 'receiveReturn')[];
}

export const AfterSaleContracts = {
  apply: contract<AfterSaleView>()({
    method: 'POST',
    path: '/api/order/afterSale/apply',
    body: {
      orderNo,
      lineId,
      kind: z.enum(['refund', 'return'], { error: '请选择售后类型' }),
      reason: z.string().trim().min(1, '请选择售后原因').max(20),
      description: z
        .string()
        .trim()
        .max(MAX_AFTER_SALE_DESCRIPTION, `问题描述最多${MAX_AFTER_SALE_DESCRIPTION}字`)
        .default(''),
      photoIds: z
        .array(photoId)
        .max(MAX_AFTER_SALE_PHOTOS, `最多上传${MAX_AFTER_SALE_PHOTOS}张图片`)
        .default([]),
    },
    access: 'signed-in',
    message: '售后申请已提交',
  }),
  /** A photo for an after-sale: the raw image bytes; stored private, answered with its id. */
  uploadPhoto: contract<{ photoId: number; url: string }>()({
    method: 'POST',
    path: '/api/order/afterSale/photo',
    body: 'binary',
    access: 'signed-in',
  }),
  /** A photo as its uploader or the shop's owner sees it (the image itself). */
  photo: contract<never>()({
    method: 'GET',
    path: '/api/order/afterSale/photo/{photoId}',
    params: { photoId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) },
    access: 'signed-in',
  }),
  detail: contract<AfterSaleView>()({
    method: 'GET',
    path: '/api/order/afterSale/detail',
    query: { afterSaleNo },
    access: 'signed-in',
  }),
  /** The shopper's after-sales of one order (newest first). */
  ofOrder: contract<{ list: AfterSaleView[] }>()({
    method: 'GET',
    path: '/api/order/afterSale/ofOrder',
    query: { orderNo },
    access: 'signed-in',
  }),
  /** After an approved 退货退款: the parcel the shopper sends the goods back in. */
  shipReturn: contract<AfterSaleView>()({
    method: 'POST',
    path: '/api/order/afterSale/returnShipment',
    body: {
      afterSaleNo,
      company: z.string().trim().min(1, '请填写快递公司').max(20, '快递公司最多20字'),
      trackingNo: z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9-]{6,30}$/, '请填写正确的快递单号'),
    },
    access: 'signed-in',
    message: '退货信息已提交',
  }),
  /** The owner's review screen: the shop's after-sales, waiting ones first. */
  shopList: contract<{ list: AfterSaleView[]; waiting: number }>()({
    method: 'GET',
    path: '/api/order/afterSale/shop/list',
    query: {
      shopBizCode: shopIdSchema,
      status: z.enum(['waiting', 'all']).default('waiting'),
    },
    access: { roles: ['D'] },
  }),
  /** The waiting-audit refund count (shell §7 "Other shared helpers"). */
  waitingAuditCount: contract<{ count: number }>()({
    method: 'GET',
    path: '/api/order/afterSale/shop/waitingAuditCount',
    query: { shopBizCode: shopIdSchema },
    access: { roles: ['D'] },
  }),
  review: contract<AfterSaleView>()({
    method: 'POST',
    path: '/api/order/afterSale/shop/review',
    query: { shopBizCode: shopIdSchema },
    body: {
      afterSaleNo,
      approve: z.boolean(),
      refusal: z
        .string()
        .trim()
        .max(MAX_AFTER_SALE_REFUSAL, `拒绝原因最多${MAX_AFTER_SALE_REFUSAL}字`)
        .optional(),
    },
    access: { roles: ['D'] },
    message: '已处理',
  }),
  /** The owner received the returned goods: stock back, money back. */
  receiveReturn: contract<AfterSaleView>()({
    method: 'POST',
    path: '/api/order/afterSale/shop/receiveReturn',
    query: { shopBizCode: shopIdSchema },
    body: { afterSaleNo },
    access: { roles: ['D'] },
    message: '已确认收货，退款处理中',
  }),
} as const;
