import { MembershipContracts } from '#lib/membership/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { registrationState } from '#lib/membership/index.server.ts';

/** GET ?shopBizCode= → { registered, distributorDisable, currentRole }. */
export const GET = endpoint(MembershipContracts.registrationState, ({ query, user, context }) =>
  registrationState(context.locals.database.db, query.shopBizCode, user.id),
);
