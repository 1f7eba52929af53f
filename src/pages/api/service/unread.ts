import { ServiceContracts } from '#lib/service/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { shopperUnread } from '#lib/service/index.server.ts';
import { unreadBadge } from '#lib/service/index.ts';

/** The shopper's unread replies from the shop, with the badge (99+ above 99). */
export const GET = endpoint(ServiceContracts.unread, async ({ query, user, context }) => {
  const unread = await shopperUnread(context.locals.database.db, query.shopBizCode, user.id);
  return { unread, badge: unreadBadge(unread) };
});
