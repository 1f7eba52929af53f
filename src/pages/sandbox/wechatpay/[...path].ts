import type { APIRoute } from 'astro';
import { unlessSandbox } from '#lib/payments/index.server.ts';
import { handleSandboxRequest } from '#lib/payments/index.server.ts';

/**
 * The sandbox WeChat Pay gateway's API v3 (payments/sandbox/gateway.server.ts): every method,
 * every path under /sandbox/wechatpay/ but the cashier page and the pay bridge. Not there at all
 * unless PAYMENT_PROVIDER is sandbox. h5_url names the site's origin, the one a phone reaches.
 */
export const ALL: APIRoute = ({ request, locals }) =>
  unlessSandbox() ??
  handleSandboxRequest(locals.database.db, request, { origin: locals.site.origin });
