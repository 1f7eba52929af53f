import { IdentityContracts } from '#lib/identity/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { bindPhoneStatus } from '#lib/identity/index.server.ts';
import { isInApp } from '#lib/shell/index.server.ts';

/**
 * GET bindPhone check (shell §7): { isBindPhone, userDefaultPhone, needIntercept } for the
 * signed-in account; needIntercept inside the messaging app when no phone is bound (shell §5).
 */
export const GET = endpoint(IdentityContracts.bindPhoneCheck, ({ user, context }) =>
  bindPhoneStatus(
    context.locals.database.db,
    user.id,
    isInApp(context.request.headers.get('user-agent')),
  ),
);
