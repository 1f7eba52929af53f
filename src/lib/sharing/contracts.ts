/**
 * Sharing's endpoint contracts (commerce §7 "Sharing"): share info of every content type, the
 * shop's QR code, share codes, the shop poster's brands, the share confirmation, the forwarding
 * texts of editForward and their check. A coupon's own share card stays with the coupons
 * (`/api/member/coupon/share/{shopId}/{couponId}`); here a coupon is shared like any content.
 * Every share link names the caller as sharer only when they are an active shop keeper of the
 * shop: a distributorId sent with a request is accepted (the request client adds it) and ignored.
 */
import { z } from 'zod';
import { contract } from '#lib/platform/contract.ts';
import { shopIdSchema } from '#lib/platform/id-schemas.ts';
import { CHANNEL_TYPES, FORWARD_TEXT_MAX, MAX_POSTER_NO, SHARE_TYPES } from './channels.ts';

/** Commerce §3 share info, with the poster's address and the codes the links carry. */
export interface ShareInfo {
  contentType: number;
  title: string;
  desc: string;
  imgUrl: string;
  /** The in-app card's link (absolute). */
  link: string;
  linkTitle: string;
  linkDesc: string;
  linkPic: string;
  linkUrl: string;
  /** The poster's QR code as an SVG data URL; it encodes the poster link. */
  qrCode: string;
  /** The link 复制链接 copies (absolute). */
  shareLink: string;
  /** The short code of shareLink: GET /api/member/normal/share answers that link for it. */
  shareCode: string;
  shopName: string;
  shopLogoUrl: string;
  /** The shared product's number; '' for other content. */
  productNo: string;
  /** The server's poster PNG (absolute), or '' for content without one. */
  posterUrl: string;
  /** Whether the links name the caller as their sharer. */
  sharer: boolean;
}

export interface ShopQrCode {
  link: string;
  qrCode: string;
}

export interface ResolvedShareCode {
  shopId: string;
  contentType: number;
  link: string;
}

export interface PosterBrand {
  brandName: string;
  logoUrl: string | null;
  activityNo: string;
  title: string;
}

export interface ForwardTextView {
  contentType: number;
  label: string;
  /** The keeper's own text, or '' when they kept the default. */
  text: string;
}

const contentNo = z.string().regex(/^[A-Za-z0-9-]{1,40}$/, '编号格式不正确');
/** A product share's activityNo: the product's sale, or 0 for none. */
const activityNoParam = contentNo;
const flag = z.enum(['0', '1', 'true', 'false']).optional();
const shareType = z.coerce
  .number()
  .int()
  .refine((n) => (SHARE_TYPES as readonly number[]).includes(n), '分享类型不正确');

/** The payload of the specification's query-only extras: accepted, bounded, not acted on. */
const extras = {
  convert: flag,
  spm: z.string().max(64).optional(),
  shareChannel: z
    .string()
    .regex(/^\d{1,4}$/)
    .optional(),
  from: z.string().max(32).optional(),
};

const productParams = { shopId: shopIdSchema, productId: contentNo, activityNo: activityNoParam };

export const SharingContracts = {
  /** The shop's share info (type 1). */
  indexShare: contract<ShareInfo>()({
    method: 'GET',
    path: '/api/member/index/share/{shopId}',
    params: { shopId: shopIdSchema },
  }),
  /** Any content's share info: the share sheet's one call. */
  shareContent: contract<ShareInfo>()({
    method: 'POST',
    path: '/api/member/v2/share/shop',
    query: { shopBizCode: shopIdSchema },
    body: { contentType: shareType, contentId: z.string().max(40).default('') },
  }),
  productShare: contract<ShareInfo>()({
    method: 'GET',
    path: '/api/member/product/share/{shopId}/{productId}/{activityNo}',
    params: productParams,
  }),
  productShareV3: contract<ShareInfo>()({
    method: 'GET',
    path: '/api/member/v3/product/share/{shopId}/{productId}/{activityNo}',
    params: productParams,
    query: { upload: flag },
  }),
  productShareCoshop: contract<ShareInfo>()({
    method: 'GET',
    path: '/api/member/coshop/product/share/{shopId}/{productId}/{activityNo}',
    params: productParams,
  }),
  activityShare: contract<ShareInfo>()({
    method: 'GET',
    path: '/api/member/activity/share/{shopId}/{activityNo}',
    params: { shopId: shopIdSchema, activityNo: contentNo },
  }),
  activityShareV3: contract<ShareInfo>()({
    method: 'GET',
    path: '/api/member/v3/activity/share/{shopId}/{activityNo}',
    params: { shopId: shopIdSchema, activityNo: contentNo },
  }),
  /** A venue (会场, type 2 or 7) by its number. */
  businessConference: contract<ShareInfo>()({
    method: 'POST',
    path: '/api/share/v1/business/conference',
    query: { shopBizCode: shopIdSchema, convert: flag, isBusinessVenue: flag },
    body: { conferenceId: contentNo },
  }),
  conferenceShare: contract<ShareInfo>()({
    method: 'GET',
    path: '/api/member/conference/share/{shopId}/{conferenceId}',
    params: { shopId: shopIdSchema, conferenceId: contentNo },
  }),
  conference: contract<ShareInfo>()({
    method: 'POST',
    path: '/api/share/conference',
    query: { shopBizCode: shopIdSchema, conferenceId: contentNo, ...extras },
  }),
  /** The shop's link (naming the caller when a shop keeper) and its QR code. */
  shopQrCode: contract<ShopQrCode>()({
    method: 'GET',
    path: '/api/shop/queryShopQrCode/{shopId}',
    params: { shopId: shopIdSchema },
  }),
  /** A share code (share_links) to its link; the sharer kept only while still a shop keeper. */
  normalShare: contract<ResolvedShareCode>()({
    method: 'GET',
    path: '/api/member/normal/share',
    query: { shareCode: z.string().regex(/^[A-Za-z0-9_-]{4,32}$/, '分享码格式不正确') },
  }),
  /** The live channel (no liveNo) or a live room (types 8–12). */
  aggregation: contract<ShareInfo>()({
    method: 'POST',
    path: '/api/share/aggregation',
    query: { shopBizCode: shopIdSchema, liveType: z.enum(['10', '30']).optional(), ...extras },
    body: { liveNo: contentNo.optional() },
  }),
  /** The brands the shop poster shows: the best-selling running sales'. */
  posterTopBrand: contract<PosterBrand[]>()({
    method: 'GET',
    path: '/api/member/index/share/querySharePosterTopBrand',
    query: {
      shopBizCode: shopIdSchema,
      channelType: z.coerce
        .number()
        .int()
        .refine((n) => (CHANNEL_TYPES as readonly number[]).includes(n), '渠道类型不正确')
        .optional(),
    },
  }),
  /** The upcoming sales page (forcast) as a share. */
  forcastShare: contract<ShareInfo>()({
    method: 'GET',
    path: '/api/member/v1/forcast/share/{shopId}',
    params: { shopId: shopIdSchema },
  }),
  /** Material has no content in this shop: always 分享内容不存在. */
  materialShare: contract<ShareInfo>()({
    method: 'GET',
    path: '/api/share/unity/prod/mall/material/share',
    query: { shopBizCode: shopIdSchema, materialId: contentNo },
  }),
  /**
   * Commerce §3 share confirm: one share_events row per requestId; a repeat answers success and
   * writes nothing. loginId is accepted and ignored (the session says who shared).
   */
  confirm: contract<{ requestId: string; recorded: boolean }>()({
    method: 'POST',
    path: '/api/member/v2/confirm',
    query: { shopBizCode: shopIdSchema },
    body: {
      entryType: z.number().int().min(0).max(99).default(0),
      ifDirectRepost: z.boolean().default(true),
      loginId: z.string().max(64).optional(),
      posterNo: z.number().int().min(0).max(MAX_POSTER_NO).default(0),
      repostFormType: z.union(CHANNEL_TYPES.map((n) => z.literal(n))),
      requestId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'requestId 格式不正确'),
      scene: z.enum(['card', 'link', 'poster']),
      extraMap: z.strictObject({
        contentType: shareType,
        contentId: z.string().max(40).default(''),
      }),
      confirmNum: z.number().int().min(1).max(999).default(1),
    },
    access: 'signed-in',
  }),
  /** A forwarding text as it would be saved (sanitised, bounded): the editor's check. */
  contentCheck: contract<{ pass: boolean; content: string }>()({
    method: 'POST',
    path: '/api/share/unity/prod/content/v1/contentCheck',
    body: { content: z.string().max(FORWARD_TEXT_MAX * 4) },
  }),
  /** editForward: the shop keeper's forwarding texts per content type. */
  forwardTexts: contract<ForwardTextView[]>()({
    method: 'GET',
    path: '/api/member/v2/forward/texts',
    query: { shopBizCode: shopIdSchema },
    access: { roles: ['D'] },
  }),
  /** editForward: saves one (an empty text goes back to the default). */
  saveForwardText: contract<ForwardTextView>()({
    method: 'POST',
    path: '/api/member/v2/forward/text',
    query: { shopBizCode: shopIdSchema },
    body: { contentType: shareType, text: z.string().max(FORWARD_TEXT_MAX * 4) },
    access: { roles: ['D'] },
    message: '保存成功',
  }),
};
