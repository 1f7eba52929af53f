import { MembershipContracts } from '#lib/membership/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { register } from '../../_register.ts';

/** POST register/tw/{shopId}/{twCode}: the application with an invitation code. */
export const POST = endpoint(MembershipContracts.registerInvited, ({ params, user, context }) =>
  // The inviter is the shop keeper whose member number is the invitation code.
  register(
    context,
    { shopId: params.shopId, userId: user.id, channel: 'tw' },
    {
      distributorId: params.twCode,
    },
  ),
);
