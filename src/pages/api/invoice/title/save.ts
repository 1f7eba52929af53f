import { InvoiceContracts } from '#lib/invoices/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { saveTitle } from '#lib/invoices/index.server.ts';

/** POST { id?, kind, name, taxId, … } → the title as kept (a company's 税号 checked). */
export const POST = endpoint(InvoiceContracts.saveTitle, ({ body, user, context }) =>
  saveTitle(context.locals.database.db, {
    ...body,
    id: body.id === undefined ? undefined : Number(body.id),
    userId: user.id,
  }),
);
