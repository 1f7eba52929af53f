import { InvoiceContracts } from '#lib/invoices/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { invoicePdf } from '#lib/invoices/index.server.ts';
import { appError } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';

/**
 * GET ?shopBizCode=&invoiceRef= → the invoice's PDF, for its buyer or the shop's owner; the
 * envelope's 40497 when there is none (not issued, or not the caller's).
 */
export const GET = endpoint(InvoiceContracts.pdf, async ({ query, user, context }) => {
  const db = context.locals.database.db;
  const pdf = await invoicePdf(db, {
    shopId: query.shopBizCode,
    userId: user.id,
    invoiceRef: query.invoiceRef,
  });
  if (!pdf) throw appError(Errors.INVOICE_NOT_FOUND);
  return new Response(new Uint8Array(pdf.bytes), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename*=UTF-8''${encodeURIComponent(pdf.fileName)}`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
});
