import { AfterSaleContracts } from '#lib/after-sales/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { waitingAuditCount } from '#lib/after-sales/index.server.ts';

/** How many of the owner's shop's after-sales wait for review. */
export const GET = endpoint(
  AfterSaleContracts.waitingAuditCount,
  async ({ query, user, context }) => ({
    count: await waitingAuditCount(context.locals.database.db, {
      shopId: query.shopBizCode,
      ownerId: user.id,
    }),
  }),
);
