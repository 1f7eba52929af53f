import { SharingContracts } from '#lib/sharing/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { shopQrCode } from '#lib/sharing/index.server.ts';
import { shareRequest } from '#lib/sharing/index.server.ts';

/** The shop's link (naming the caller when a shop keeper) and its QR code. */
export const GET = endpoint(SharingContracts.shopQrCode, async ({ params, context }) =>
  shopQrCode(context.locals.database.db, await shareRequest(context, params.shopId)),
);
