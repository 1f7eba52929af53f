import type { APIRoute } from 'astro';

/** The build's version; the shell reloads a page whose stored version differs. Never cached. */
export const GET: APIRoute = () =>
  new Response(JSON.stringify({ version: __APP_VERSION__ }), {
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-cache, no-store',
    },
  });
