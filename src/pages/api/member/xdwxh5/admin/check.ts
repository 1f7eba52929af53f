import { shopIdSchema } from '#lib/platform/ids.ts';
import { requireUser } from '#lib/membership/auth.server.ts';
import { handle, parseQuery } from '#lib/platform/http.server.ts';
import { getMember } from '#lib/membership/membership.server.ts';

/** GET ?shopBizCode= → { administrator, currentRole }: whether the binding has gone through. */
export const GET = handle(async (context) => {
  const user = await requireUser(context);
  const { shopBizCode } = parseQuery(context.url, { shopBizCode: shopIdSchema });
  const member = await getMember(context.locals.database.db, shopBizCode, user.id);
  return { administrator: member?.administrator ?? false, currentRole: member?.currentRole ?? 1 };
});
