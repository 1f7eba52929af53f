import { defineMiddleware } from 'astro:middleware';
import { fail } from './lib/domain/envelope.ts';
import { ErrorCode, Messages } from './lib/domain/errors.ts';
import { database } from './lib/server/app.ts';
import { json } from './lib/server/http.ts';

export const onRequest = defineMiddleware(async (context, next) => {
  context.locals.database = await database();
  const response = await next();
  const isApi = context.url.pathname === '/api' || context.url.pathname.startsWith('/api/');
  if (isApi && !response.headers.get('content-type')?.includes('application/json')) {
    // No endpoint answered in the envelope: an unknown path, or a known path with another method.
    return response.status === 405
      ? json(fail(ErrorCode.METHOD_NOT_ALLOWED, Messages.METHOD_NOT_ALLOWED), 405)
      : json(fail(ErrorCode.NOT_FOUND, Messages.NOT_FOUND), 404);
  }
  return response;
});
