import { IdentityContracts } from '#lib/identity/index.ts';
import { Errors } from '#lib/errors.ts';
import { appError } from '#lib/platform/errors.ts';
import { LOGIN_CODE, loginProblem } from '#lib/identity/index.ts';
import { safeReturnPath } from '#lib/platform/back.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { requestClientAddress } from '#lib/platform/http.server.ts';
import { loginWithPhone } from '#lib/identity/index.server.ts';
import { isKnownPhone, rememberKnownPhone } from '#lib/identity/index.server.ts';
import { SESSION_COOKIE, setSessionCookies } from '#lib/identity/index.server.ts';
import { RETURN_COOKIE } from '#lib/shell/index.server.ts';

/**
 * Logs in with { phone, verifyCode, agreedShopId? }: a new session in the httpOnly cookie (the one the request
 * carried is destroyed), the shop's agreements accepted on the form recorded with it, and data
 * { userId, returnTo } where returnTo is the page to go back to.
 */
export const POST = endpoint(IdentityContracts.login, async ({ body, context }) => {
  const { cookies } = context;
  const problem = loginProblem(body.phone);
  if (problem) throw appError({ ...Errors.BAD_REQUEST, message: problem });
  if (!LOGIN_CODE.test(body.verifyCode)) throw appError(Errors.SMS_CODE_FORMAT);
  const db = context.locals.database.db;
  const { userId, token } = await loginWithPhone(db, {
    phone: body.phone,
    code: body.verifyCode,
    clientIp: requestClientAddress(context),
    knownPhone: await isKnownPhone(db, cookies, body.phone),
    previousToken: cookies.get(SESSION_COOKIE)?.value,
    accepted: body.agreedShopId
      ? { shopId: body.agreedShopId, userAgent: context.request.headers.get('user-agent') }
      : undefined,
  });
  const { secure } = context.locals.site;
  setSessionCookies(cookies, token, userId, secure);
  await rememberKnownPhone(db, cookies, body.phone, secure);
  const stored = cookies.get(RETURN_COOKIE)?.value;
  if (stored !== undefined) cookies.delete(RETURN_COOKIE, { path: '/' });
  return { userId, returnTo: safeReturnPath(stored) };
});
