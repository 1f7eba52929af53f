import { SharingContracts } from '#lib/sharing/contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { ShareType } from '#lib/sharing/rules.ts';
import { shareInfo } from '#lib/sharing/share.server.ts';
import { shareRequest } from '#lib/sharing/viewer.server.ts';

/** A brand sale's share info (type 3). */
export const GET = endpoint(SharingContracts.activityShareV3, async ({ params, context }) =>
  shareInfo(context.locals.database.db, await shareRequest(context, params.shopId), {
    type: ShareType.Activity,
    contentId: params.activityNo,
  }),
);
