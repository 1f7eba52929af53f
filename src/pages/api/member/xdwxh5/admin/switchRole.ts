import { MembershipContracts } from '#lib/membership/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { switchRole } from '#lib/membership/index.server.ts';

/**
 * GET ?shopBizCode=&role=1|3|4|5 → { currentRole }. A GET in the specification although it
 * changes the role, so it refuses other sites itself. Only a role the member holds is granted.
 */
export const GET = endpoint(MembershipContracts.switchRole, ({ query, user, context }) =>
  switchRole(context.locals.database.db, {
    shopId: query.shopBizCode,
    userId: user.id,
    role: query.role,
  }),
);
