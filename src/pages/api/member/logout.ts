import { handle, parseBody, parseQuery } from '#lib/platform/http.server.ts';
import { logout } from '#lib/identity/phone-login.server.ts';
import { SESSION_COOKIE, clearSessionCookies } from '#lib/identity/sessions.server.ts';

/** Ends the caller's session on the server and clears its cookies; code 0 even without one. */
export const POST = handle(async (context) => {
  parseQuery(context.url, {});
  await parseBody(context.request, {});
  await logout(context.locals.database.db, context.cookies.get(SESSION_COOKIE)?.value);
  clearSessionCookies(context.cookies);
  return null;
});
