import { SharingContracts } from '#lib/sharing/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { ShareType } from '#lib/sharing/index.ts';
import { shareInfo } from '#lib/sharing/index.server.ts';
import { shareRequest } from '#lib/sharing/index.server.ts';

/** The live channel (no liveNo, type 8) or a live room's share info (types 9–12). */
export const POST = endpoint(SharingContracts.aggregation, async ({ query, body, context }) =>
  shareInfo(context.locals.database.db, await shareRequest(context, query.shopBizCode), {
    type: body.liveNo ? ShareType.Living : ShareType.LiveChannel,
    contentId: body.liveNo ?? '',
  }),
);
