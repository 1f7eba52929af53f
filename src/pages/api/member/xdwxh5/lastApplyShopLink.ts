import { MembershipContracts } from '#lib/membership/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { lastApplyShopLink } from '#lib/membership/index.server.ts';

/** The shop of the caller's latest 申请开店 and the link to where it stands, or null. */
export const GET = endpoint(MembershipContracts.lastApplyShopLink, ({ user, context }) =>
  lastApplyShopLink(context.locals.database.db, user.id),
);
