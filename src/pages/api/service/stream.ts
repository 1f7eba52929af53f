import { ServiceContracts } from '#lib/service/service-contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { streamHolders } from '#lib/identity/stream-holders.server.ts';
import { shopperStream } from '#lib/service/streams.server.ts';

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
