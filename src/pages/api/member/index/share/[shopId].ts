import { SharingContracts } from '#lib/sharing/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { ShareType } from '#lib/sharing/index.ts';
import { shareInfo } from '#lib/sharing/index.server.ts';
import { shareRequest } from '#lib/sharing/index.server.ts';

/** The shop's share info (type 1); the link names the caller only when a shop keeper. */
export const GET = endpoint(SharingContracts.indexShare, async ({ params, context }) =>
  shareInfo(context.locals.database.db, await shareRequest(context, params.shopId), {
    type: ShareType.Shop,
    contentId: params.shopId,
  }),
);
