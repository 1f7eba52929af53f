import { MembershipContracts } from '#lib/membership/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { register } from '../register/_register.ts';

/** POST registerSchool/{shopId}: the same application, arriving from the business school. */
export const POST = endpoint(
  MembershipContracts.registerSchool,
  ({ params, query, user, context }) =>
    register(context, { shopId: params.shopId, userId: user.id, channel: 'school' }, query),
);
