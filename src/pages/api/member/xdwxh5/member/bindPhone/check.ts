import { IdentityContracts } from '#lib/identity/contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { bindPhoneStatus } from '#lib/identity/phone-binding.server.ts';
import { isInApp } from '#lib/shell/context.server.ts';

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
