import type { APIRoute } from 'astro';
import { sandboxBridgePay, unlessSandbox } from '#lib/payments/index.server.ts';
import type { JsapiPayParams } from '#lib/payments/index.ts';

/**
 * The sandbox messaging app's pay bridge: what `getBrandWCPayRequest` does with a page's pay
 * request (JSON JsapiPayParams), answered as the bridge answers its callback, `{err_msg}`.
 * `?decision=cancel` is the user closing the pay sheet. The sandbox's bridge stand-in
 * (bridge.js, decision 033) and a test's stubbed bridge post here.
 */
export const POST: APIRoute = async ({ request, url, locals }) => {
  const closed = unlessSandbox();
  if (closed) return closed;
  // Whatever was posted: sandboxBridgePay checks every field before it believes any.
  const params = (await request.json().catch(() => null)) as JsapiPayParams;
  const answer = await sandboxBridgePay(locals.database.db, params, {
    cancel: url.searchParams.get('decision') === 'cancel',
  });
  return new Response(JSON.stringify(answer), {
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
};
