import { InvoiceContracts } from '#lib/invoices/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { invoiceIssuer, resubmitInvoice } from '#lib/invoices/index.server.ts';

/** POST ?shopBizCode= { invoiceRef, form, titleId, mobile, email } → the failed invoice, again. */
export const POST = endpoint(InvoiceContracts.resubmit, async ({ query, body, user, context }) => {
  const db = context.locals.database.db;
  return resubmitInvoice(db, await invoiceIssuer(db), {
    shopId: query.shopBizCode,
    userId: user.id,
    invoiceRef: body.invoiceRef,
    form: body.form,
    titleId: Number(body.titleId),
    mobile: body.mobile,
    email: body.email,
  });
});
