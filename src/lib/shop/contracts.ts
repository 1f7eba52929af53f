/** The shop's endpoint contracts: its detail, seller info, configuration and skins. */
import { z } from 'zod';
import { contract } from '#lib/platform/contract.ts';
import { Messages } from '#lib/platform/errors.ts';
import { shopIdSchema } from '#lib/platform/id-schemas.ts';
import type { ConfigMap } from './config.server.ts';
import type { SellerInfo, ShopDetail } from './shops.server.ts';
import type { SkinEntry, SkinInfo } from './skins.server.ts';
import type { OfficialAccountQr } from './official-account.server.ts';
import type { SkinPopup } from './skin-popup.server.ts';

export const ShopContracts = {
  /** The shop named by shopId, or by the shopBizCode the request client adds from the page URL. */
  detail: contract<ShopDetail>()({
    method: 'GET',
    path: '/api/shop/base/detail',
    query: { shopId: shopIdSchema.optional(), shopBizCode: shopIdSchema.optional() },
  }),
  sellerInfo: contract<SellerInfo>()({
    method: 'GET',
    path: '/api/member/xdwxh5/seller/info/{shopId}',
    params: { shopId: shopIdSchema },
  }),
  /**
   * The config map: the platform's entries with the shop's own values over them, for the shop the
   * query names (the request client adds it from the page URL), else the shop last opened.
   */
  configMap: contract<ConfigMap>()({
    method: 'GET',
    path: '/api/front/conf/map',
    query: { shopBizCode: shopIdSchema.optional() },
  }),
  /** The shop's official account QR code for order notices; null when it has none. */
  subscriptionQr: contract<OfficialAccountQr | null>()({
    method: 'GET',
    path: '/api/web/qrcode/wechat/subscription/order',
    query: { shopBizCode: shopIdSchema },
    access: 'signed-in',
  }),
  /** Every skin, the one in use first. Managers. */
  skins: contract<SkinEntry[]>()({
    method: 'GET',
    path: '/api/shop/decoration/querySkinList',
    query: { shopBizCode: shopIdSchema },
    access: { roles: ['M'] },
  }),
  /** The skin the shop wears (null: the platform's colours). Browsers keep it 120 s (shell §9). */
  skinInfo: contract<SkinInfo | null>()({
    method: 'GET',
    path: '/api/shop/decoration/querySkinInfo',
    query: { shopBizCode: shopIdSchema },
  }),
  selectSkin: contract<true>()({
    method: 'POST',
    path: '/api/shop/decoration/saveSelectedSkin/{skinId}',
    params: { skinId: z.coerce.number().int().positive() },
    query: { shopBizCode: shopIdSchema },
    body: {},
    access: { roles: ['M'] },
    message: Messages.SKIN_CHANGED,
  }),
  /** The skin popup for the administrator, or null (switch off, none, or closed). */
  skinPopup: contract<SkinPopup | null>()({
    method: 'GET',
    path: '/api/shop/decoration/queryPopup',
    query: { shopBizCode: shopIdSchema },
    access: { roles: ['M'] },
  }),
  /** Records that the administrator closed the skin popup with this code. */
  closeSkinPopup: contract<true>()({
    method: 'POST',
    path: '/api/shop/decoration/asyncModifyPopupStatus/{code}',
    params: { code: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, '弹窗编码格式不正确') },
    query: { shopBizCode: shopIdSchema },
    body: {},
    access: { roles: ['M'] },
  }),
};
