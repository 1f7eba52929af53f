import { z } from 'zod';
import { ok } from '#lib/platform/envelope.ts';
import { Messages } from '#lib/platform/errors.ts';
import { requireUser } from '#lib/membership/auth.server.ts';
import { handle, json, parseBody, parseQuery } from '#lib/platform/http.server.ts';
import { bindUserPhone } from '#lib/identity/phone-binding.server.ts';
import { LOGIN_ID_COOKIE, SESSION_DAYS } from '#lib/identity/sessions.server.ts';
import { isHttps } from '#lib/shell/context.server.ts';

/**
 * POST bindUserPhone (shell §7) { phone, verifyCode? }: binds a phone to the signed-in account —
 * the messaging app's default phone without a code, any other with the code sent to it. When
 * the phone's account becomes one with this one, the session now names that account.
 */
export const POST = handle(async (context) => {
  const { request, url, cookies } = context;
  parseQuery(url, {});
  const body = await parseBody(request, {
    phone: z.string().max(32),
    verifyCode: z.string().max(32).optional(),
  });
  const user = await requireUser(context);
  const bound = await bindUserPhone(context.locals.database.db, {
    userId: user.id,
    phone: body.phone,
    verifyCode: body.verifyCode,
  });
  if (bound.userId !== user.id) {
    cookies.set(LOGIN_ID_COOKIE, String(bound.userId), {
      path: '/',
      sameSite: 'lax',
      secure: isHttps(request, url),
      maxAge: SESSION_DAYS * 86_400,
    });
  }
  return json(
    ok({ isBindPhone: true, userId: bound.userId, merged: bound.merged }, Messages.PHONE_BOUND),
  );
});
