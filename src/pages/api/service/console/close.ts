import { ServiceContracts } from '#lib/service/service-contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { closeConversation } from '#lib/service/conversations.server.ts';

/** The shop's side ends a conversation (the shopper's next message opens it again). */
export const POST = endpoint(ServiceContracts.close, ({ query, user, context }) =>
  closeConversation(context.locals.database, {
    shopId: query.shopBizCode,
    staffId: user.id,
    conversationId: query.conversationId,
  }),
);
