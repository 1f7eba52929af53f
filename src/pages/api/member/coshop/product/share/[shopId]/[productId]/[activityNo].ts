import { SharingContracts } from '#lib/sharing/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { ShareType } from '#lib/sharing/index.ts';
import { shareInfo } from '#lib/sharing/index.server.ts';
import { shareRequest } from '#lib/sharing/index.server.ts';

/** A product's share info; activityNo is its sale, or 0. */
export const GET = endpoint(SharingContracts.productShareCoshop, async ({ params, context }) =>
  shareInfo(context.locals.database.db, await shareRequest(context, params.shopId), {
    type: ShareType.Product,
    contentId: params.productId,
    activityNo: params.activityNo,
  }),
);
