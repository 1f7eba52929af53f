import { InvoiceContracts } from '#lib/invoices/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { invoiceIssuer, receiveInvoiceCallback } from '#lib/invoices/index.server.ts';

/** 诺诺's result callback: verified by the adapter before anything changes, answered as it expects. */
export const POST = endpoint(InvoiceContracts.notify, async ({ context }) => {
  const db = context.locals.database.db;
  return receiveInvoiceCallback(db, await invoiceIssuer(db), context.request);
});
