import { IdentityContracts } from '#lib/identity/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { requestClientAddress } from '#lib/platform/http.server.ts';
import { sendBindCode } from '#lib/identity/index.server.ts';

/**
 * POST checkPhone/verifyCode (shell §7) { phone }: sends the code that binds another phone to
 * the signed-in account (same limits as every code: 60 s, per phone and per client per hour).
 */
export const POST = endpoint(IdentityContracts.sendBindCode, async ({ body, user, context }) => {
  await sendBindCode(context.locals.database.db, {
    userId: user.id,
    phone: body.phone,
    clientIp: requestClientAddress(context),
  });
  return null;
});
