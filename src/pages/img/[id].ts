import type { APIRoute } from 'astro';
import { parseImageWidth, renderImage } from '#lib/media/index.server.ts';

function text(status: number, message: string): Response {
  return new Response(message, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' },
  });
}

/**
 * Stored pictures resized for the page: /img/{id}?w=400|800, in AVIF or WebP when the browser
 * says it takes them. Media never changes, so every variant may be cached for a year; shared
 * caches must keep one copy per Accept.
 */
export const GET: APIRoute = async ({ params, url, request, locals }) => {
  const width = parseImageWidth(url.searchParams.get('w'));
  if (width === null) return text(400, 'w must be 400 or 800');
  const id = /^\d{1,15}$/.test(params.id ?? '') ? Number(params.id) : NaN;
  if (!Number.isSafeInteger(id)) return text(404, 'Not found');
  try {
    const image = await renderImage(locals.database.db, id, width, request.headers.get('accept'));
    if (!image) return text(404, 'Not found');
    return new Response(image.bytes, {
      headers: {
        'content-type': image.contentType,
        vary: 'Accept',
        'cache-control': 'public, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
      },
    });
  } catch (error) {
    // A stored file the decoder refuses: this request fails, the process carries on.
    console.error(`[img] cannot render media ${id}`, error);
    return text(500, 'Image could not be rendered');
  }
};
