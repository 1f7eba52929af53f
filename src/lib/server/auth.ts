/** Who is calling an endpoint. */
import type { APIContext } from 'astro';
import { AppError, ErrorCode, Messages } from '../domain/errors.ts';
import { isCrossSite } from './csrf.ts';
import { SESSION_COOKIE, getSessionUser, type SessionUser } from './services/sessions.ts';

/** The session user, or the login-invalid answer (100006 用户未登录) the client acts on. */
export async function requireUser(context: APIContext): Promise<SessionUser> {
  const user = await getSessionUser(
    context.locals.database.db,
    context.cookies.get(SESSION_COOKIE)?.value,
  );
  if (!user) throw new AppError(ErrorCode.NOT_LOGGED_IN, Messages.NOT_LOGGED_IN);
  return user;
}

/** Refuses a request from another site; for the GET calls of the spec that change something. */
export function refuseCrossSite(context: APIContext): void {
  if (isCrossSite(context.request.headers, context.url.host)) {
    throw new AppError(ErrorCode.CROSS_SITE, Messages.CROSS_SITE, 403);
  }
}
