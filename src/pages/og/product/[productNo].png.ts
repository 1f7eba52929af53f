import type { APIRoute } from 'astro';
import { renderProductPreview } from '#lib/catalog/index.server.ts';

function text(status: number, message: string): Response {
  return new Response(message, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' },
  });
}

/**
 * The product's link-preview card (og:image), 1200×630 PNG. Its price can change, so shared
 * caches keep it an hour rather than for ever.
 */
export const GET: APIRoute = async ({ params, locals }) => {
  const productNo = params.productNo ?? '';
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(productNo)) return text(404, 'Not found');
  try {
    const png = await renderProductPreview(locals.database.db, productNo);
    if (!png) return text(404, 'Not found');
    return new Response(png, {
      headers: {
        'content-type': 'image/png',
        'cache-control': 'public, max-age=3600',
        'x-content-type-options': 'nosniff',
      },
    });
  } catch (error) {
    console.error(`[og] cannot render the preview of ${productNo}`, error);
    return text(500, 'Preview could not be rendered');
  }
};
