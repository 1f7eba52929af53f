/**
 * The browser side of store-setting and im-setting: each call is one settings contract. The
 * request client and the contracts (zod) load on first use, so the pages' first load stays small.
 * Errors are toasted by the request client unless a call says otherwise.
 */
import type { ShopSettings } from './settings.server.ts';
import type { SellerQr } from './settings.server.ts';

async function client() {
  const [{ call }, { ShopSettingEndpoints }] = await Promise.all([
    import('#lib/platform/client.ts'),
    import('./settings-endpoints.ts'),
  ]);
  return { call, ShopSettingEndpoints };
}

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
  const { call, ShopSettingEndpoints } = await client();
  return call(ShopSettingEndpoints.save, { query: shopQuery(), body });
}

/** A logo picture; rejects with the client's ApiError (the message left to the caller). */
export async function uploadLogo(file: Blob): Promise<{ logoMediaId: number; logoUrl: string }> {
  const { call, ShopSettingEndpoints } = await client();
  return call(
    ShopSettingEndpoints.uploadLogo,
    { query: shopQuery(), body: file },
    { silent: true },
  );
}

/** The consultation QR code picture; rejects with the client's ApiError (message to the caller). */
export async function uploadSellerQr(file: Blob): Promise<SellerQr> {
  const { call, ShopSettingEndpoints } = await client();
  return call(
    ShopSettingEndpoints.uploadSellerQr,
    { query: shopQuery(), body: file },
    { silent: true },
  );
}

export async function deleteSellerQr(): Promise<SellerQr> {
  const { call, ShopSettingEndpoints } = await client();
  return call(ShopSettingEndpoints.deleteSellerQr, { query: shopQuery() });
}
