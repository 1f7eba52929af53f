import { ServiceContracts } from '#lib/service/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { markReadByShopper } from '#lib/service/index.server.ts';

/** The shopper has read the shop's replies. */
export const POST = endpoint(ServiceContracts.read, ({ query, user, context }) =>
  markReadByShopper(context.locals.database, query.shopBizCode, user.id),
);
