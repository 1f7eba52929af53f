/**
 * The middleware's page policy step, first and last in the sequence: every HTML answer carries
 * its own Content-Security-Policy (platform/page-policy.server.ts). As the last step it sets it
 * on the page as rendered, so a kept page is kept with its policy; as the first it covers the
 * pages the earlier steps answer themselves (refusals, the maintenance page).
 */
import type { MiddlewareHandler } from 'astro';
import { pagePolicy } from '#lib/platform/page-policy.server.ts';

const HEADER = 'content-security-policy';

export const pagePolicyStep: MiddlewareHandler = async (_context, next) => {
  const response = await next();
  if (
    response.headers.has(HEADER) ||
    !response.body ||
    !response.headers.get('content-type')?.startsWith('text/html')
  )
    return response;
  const html = await response.text();
  const headers = new Headers(response.headers);
  headers.set(HEADER, pagePolicy(html));
  headers.delete('content-length');
  const { status, statusText } = response;
  return new Response(html, { status, statusText, headers });
};
