import type { APIRoute } from 'astro';

/** Everything the shop shows to visitors may be indexed; the API and private pages guard themselves. */
export const GET: APIRoute = ({ locals }) =>
  new Response(
    `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${locals.site.origin}/sitemap.xml\n`,
    {
      headers: {
        'content-type': 'text/plain; charset=utf-8',
        'cache-control': 'public, max-age=3600',
      },
    },
  );
