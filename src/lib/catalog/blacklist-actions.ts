/**
 * The browser side of hideProduct: hide a sale, undo a hide. Errors are toasted by the
 * request client.
 */
import { call } from '#lib/platform/client.ts';
import * as BlacklistEndpoints from './blacklist-endpoints.ts';
/** The page's shop, in the path and (for the role check) in the query. */
const shop = () => {
  const shopBizCode = document.body.dataset.shopId ?? '';
  return { shopBizCode };
};

export async function hideSale(activityNo: string): Promise<void> {
  await call(BlacklistEndpoints.hide, {
    params: { ...shop(), activityNoStr: activityNo },
    query: shop(),
  });
}

export async function undoHide(id: number): Promise<void> {
  await call(BlacklistEndpoints.undoHide, {
    params: { ...shop(), id },
    query: shop(),
  });
}
