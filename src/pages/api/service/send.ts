import { ServiceContracts, sendInputOf } from '#lib/service/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { appError } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';
import { sendAsShopper } from '#lib/service/index.server.ts';

/** The shopper writes to the shop: a text, a product or order card, or an uploaded picture. */
export const POST = endpoint(ServiceContracts.send, ({ query, body, user, context }) => {
  const message = sendInputOf(body);
  if (!message) throw appError(Errors.SERVICE_TEXT_EMPTY);
  return sendAsShopper(context.locals.database, {
    shopId: query.shopBizCode,
    userId: user.id,
    message,
  });
});
