import { SharingContracts } from '#lib/sharing/contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { ShareType } from '#lib/sharing/rules.ts';
import { shareInfo } from '#lib/sharing/share.server.ts';
import { shareRequest } from '#lib/sharing/viewer.server.ts';

/** A venue's share info (type 2); the query's spm and shareChannel are the server's to set. */
export const POST = endpoint(SharingContracts.conference, async ({ query, context }) =>
  shareInfo(context.locals.database.db, await shareRequest(context, query.shopBizCode), {
    type: ShareType.Market,
    contentId: query.conferenceId,
  }),
);
