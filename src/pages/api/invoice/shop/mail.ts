import { InvoiceContracts } from '#lib/invoices/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { mailPaperInvoice } from '#lib/invoices/index.server.ts';
import { logisticsTracker } from '#lib/orders/index.server.ts';

/**
 * POST ?shopBizCode= { invoiceRef, carrier, trackingNo } → null: 寄出 of an issued paper invoice
 * by the shop's owner; its parcel is subscribed at Kuaidi100 (a failure is retried by the timers).
 */
export const POST = endpoint(InvoiceContracts.shopMail, async ({ query, body, user, context }) => {
  const db = context.locals.database.db;
  await mailPaperInvoice(
    db,
    {
      shopId: query.shopBizCode,
      ownerId: user.id,
      invoiceRef: body.invoiceRef,
      carrier: body.carrier,
      trackingNo: body.trackingNo,
    },
    await logisticsTracker(db),
  );
  return null;
});
