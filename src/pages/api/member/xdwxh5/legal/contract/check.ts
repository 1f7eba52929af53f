import { MembershipContracts } from '#lib/membership/contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { contractState } from '#lib/membership/membership.server.ts';

/** GET ?shopBizCode= → { currentRole, maxRole, signAgreement, needSign } (shell §3). */
export const GET = endpoint(MembershipContracts.contractCheck, ({ query, user, context }) =>
  contractState(context.locals.database.db, query.shopBizCode, user.id),
);
