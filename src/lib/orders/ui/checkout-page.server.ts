/**
 * 确认订单's one read: the checkout priced as asked, or as near as still applies. Insurance the
 * insurer no longer offers is dropped silently (the switch shows off); a coupon that can no
 * longer be used is dropped for the best usable one, and the page says why.
 */
import { AppError } from '#lib/platform/errors.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { Errors } from '#lib/errors.ts';
import { InsuranceErrors } from '#lib/insurance/index.ts';
import type { CheckoutPreview } from '../contracts.ts';
import { previewCheckout, type CheckoutInput } from '../place-order.server.ts';

export type CheckoutPage =
  | { preview: CheckoutPreview; couponRefused: string | null }
  /** Nothing can be ordered: the refusal's words. */
  | { preview: null; refusal: string };

const refusedBy = (error: unknown, entries: readonly { code: number }[]) =>
  error instanceof AppError && entries.some((entry) => entry.code === error.code);

export async function readCheckoutPage(db: DbOrTx, input: CheckoutInput): Promise<CheckoutPage> {
  let couponRefused: string | null = null;
  const priced = async (
    insured: boolean,
    userCouponId: number | null | undefined,
  ): Promise<CheckoutPreview> => {
    try {
      return await previewCheckout(db, { ...input, insured, userCouponId });
    } catch (error) {
      if (insured && refusedBy(error, Object.values(InsuranceErrors))) {
        return priced(false, userCouponId);
      }
      if (
        userCouponId !== undefined &&
        refusedBy(error, [Errors.COUPON_UNUSABLE, Errors.COUPON_ALREADY_USED])
      ) {
        couponRefused = (error as AppError).message;
        return priced(insured, undefined);
      }
      throw error;
    }
  };
  try {
    const preview = await priced(input.insured ?? false, input.userCouponId);
    return { preview, couponRefused };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { preview: null, refusal: error.message };
  }
}
