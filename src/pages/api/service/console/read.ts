import { ServiceContracts } from '#lib/service/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { markReadByShop } from '#lib/service/index.server.ts';

/** The shop's side has read a conversation. */
export const POST = endpoint(ServiceContracts.consoleRead, ({ query, user, context }) =>
  markReadByShop(context.locals.database, {
    shopId: query.shopBizCode,
    staffId: user.id,
    conversationId: query.conversationId,
  }),
);
