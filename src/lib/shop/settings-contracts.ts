/**
 * The owner's calls of store-setting and im-setting. Role D in the shop the (required)
 * shopBizCode names, then the shop's owner only (settings.server.ts requireShopOwner). The two
 * uploads are declared signed-in and check role D in the endpoint after reading the body
 * (platform/upload.server.ts drains what is over the cap), like every other upload.
 * querySellerQrUrl / uploadSellerQrUrl are shell §7 "query and upload distributor QR URL".
 */
import { z } from 'zod';
import { contract } from '#lib/platform/contract.ts';
import { shopIdSchema } from '#lib/platform/id-schemas.ts';
import { RAW_TEXT_MAX } from './settings.ts';
import type { SellerQr, ShopSettings } from './settings.server.ts';

const text = z.string().max(RAW_TEXT_MAX, '内容过长');

export const ShopSettingContracts = {
  settings: contract<ShopSettings>()({
    method: 'GET',
    path: '/api/shop/setting',
    query: { shopBizCode: shopIdSchema },
    access: { roles: ['D'] },
  }),
  /** Every field at once; a bad one saves nothing. logoMediaId: a logo from uploadLogo. */
  save: contract<ShopSettings>()({
    method: 'POST',
    path: '/api/shop/setting',
    query: { shopBizCode: shopIdSchema },
    body: {
      shopName: text,
      intro: text,
      noticeEnabled: z.boolean(),
      noticeText: text,
      followUrl: text,
      logoMediaId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
    },
    access: { roles: ['D'] },
    message: '保存成功',
  }),
  /**
   * A logo picture, the raw bytes; answers the stored square to preview and save. Role D and the
   * owner are checked by the endpoint once the body is read (uploads below): a refused client
   * gets the refusal, not a connection reset half-way through sending.
   */
  uploadLogo: contract<{ logoMediaId: number; logoUrl: string }>()({
    method: 'POST',
    path: '/api/shop/setting/logo',
    query: { shopBizCode: shopIdSchema },
    body: 'binary',
    access: 'signed-in',
    message: '上传成功',
  }),
  sellerQr: contract<SellerQr>()({
    method: 'GET',
    path: '/api/member/xdwxh5/seller/querySellerQrUrl',
    query: { shopBizCode: shopIdSchema },
    access: { roles: ['D'] },
  }),
  /** The consultation QR code picture, the raw bytes; the shop's at once (role D, as uploadLogo). */
  uploadSellerQr: contract<SellerQr>()({
    method: 'POST',
    path: '/api/member/xdwxh5/seller/uploadSellerQrUrl',
    query: { shopBizCode: shopIdSchema },
    body: 'binary',
    access: 'signed-in',
    message: '二维码已更新',
  }),
  deleteSellerQr: contract<SellerQr>()({
    method: 'POST',
    path: '/api/member/xdwxh5/seller/deleteSellerQrUrl',
    query: { shopBizCode: shopIdSchema },
    body: {},
    access: { roles: ['D'] },
    message: '二维码已删除',
  }),
};
