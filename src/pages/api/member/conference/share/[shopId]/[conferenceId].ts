import { SharingContracts } from '#lib/sharing/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { ShareType } from '#lib/sharing/index.ts';
import { shareInfo } from '#lib/sharing/index.server.ts';
import { shareRequest } from '#lib/sharing/index.server.ts';

/** A venue's share info (type 2). */
export const GET = endpoint(SharingContracts.conferenceShare, async ({ params, context }) =>
  shareInfo(context.locals.database.db, await shareRequest(context, params.shopId), {
    type: ShareType.Market,
    contentId: params.conferenceId,
  }),
);
