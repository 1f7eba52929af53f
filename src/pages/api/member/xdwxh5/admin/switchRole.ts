import { z } from 'zod';
import { shopIdSchema } from '#lib/platform/ids.ts';
import { refuseCrossSite, requireUser } from '#lib/membership/auth.server.ts';
import { handle, parseQuery } from '#lib/platform/http.server.ts';
import { switchRole } from '#lib/membership/membership.server.ts';
import { memberRoles } from '#lib/membership/roles.ts';

/**
 * GET ?shopBizCode=&role=1|3|4|5 → { currentRole }. A GET in the specification although it
 * changes the role, so it refuses other sites itself. Only a role the member holds is granted.
 */
export const GET = handle(async (context) => {
  refuseCrossSite(context);
  const user = await requireUser(context);
  const query = parseQuery(context.url, {
    shopBizCode: shopIdSchema,
    role: z.enum(memberRoles.map(String)).transform(Number),
  });
  return switchRole(context.locals.database.db, {
    shopId: query.shopBizCode,
    userId: user.id,
    role: query.role,
  });
});
