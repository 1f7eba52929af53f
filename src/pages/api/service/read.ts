import { ServiceContracts } from '#lib/service/service-contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { markReadByShopper } from '#lib/service/conversations.server.ts';

/** The shopper has read the shop's replies. */
export const POST = endpoint(ServiceContracts.read, ({ query, user, context }) =>
  markReadByShopper(context.locals.database, query.shopBizCode, user.id),
);
