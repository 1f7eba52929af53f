import { ServiceContracts } from '#lib/service/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { streamHolders } from '#lib/identity/index.server.ts';
import { requireShopStaff } from '#lib/service/index.server.ts';
import { consoleStream } from '#lib/service/index.server.ts';

/** Server-sent events of every conversation of the shop, for its owner and customer service. */
export const GET = endpoint(ServiceContracts.consoleStream, async ({ query, user, context }) => {
  await requireShopStaff(context.locals.database.db, query.shopBizCode, user.id);
  return consoleStream(
    context.request,
    context.locals.database,
    query.shopBizCode,
    streamHolders(context),
  );
});
