import { MembershipContracts } from '#lib/membership/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { bindOwnerIdentity } from '#lib/membership/index.server.ts';

/** POST ?shopBizCode= → code 0 with 店主身份绑定成功，你可以管理该店铺。 */
export const POST = endpoint(
  MembershipContracts.ownerIdentityBind,
  async ({ query, user, context }) => {
    await bindOwnerIdentity(context.locals.database.db, query.shopBizCode, user.id);
    return true as const;
  },
);
