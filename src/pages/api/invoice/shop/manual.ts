import { InvoiceContracts } from '#lib/invoices/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { readUpload } from '#lib/platform/upload.server.ts';
import { invoiceIssuer, issueByHand } from '#lib/invoices/index.server.ts';

/**
 * POST ?shopBizCode=&invoiceRef=&invoiceNo=&invoiceCode=&issuedAt= (the PDF) → null: 手动开票.
 * The body is read first; issueByHand then checks the owner, the invoice and every field.
 */
export const POST = endpoint(InvoiceContracts.manualIssue, async ({ query, user, context }) => {
  const db = context.locals.database.db;
  const pdf = await readUpload(context.request);
  await issueByHand(db, await invoiceIssuer(db), {
    shopId: query.shopBizCode,
    ownerId: user.id,
    invoiceRef: query.invoiceRef ?? '',
    invoiceNo: (query.invoiceNo ?? '').trim(),
    invoiceCode: query.invoiceCode?.trim() || null,
    issuedOn: query.issuedAt ?? '',
    pdf,
  });
  return null;
});
