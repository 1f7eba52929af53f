import { OrderContracts } from '#lib/orders/index.ts';
import { Errors } from '#lib/errors.ts';
import { appError } from '#lib/platform/errors.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { previewCheckout } from '#lib/orders/index.server.ts';

/** 运费险: what insuring the checkout costs per order and what each policy pays for a return. */
export const POST = endpoint(OrderContracts.insuredFee, async ({ query, body, user, context }) => {
  if (!query.shopBizCode) throw appError(Errors.SHOP_ID_REQUIRED);
  const preview = await previewCheckout(context.locals.database.db, {
    shopId: query.shopBizCode,
    userId: user.id,
    skuNo: body.skuNo,
    quantity: body.quantity,
    addressId: body.addressId === undefined ? undefined : Number(body.addressId),
  });
  return preview.insurance;
});
