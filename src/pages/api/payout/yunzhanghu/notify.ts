import { DistributionContracts } from '#lib/distribution/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { receiveCardPayoutNotification } from '#lib/distribution/index.server.ts';

/** 云账户's order notification: verified and decrypted before the withdrawal is told. */
export const POST = endpoint(DistributionContracts.cardPayoutNotify, async ({ context }) =>
  receiveCardPayoutNotification(
    context.locals.database.db,
    new URLSearchParams(await context.request.text()),
  ),
);
