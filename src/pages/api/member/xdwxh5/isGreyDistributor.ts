import { CertificationContracts } from '#lib/certification/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { greyDistributor } from '#lib/certification/index.server.ts';

/** Whether the caller keeps the shop under the temporary arrangement, and the step left. */
export const GET = endpoint(CertificationContracts.greyDistributor, ({ query, user, context }) =>
  greyDistributor(context.locals.database.db, { shopId: query.shopBizCode, userId: user.id }),
);
