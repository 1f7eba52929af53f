import { z } from 'zod';
import { ok } from '#lib/platform/envelope.ts';
import { Messages } from '#lib/platform/errors.ts';
import { requireUser } from '#lib/membership/auth.server.ts';
import { handle, json, parseBody, parseQuery } from '#lib/platform/http.server.ts';
import { approveAdminGrant } from '#lib/membership/admin-grants.server.ts';

/**
 * POST { grant } → 授权成功 { shopBizCode }: the shop's owner approves the applicant of a QR
 * grant, who becomes administrator and manager. Single use; anyone but the owner is refused
 * (40301), an unknown, used or expired grant answers 409 授权链接已失效，请让申请人重新生成二维码.
 */
export const POST = handle(async (context) => {
  const user = await requireUser(context);
  parseQuery(context.url, {});
  const { grant } = await parseBody(context.request, {
    // Any malformed token is just an unknown grant: the service answers the one clear message.
    grant: z.string().min(1).max(128),
  });
  const approved = await approveAdminGrant(context.locals.database.db, {
    token: grant,
    approverId: user.id,
  });
  return json(ok({ shopBizCode: approved.shopId }, Messages.ADMIN_GRANT_APPROVED));
});
