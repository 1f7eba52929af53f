import { SharingContracts } from '#lib/sharing/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { ShareType } from '#lib/sharing/index.ts';
import { shareInfo } from '#lib/sharing/index.server.ts';
import { shareRequest } from '#lib/sharing/index.server.ts';

/** Material (type 13): this shop has none, so 分享内容不存在. */
export const GET = endpoint(SharingContracts.materialShare, async ({ query, context }) =>
  shareInfo(context.locals.database.db, await shareRequest(context, query.shopBizCode), {
    type: ShareType.Material,
    contentId: query.materialId,
  }),
);
