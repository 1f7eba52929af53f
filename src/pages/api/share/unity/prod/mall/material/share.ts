import { SharingContracts } from '#lib/sharing/contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { ShareType } from '#lib/sharing/rules.ts';
import { shareInfo } from '#lib/sharing/share.server.ts';
import { shareRequest } from '#lib/sharing/viewer.server.ts';

/** Material (type 13): this shop has none, so 分享内容不存在. */
export const GET = endpoint(SharingContracts.materialShare, async ({ query, context }) =>
  shareInfo(context.locals.database.db, await shareRequest(context, query.shopBizCode), {
    type: ShareType.Material,
    contentId: query.materialId,
  }),
);
