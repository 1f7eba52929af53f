import { SharingContracts } from '#lib/sharing/contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { shareInfo } from '#lib/sharing/share.server.ts';
import { shareRequest } from '#lib/sharing/viewer.server.ts';

/** Any content's share info (the share sheet's call). */
export const POST = endpoint(SharingContracts.shareContent, async ({ query, body, context }) =>
  shareInfo(context.locals.database.db, await shareRequest(context, query.shopBizCode), {
    type: body.contentType,
    contentId: body.contentId,
  }),
);
