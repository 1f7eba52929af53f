import { GuideContracts } from '#lib/guides/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { markTagSeen } from '#lib/guides/index.server.ts';

/** The shop keeper saw this guide. */
export const POST = endpoint(
  GuideContracts.distributorSeen,
  async ({ params, query, user, context }) =>
    markTagSeen(context.locals.database.db, {
      shopId: query.shopBizCode,
      userId: user.id,
      tagName: params.tagName,
    }),
);
