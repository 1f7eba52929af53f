import { ServiceContracts } from '#lib/service/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { closeConversation } from '#lib/service/index.server.ts';

/** The shop's side ends a conversation (the shopper's next message opens it again). */
export const POST = endpoint(ServiceContracts.close, ({ query, user, context }) =>
  closeConversation(context.locals.database, {
    shopId: query.shopBizCode,
    staffId: user.id,
    conversationId: query.conversationId,
  }),
);
