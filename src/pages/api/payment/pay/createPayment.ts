import { PaymentContracts } from '#lib/payments/index.ts';
import { Errors } from '#lib/errors.ts';
import { appError } from '#lib/platform/errors.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { requestClientAddress } from '#lib/platform/http.server.ts';
import { createPayment } from '#lib/payments/index.server.ts';
import { paymentGateway } from '#lib/payments/index.server.ts';

/**
 * Opens the payment of the caller's unpaid orders through the channel of where the page is open;
 * the amount is the orders' own. H5 pay comes back to the success page of this shop.
 */
export const POST = endpoint(
  PaymentContracts.createPayment,
  async ({ query, body, user, context }) => {
    const shopId = query.shopBizCode;
    if (!shopId) throw appError(Errors.SHOP_ID_REQUIRED);
    const db = context.locals.database.db;
    const origin = context.locals.site.origin;
    return createPayment(db, await paymentGateway(db), {
      shopId,
      userId: user.id,
      orderNo: body.orderNo,
      groupNo: body.groupNo,
      channel: body.channel,
      userAgent: context.request.headers.get('user-agent'),
      clientIp: requestClientAddress(context),
      origin,
      successUrl: (paymentNo) => {
        const url = new URL('/success', origin);
        url.searchParams.set('shopId', shopId);
        if (query.distributorId) url.searchParams.set('distributorId', query.distributorId);
        url.searchParams.set('paymentNo', paymentNo);
        return url.href;
      },
    });
  },
);
