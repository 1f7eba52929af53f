import { MembershipContracts } from '#lib/membership/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { approveAdminGrant } from '#lib/membership/index.server.ts';

/**
 * POST { grant } → 授权成功 { shopBizCode }: the shop's owner approves the applicant of a QR
 * grant, who becomes administrator and manager. Single use; anyone but the owner is refused
 * (40301), an unknown, used or expired grant answers 409 授权链接已失效，请让申请人重新生成二维码.
 */
export const POST = endpoint(
  MembershipContracts.adminGrantApprove,
  async ({ body, user, context }) => {
    const approved = await approveAdminGrant(context.locals.database.db, {
      token: body.grant,
      approverId: user.id,
    });
    return { shopBizCode: approved.shopId };
  },
);
