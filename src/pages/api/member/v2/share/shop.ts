import { SharingContracts } from '#lib/sharing/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { shareInfo } from '#lib/sharing/index.server.ts';
import { shareRequest } from '#lib/sharing/index.server.ts';

/** Any content's share info (the share sheet's call). */
export const POST = endpoint(SharingContracts.shareContent, async ({ query, body, context }) =>
  shareInfo(context.locals.database.db, await shareRequest(context, query.shopBizCode), {
    type: body.contentType,
    contentId: body.contentId,
  }),
);
