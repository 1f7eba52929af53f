import type { APIRoute } from 'astro';
import { sandboxBridgeServed } from '#lib/payments/index.server.ts';
import { BRIDGE_SCRIPT } from '#lib/payments/index.ts';

/**
 * The sandbox messaging app's bridge stand-in (payments/sandbox/bridge-script.ts), a script of
 * this origin for the pages' script-src 'self'. Not there at all outside demo mode.
 */
export const GET: APIRoute = () =>
  sandboxBridgeServed()
    ? new Response(BRIDGE_SCRIPT, {
        headers: {
          'content-type': 'text/javascript; charset=utf-8',
          'cache-control': 'no-cache',
        },
      })
    : new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain' } });
