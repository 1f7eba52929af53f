import { ServiceContracts } from '#lib/service/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { shopConversations } from '#lib/service/index.server.ts';
import { unreadBadge } from '#lib/service/index.ts';

/** The shop's conversations (open first, newest first) for its owner and customer service. */
export const GET = endpoint(ServiceContracts.conversations, async ({ query, user, context }) => {
  const conversations = await shopConversations(
    context.locals.database.db,
    query.shopBizCode,
    user.id,
  );
  const unread = conversations.reduce((sum, c) => sum + c.shopUnread, 0);
  return { conversations, unread, badge: unreadBadge(unread) };
});
