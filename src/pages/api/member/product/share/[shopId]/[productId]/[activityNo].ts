import { SharingContracts } from '#lib/sharing/contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { ShareType } from '#lib/sharing/rules.ts';
import { shareInfo } from '#lib/sharing/share.server.ts';
import { shareRequest } from '#lib/sharing/viewer.server.ts';

/** A product's share info; activityNo is its sale, or 0. */
export const GET = endpoint(SharingContracts.productShare, async ({ params, context }) =>
  shareInfo(context.locals.database.db, await shareRequest(context, params.shopId), {
    type: ShareType.Product,
    contentId: params.productId,
    activityNo: params.activityNo,
  }),
);
