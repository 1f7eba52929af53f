import { ShopContracts } from '#lib/shop/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { closeSkinPopup } from '#lib/shop/index.server.ts';

/** The administrator closed the skin popup: it does not come back for them. */
export const POST = endpoint(ShopContracts.closeSkinPopup, async ({ params, user, context }) =>
  closeSkinPopup(context.locals.database.db, { userId: user.id, code: params.code }),
);
