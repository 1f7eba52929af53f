import type { APIRoute } from 'astro';
import { readSandboxCashier, unlessSandbox } from '#lib/payments/index.server.ts';

/**
 * What the sandbox app's pay sheet shows for a JSAPI prepay id: merchant, description, amount
 * and whether it is still payable (`{state:'open'|'paid'|'closed'}`), or 404.
 */
export const GET: APIRoute = async ({ url, locals }) => {
  const closed = unlessSandbox();
  if (closed) return closed;
  const view = await readSandboxCashier(locals.database.db, {
    prepayId: url.searchParams.get('prepay_id'),
  });
  const headers = {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
  };
  if (view.state === 'missing') return new Response('null', { status: 404, headers });
  return new Response(
    JSON.stringify({
      state: view.state,
      mchId: view.mchId,
      description: view.description,
      totalCents: view.totalCents,
    }),
    { headers },
  );
};
