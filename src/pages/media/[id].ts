import type { APIRoute } from 'astro';
import { getPublicMedia } from '#lib/media/index.server.ts';

/** Stored pictures. A media row never changes, so it may be cached for a year. */
export const GET: APIRoute = async ({ params, locals }) => {
  const id = /^\d{1,15}$/.test(params.id ?? '') ? Number(params.id) : NaN;
  const row = Number.isSafeInteger(id) ? await getPublicMedia(locals.database.db, id) : null;
  if (!row)
    return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain' } });
  return new Response(new Uint8Array(row.bytes), {
    headers: {
      'content-type': row.contentType,
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      // Generated SVGs carry no script, but a stored upload might: never run it.
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    },
  });
};
