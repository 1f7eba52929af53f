import type { APIRoute } from 'astro';
import { env } from '#lib/platform/env.server.ts';
import { handleNuonuoSandbox, startNuonuoSandbox } from '#lib/invoices/index.server.ts';

/**
 * The 诺诺 open-platform sandbox (invoices/nuonuo/sandbox/): POST accessToken, POST
 * open/v1/services (requestBillingNew, queryInvoiceResult, reInvoice) and the issued invoices'
 * PDFs, as the real platform answers them. A demo's only: production never mounts it. Its first
 * call starts the worker that issues and posts callbacks in this process (idempotent).
 */
export const ALL: APIRoute = ({ request, locals }) => {
  if (env().SHOP_MODE !== 'demo') return new Response('Not Found', { status: 404 });
  startNuonuoSandbox(locals.database.db);
  return handleNuonuoSandbox(locals.database.db, request);
};
