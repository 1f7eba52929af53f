import { MembershipContracts } from '#lib/membership/contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { registrationState } from '#lib/membership/membership.server.ts';

/** GET ?shopBizCode= → { registered, distributorDisable, currentRole }. */
export const GET = endpoint(MembershipContracts.registrationState, ({ query, user, context }) =>
  registrationState(context.locals.database.db, query.shopBizCode, user.id),
);
