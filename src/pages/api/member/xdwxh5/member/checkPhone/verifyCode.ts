import { IdentityContracts } from '#lib/identity/contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { requestClientAddress } from '#lib/platform/http.server.ts';
import { sendBindCode } from '#lib/identity/phone-binding.server.ts';

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
