import { ServiceContracts } from '#lib/service/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { streamHolders } from '#lib/identity/index.server.ts';
import { shopperStream } from '#lib/service/index.server.ts';

/** Server-sent events of the shopper's conversation, resuming after Last-Event-ID. */
export const GET = endpoint(ServiceContracts.stream, ({ query, user, context }) =>
  shopperStream(
    context.request,
    context.locals.database,
    query.shopBizCode,
    user.id,
    streamHolders(context),
  ),
);
