import { MembershipContracts } from '#lib/membership/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { ownerIdentity } from '#lib/membership/index.server.ts';

/** GET ?shopBizCode= → { needBind, shopName, phone (masked, when needBind) }. */
export const GET = endpoint(MembershipContracts.ownerIdentityCheck, ({ query, user, context }) =>
  ownerIdentity(context.locals.database.db, query.shopBizCode, user.id),
);
