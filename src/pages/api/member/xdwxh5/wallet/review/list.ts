import { DistributionContracts } from '#lib/distribution/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { listForReview } from '#lib/distribution/index.server.ts';

/** 提现审核: the shop's withdrawals for its owner, those waiting first. */
export const GET = endpoint(DistributionContracts.reviewList, ({ query, user, context }) =>
  listForReview(context.locals.database.db, {
    shopId: query.shopBizCode,
    reviewerId: user.id,
    status: query.status,
  }),
);
