import { ServiceContracts } from '#lib/service/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { consoleHistory } from '#lib/service/index.server.ts';

/** One of the shop's conversations, 20 messages a page. */
export const GET = endpoint(ServiceContracts.consoleMessages, ({ query, user, context }) =>
  consoleHistory(context.locals.database.db, {
    shopId: query.shopBizCode,
    staffId: user.id,
    conversationId: query.conversationId,
    before: query.before,
  }),
);
