import { ServiceContracts } from '#lib/service/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { shopperHistory } from '#lib/service/index.server.ts';

/** The shopper's own conversation with the shop, 20 messages a page. */
export const GET = endpoint(ServiceContracts.messages, ({ query, user, context }) =>
  shopperHistory(context.locals.database.db, {
    shopId: query.shopBizCode,
    userId: user.id,
    before: query.before,
  }),
);
