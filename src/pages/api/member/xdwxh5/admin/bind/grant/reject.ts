import { z } from 'zod';
import { ok } from '#lib/platform/envelope.ts';
import { Messages } from '#lib/platform/errors.ts';
import { requireUser } from '#lib/membership/auth.server.ts';
import { handle, json, parseBody, parseQuery } from '#lib/platform/http.server.ts';
import { rejectAdminGrant } from '#lib/membership/admin-grants.server.ts';

/**
 * POST { grant } → 已拒绝授权: the shop's owner refuses the applicant of a QR grant; the grant is
 * deleted. The same refusals as approving (40301 not the owner, 409 no longer open).
 */
export const POST = handle(async (context) => {
  const user = await requireUser(context);
  parseQuery(context.url, {});
  const { grant } = await parseBody(context.request, {
    // Any malformed token is just an unknown grant: the service answers the one clear message.
    grant: z.string().min(1).max(128),
  });
  await rejectAdminGrant(context.locals.database.db, { token: grant, approverId: user.id });
  return json(ok(null, Messages.ADMIN_GRANT_REJECTED));
});
