import { SharingContracts } from '#lib/sharing/contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { shopQrCode } from '#lib/sharing/share.server.ts';
import { shareRequest } from '#lib/sharing/viewer.server.ts';

/** The shop's link (naming the caller when a shop keeper) and its QR code. */
export const GET = endpoint(SharingContracts.shopQrCode, async ({ params, context }) =>
  shopQrCode(context.locals.database.db, await shareRequest(context, params.shopId)),
);
