import { SharingContracts } from '#lib/sharing/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { confirmShare } from '#lib/sharing/index.server.ts';
import { shareViewer } from '#lib/sharing/index.server.ts';

/** Share confirm: one share event per requestId; a repeat answers success and writes nothing. */
export const POST = endpoint(SharingContracts.confirm, async ({ query, body, user, context }) => {
  const viewer = (await shareViewer(context, query.shopBizCode)) ?? {
    userId: user.id,
    member: null,
  };
  return confirmShare(context.locals.database.db, { shopId: query.shopBizCode, viewer, body });
});
