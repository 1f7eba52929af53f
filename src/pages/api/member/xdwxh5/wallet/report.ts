import { DistributionContracts, DistributionErrors } from '#lib/distribution/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { appError } from '#lib/platform/errors.ts';
import { quarterlyPayoutReport } from '#lib/distribution/index.server.ts';

/** 季度收入报表: the shop owner's CSV of the keepers' payouts in a quarter; others are refused. */
export const GET = endpoint(
  DistributionContracts.payoutReport,
  async ({ query, user, context }) => {
    const csv = await quarterlyPayoutReport(context.locals.database.db, {
      shopId: query.shopBizCode,
      ownerId: user.id,
      quarter: query.quarter,
    });
    if (csv === null) throw appError(DistributionErrors.REPORT_OWNER_ONLY);
    return new Response(csv, {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="keeper-income-${query.shopBizCode}-${query.quarter}.csv"`,
        'cache-control': 'private, no-store',
      },
    });
  },
);
