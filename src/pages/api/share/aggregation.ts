import { SharingContracts } from '#lib/sharing/contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { ShareType } from '#lib/sharing/rules.ts';
import { shareInfo } from '#lib/sharing/share.server.ts';
import { shareRequest } from '#lib/sharing/viewer.server.ts';

/** The live channel (no liveNo, type 8) or a live room's share info (types 9–12). */
export const POST = endpoint(SharingContracts.aggregation, async ({ query, body, context }) =>
  shareInfo(context.locals.database.db, await shareRequest(context, query.shopBizCode), {
    type: body.liveNo ? ShareType.Living : ShareType.LiveChannel,
    contentId: body.liveNo ?? '',
  }),
);
