import { InvoiceContracts } from '#lib/invoices/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { saveShopSettings } from '#lib/invoices/index.server.ts';

/** POST ?shopBizCode= { enabled, specialEnabled, seller…, tax… } → null: the owner's settings. */
export const POST = endpoint(
  InvoiceContracts.shopSettings,
  async ({ query, body, user, context }) => {
    await saveShopSettings(context.locals.database.db, {
      shopId: query.shopBizCode,
      ownerId: user.id,
      settings: body,
    });
    return null;
  },
);
