import { SharingContracts } from '#lib/sharing/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { ShareType } from '#lib/sharing/index.ts';
import { shareInfo } from '#lib/sharing/index.server.ts';
import { shareRequest } from '#lib/sharing/index.server.ts';

/** A venue's share info (type 2); the query's spm and shareChannel are the server's to set. */
export const POST = endpoint(SharingContracts.conference, async ({ query, context }) =>
  shareInfo(context.locals.database.db, await shareRequest(context, query.shopBizCode), {
    type: ShareType.Market,
    contentId: query.conferenceId,
  }),
);
