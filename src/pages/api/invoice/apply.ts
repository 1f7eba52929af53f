import { InvoiceContracts } from '#lib/invoices/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { applyInvoice, invoiceIssuer } from '#lib/invoices/index.server.ts';

/** POST ?shopBizCode= { orderNo, form, titleId, mobile, email } → the invoice, submitted. */
export const POST = endpoint(InvoiceContracts.apply, async ({ query, body, user, context }) => {
  const db = context.locals.database.db;
  return applyInvoice(db, await invoiceIssuer(db), {
    shopId: query.shopBizCode,
    userId: user.id,
    orderNo: body.orderNo,
    form: body.form,
    titleId: Number(body.titleId),
    mobile: body.mobile,
    email: body.email,
  });
});
