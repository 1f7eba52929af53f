import { MembershipContracts } from '#lib/membership/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { register } from './_register.ts';

/** POST register/{shopId}: the user becomes a shop keeper here → { currentRole: 3 }. */
export const POST = endpoint(MembershipContracts.register, ({ params, query, user, context }) =>
  register(context, { shopId: params.shopId, userId: user.id, channel: 'normal' }, query),
);
