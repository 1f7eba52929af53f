import { MembershipContracts } from '#lib/membership/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { rejectAdminGrant } from '#lib/membership/index.server.ts';

/**
 * POST { grant } → 已拒绝授权: the shop's owner refuses the applicant of a QR grant; the grant is
 * deleted. The same refusals as approving (40301 not the owner, 409 no longer open).
 */
export const POST = endpoint(
  MembershipContracts.adminGrantReject,
  async ({ body, user, context }) => {
    await rejectAdminGrant(context.locals.database.db, { token: body.grant, approverId: user.id });
    return null;
  },
);
