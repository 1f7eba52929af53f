import { ServiceContracts, sendInputOf } from '#lib/service/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { appError } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';
import { replyAsShop } from '#lib/service/index.server.ts';

/** The shop's owner or customer service replies. */
export const POST = endpoint(ServiceContracts.reply, ({ query, body, user, context }) => {
  const message = sendInputOf(body);
  if (!message) throw appError(Errors.SERVICE_TEXT_EMPTY);
  return replyAsShop(context.locals.database, {
    shopId: query.shopBizCode,
    staffId: user.id,
    conversationId: query.conversationId,
    message,
  });
});
