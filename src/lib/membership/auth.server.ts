/** Who is calling an endpoint. */
import type { APIContext } from 'astro';
import { appError } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';
import { isCrossSite } from '#lib/platform/csrf.server.ts';
import { roleLetter } from './roles.ts';
import type { RoleLetter } from '#lib/platform/routes.ts';
import {
  SESSION_COOKIE,
  getSession,
  getSessionUser,
  type SessionUser,
} from '#lib/identity/index.server.ts';

/** The session user, or the login-invalid answer (100006 用户未登录) the client acts on. */
export async function requireUser(context: APIContext): Promise<SessionUser> {
  const user = await getSessionUser(
    context.locals.database.db,
    context.cookies.get(SESSION_COOKIE)?.value,
  );
  if (!user) throw appError(Errors.NOT_LOGGED_IN);
  return user;
}

/** Refuses a request from another site; for the GET calls of the spec that change something. */
export function refuseCrossSite(context: APIContext): void {
  if (isCrossSite(context.request.headers, context.locals.site.host)) {
    throw appError(Errors.CROSS_SITE);
  }
}

/**
 * The session user when their role in the shop is one of `letters` (shell §4 rules: a disabled
 * distributor counts as a customer); else 100006 when logged out, 40301 when refused.
 */
export async function requireRole(
  context: APIContext,
  shopId: string,
  letters: readonly RoleLetter[],
): Promise<SessionUser> {
  const session = await getSession(
    context.locals.database.db,
    context.cookies.get(SESSION_COOKIE)?.value,
    shopId,
  );
  if (!session) throw appError(Errors.NOT_LOGGED_IN);
  if (!letters.includes(roleLetter(session.member))) {
    throw appError(Errors.NO_PERMISSION);
  }
  return session.user;
}
