/**
 * The middleware's first step: what is decided before any shop is looked at. The site origin,
 * the vendors' SDKs at a demo's root, cross-site writes refused, the sandboxes hidden in
 * production, every /api answer kept in the envelope (404 for an unknown path, 405 for a known
 * path asked with another method), 405 for a shop page asked with a write, and the database away
 * answered as maintenance, whichever step or page found it.
 */
import type { MiddlewareHandler } from 'astro';
import { fail } from '#lib/platform/envelope.ts';
import { ErrorCode, Messages } from '#lib/platform/errors.ts';
import { isDatabaseUnavailable } from '#lib/platform/db/faults.ts';
import { matchRoute } from '#lib/platform/routes.ts';
import { siteOrigin } from '#lib/platform/origin.ts';
import { database } from '#lib/platform/app.server.ts';
import { env } from '#lib/platform/env.server.ts';
import { isCrossSiteWrite } from '#lib/platform/csrf.server.ts';
import { describeFault, json, maintenanceAnswer } from '#lib/platform/http.server.ts';
import { answerVendorRoot } from '#lib/identity/index.server.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const isApiPath = (pathname: string) => pathname === '/api' || pathname.startsWith('/api/');
const isSandboxPath = (pathname: string) =>
  pathname === '/sandbox' || pathname.startsWith('/sandbox/');

export const edge: MiddlewareHandler = async (context, next) => {
  const isApi = isApiPath(context.url.pathname);
  try {
    return await atTheEdge(context, next, isApi);
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    // The database is away: say so (and nothing else) until it is back.
    if (isApi) return maintenanceAnswer(error);
    console.error('[db] unavailable:', describeFault(error));
    context.locals.maintenance = true;
    return next('/shell/maintenance');
  }
};

async function atTheEdge(
  ...[context, next, isApi]: [...Parameters<MiddlewareHandler>, boolean]
): Promise<Response> {
  const { request, url } = context;
  const { PUBLIC_ORIGIN, TRUST_PROXY, SHOP_MODE } = env();
  const site = siteOrigin({
    publicOrigin: PUBLIC_ORIGIN,
    trustProxy: TRUST_PROXY > 0,
    headers: request.headers,
    url,
  });
  context.locals.site = site;
  // Tencent Cloud's and Aliyun's SDKs speak to the root of a host: a demo answers them there.
  if (SHOP_MODE === 'demo' && url.pathname === '/') {
    const answer = await answerVendorRoot(request, (await database()).db);
    if (answer) return answer;
  }
  if (isCrossSiteWrite(request.method, request.headers, site.host)) {
    return json(fail(ErrorCode.CROSS_SITE, Messages.CROSS_SITE), 403);
  }
  // The sandboxes stand in for the outside world in a demo only (decision 030).
  if (SHOP_MODE === 'production' && isSandboxPath(url.pathname)) {
    return new Response('Not found', {
      status: 404,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
    });
  }
  // An /api path no endpoint serves: the envelope, never the shop's catch-all page.
  if (isApi && !context.routePattern.startsWith('/api/')) {
    return json(fail(ErrorCode.NOT_FOUND, Messages.NOT_FOUND), 404);
  }

  context.locals.database = await database();

  if (isApi) {
    const response = await next();
    // A known endpoint asked with a method it does not have: Astro answers a bare 404.
    if (
      response.status === 404 &&
      !response.headers.get('content-type')?.includes('application/json')
    ) {
      return json(fail(ErrorCode.METHOD_NOT_ALLOWED, Messages.METHOD_NOT_ALLOWED), 405);
    }
    return response;
  }
  if (matchRoute(url.pathname) && !SAFE_METHODS.has(request.method)) {
    return new Response('Method Not Allowed', { status: 405, headers: { allow: 'GET, HEAD' } });
  }
  return next();
}
