import { RealNameContracts } from '#lib/identity/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { checkRealName } from '#lib/identity/index.server.ts';

/** Whether a payer's name is the caller's verified real name. */
export const POST = endpoint(RealNameContracts.checkName, async ({ body, user, context }) => ({
  matched: await checkRealName(context.locals.database.db, user.id, body.name),
}));
