import { MembershipContracts } from '#lib/membership/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { getMember } from '#lib/membership/index.server.ts';

/** GET ?shopBizCode= → { administrator, currentRole }: whether the binding has gone through. */
export const GET = endpoint(MembershipContracts.adminCheck, async ({ query, user, context }) => {
  const member = await getMember(context.locals.database.db, query.shopBizCode, user.id);
  return { administrator: member?.administrator ?? false, currentRole: member?.currentRole ?? 1 };
});
