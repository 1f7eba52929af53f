import { IdentityContracts } from '#lib/identity/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { requestClientAddress } from '#lib/platform/http.server.ts';
import { bindUserPhone } from '#lib/identity/index.server.ts';
import { LOGIN_ID_COOKIE, SESSION_DAYS } from '#lib/identity/index.server.ts';

/**
 * POST bindUserPhone (shell §7) { phone, verifyCode? }: binds a phone to the signed-in account —
 * the messaging app's default phone without a code, any other with the code sent to it. When
 * the phone's account becomes one with this one, the session now names that account.
 */
export const POST = endpoint(IdentityContracts.bindPhone, async ({ body, user, context }) => {
  const { cookies } = context;
  const bound = await bindUserPhone(context.locals.database.db, {
    userId: user.id,
    phone: body.phone,
    verifyCode: body.verifyCode,
    clientIp: requestClientAddress(context),
  });
  if (bound.userId !== user.id) {
    cookies.set(LOGIN_ID_COOKIE, String(bound.userId), {
      path: '/',
      sameSite: 'lax',
      secure: context.locals.site.secure,
      maxAge: SESSION_DAYS * 86_400,
    });
  }
  return { isBindPhone: true as const, userId: bound.userId, merged: bound.merged };
});
