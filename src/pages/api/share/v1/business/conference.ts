import { SharingContracts } from '#lib/sharing/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { ShareType } from '#lib/sharing/index.ts';
import { shareInfo } from '#lib/sharing/index.server.ts';
import { shareRequest } from '#lib/sharing/index.server.ts';

/** A venue's share info (type 2, the 会场 by its number). */
export const POST = endpoint(
  SharingContracts.businessConference,
  async ({ query, body, context }) =>
    shareInfo(context.locals.database.db, await shareRequest(context, query.shopBizCode), {
      type: ShareType.Market,
      contentId: body.conferenceId,
    }),
);
