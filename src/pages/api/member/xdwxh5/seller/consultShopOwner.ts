import { ServiceContracts } from '#lib/service/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { consultShopOwner } from '#lib/service/index.server.ts';

/** 咨询店主: how the shopper may reach the shop (online chat, the owner's QR code when set). */
export const GET = endpoint(ServiceContracts.consultShopOwner, ({ query, user, context }) =>
  consultShopOwner(context.locals.database.db, query.shopBizCode, user.id),
);
