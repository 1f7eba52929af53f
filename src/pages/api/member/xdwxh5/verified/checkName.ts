import { RealNameContracts } from '#lib/identity/real-name-contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { checkRealName } from '#lib/identity/real-name.server.ts';

/** Whether a payer's name is the caller's verified real name. */
export const POST = endpoint(RealNameContracts.checkName, async ({ body, user, context }) => ({
  matched: await checkRealName(context.locals.database.db, user.id, body.name),
}));
