import { InvoiceContracts } from '#lib/invoices/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { deleteTitle } from '#lib/invoices/index.server.ts';

/** POST { id } → null: the user's own title removed. */
export const POST = endpoint(InvoiceContracts.deleteTitle, async ({ body, user, context }) => {
  await deleteTitle(context.locals.database.db, user.id, Number(body.id));
  return null;
});
