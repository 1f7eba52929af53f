import { IdentityContracts } from '#lib/identity/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { logout } from '#lib/identity/index.server.ts';
import { SESSION_COOKIE, clearSessionCookies } from '#lib/identity/index.server.ts';

/** Ends the caller's session on the server and clears its cookies; code 0 even without one. */
export const POST = endpoint(IdentityContracts.logout, async ({ context }) => {
  await logout(context.locals.database.db, context.cookies.get(SESSION_COOKIE)?.value);
  clearSessionCookies(context.cookies);
  return null;
});
