import { MembershipContracts } from '#lib/membership/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { signContract } from '#lib/membership/index.server.ts';

/** POST ?shopBizCode= (empty body) → code 0, data true: the member has signed the contract. */
export const POST = endpoint(MembershipContracts.contractSign, async ({ query, user, context }) => {
  await signContract(context.locals.database.db, query.shopBizCode, user.id);
  return true as const;
});
