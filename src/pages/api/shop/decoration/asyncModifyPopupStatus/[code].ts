import { ShopContracts } from '#lib/shop/contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { closeSkinPopup } from '#lib/shop/skin-popup.server.ts';

/** The administrator closed the skin popup: it does not come back for them. */
export const POST = endpoint(ShopContracts.closeSkinPopup, async ({ params, user, context }) =>
  closeSkinPopup(context.locals.database.db, { userId: user.id, code: params.code }),
);
