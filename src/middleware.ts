import { defineMiddleware } from 'astro:middleware';
import { fail } from './lib/domain/envelope.ts';
import { ErrorCode, Messages } from './lib/domain/errors.ts';
import { database } from './lib/server/app.ts';
import { json } from './lib/server/http.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A browser write from another site (CSRF): refused. Non-browser clients send no Origin. */
function isCrossSiteWrite(request: Request, url: URL): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  if (request.headers.get('sec-fetch-site') === 'cross-site') return true;
  const origin = request.headers.get('origin');
  return origin !== null && origin !== url.origin;
}

export const onRequest = defineMiddleware(async (context, next) => {
  const { request, url } = context;
  const isApi = url.pathname === '/api' || url.pathname.startsWith('/api/');
  if (isCrossSiteWrite(request, url)) {
    return json(fail(ErrorCode.FORBIDDEN, Messages.CROSS_SITE), 403);
  }
  context.locals.database = await database();
  const response = await next();
  if (isApi && !response.headers.get('content-type')?.includes('application/json')) {
    // No endpoint answered in the envelope: a known path asked with another method, or an unknown path.
    const knownPath = context.routePattern !== '/404';
    return knownPath
      ? json(fail(ErrorCode.METHOD_NOT_ALLOWED, Messages.METHOD_NOT_ALLOWED), 405)
      : json(fail(ErrorCode.NOT_FOUND, Messages.NOT_FOUND), 404);
  }
  return response;
});
