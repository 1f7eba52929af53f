/**
 * The browser side of store-setting and im-setting: each call is one settings contract. Errors
 * are toasted by the request client unless a call says otherwise.
 */
import type { ShopSettings } from './settings.server.ts';
import type { SellerQr } from './settings.server.ts';
import { call } from '#lib/platform/client.ts';
import * as ShopSettingEndpoints from './settings-endpoints.ts';

/** The page's shop, named explicitly: inside the messaging app the client adds no shopBizCode. */
const shopQuery = () => ({ shopBizCode: document.body.dataset.shopId ?? '' });

export async function saveSettings(body: {
  shopName: string;
  intro: string;
  noticeEnabled: boolean;
  noticeText: string;
  followUrl: string;
  logoMediaId?: number | undefined;
}): Promise<ShopSettings> {
  return call(ShopSettingEndpoints.save, { query: shopQuery(), body });
}

/** A logo picture; rejects with the client's ApiError (the message left to the caller). */
export async function uploadLogo(file: Blob): Promise<{ logoMediaId: number; logoUrl: string }> {
  return call(
    ShopSettingEndpoints.uploadLogo,
    { query: shopQuery(), body: file },
    { silent: true },
  );
}

/** The consultation QR code picture; rejects with the client's ApiError (message to the caller). */
export async function uploadSellerQr(file: Blob): Promise<SellerQr> {
  return call(
    ShopSettingEndpoints.uploadSellerQr,
    { query: shopQuery(), body: file },
    { silent: true },
  );
}

export async function deleteSellerQr(): Promise<SellerQr> {
  return call(ShopSettingEndpoints.deleteSellerQr, { query: shopQuery() });
}
