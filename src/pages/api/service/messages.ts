import { ServiceContracts } from '#lib/service/service-contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { shopperHistory } from '#lib/service/conversations.server.ts';

/** The shopper's own conversation with the shop, 20 messages a page. */
export const GET = endpoint(ServiceContracts.messages, ({ query, user, context }) =>
  shopperHistory(context.locals.database.db, {
    shopId: query.shopBizCode,
    userId: user.id,
    before: query.before,
  }),
);
