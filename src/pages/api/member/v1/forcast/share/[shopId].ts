import { SharingContracts } from '#lib/sharing/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { forcastShareInfo } from '#lib/sharing/index.server.ts';
import { shareRequest } from '#lib/sharing/index.server.ts';

/** The upcoming sales page (forcast) as a share. */
export const GET = endpoint(SharingContracts.forcastShare, async ({ params, context }) =>
  forcastShareInfo(context.locals.database.db, await shareRequest(context, params.shopId)),
);
