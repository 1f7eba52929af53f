import { SharingContracts } from '#lib/sharing/contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { forcastShareInfo } from '#lib/sharing/share.server.ts';
import { shareRequest } from '#lib/sharing/viewer.server.ts';

/** The upcoming sales page (forcast) as a share. */
export const GET = endpoint(SharingContracts.forcastShare, async ({ params, context }) =>
  forcastShareInfo(context.locals.database.db, await shareRequest(context, params.shopId)),
);
