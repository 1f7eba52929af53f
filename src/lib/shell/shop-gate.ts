/**
 * Shop validity (shell §4, §8): whether the answer of the shop info read opens the app or shows
 * the link-expired page. Pure, so the rule is tested as the specification words it.
 */
import { ErrorCode, shopStillOpens } from '#lib/platform/errors.ts';

export type ShopGate = { open: true } | { open: false; code: number };

const OPEN: ShopGate = { open: true };

/**
 * A read that succeeds with a name opens the app. Codes 999999 and 998 (999998) still open it:
 * they speak of the visitor's session, not of the shop. Anything else shows the link-expired
 * page with its code, 404 when there is none (a success without a name has none).
 */
export function shopGate(answer: { code: number; shopName?: string | null | undefined }): ShopGate {
  if (answer.code === ErrorCode.OK || answer.code === ErrorCode.OK_LEGACY) {
    return answer.shopName ? OPEN : { open: false, code: ErrorCode.NOT_FOUND };
  }
  if (shopStillOpens(answer.code)) return OPEN;
  return { open: false, code: answer.code || ErrorCode.NOT_FOUND };
}
