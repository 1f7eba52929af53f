import { InvoiceContracts } from '#lib/invoices/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { listTitles } from '#lib/invoices/index.server.ts';

/** GET → the signed-in user's invoice titles, the default first. */
export const GET = endpoint(InvoiceContracts.titles, ({ user, context }) =>
  listTitles(context.locals.database.db, user.id),
);
