import { MembershipContracts } from '#lib/membership/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { contractState } from '#lib/membership/index.server.ts';

/** GET ?shopBizCode= → { currentRole, maxRole, signAgreement, needSign } (shell §3). */
export const GET = endpoint(MembershipContracts.contractCheck, ({ query, user, context }) =>
  contractState(context.locals.database.db, query.shopBizCode, user.id),
);
