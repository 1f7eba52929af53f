import { ServiceContracts } from '#lib/service/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { notFound } from '#lib/platform/http.server.ts';
import { readServiceImage } from '#lib/service/index.server.ts';

/** A chat picture, for its sender and the two sides of its conversation (others: not found). */
export const GET = endpoint(ServiceContracts.image, async ({ params, user, context }) => {
  const picture = await readServiceImage(context.locals.database.db, user.id, params.mediaId);
  if (!picture) notFound();
  return new Response(new Uint8Array(picture.bytes), {
    headers: {
      'content-type': picture.contentType,
      'cache-control': 'private, max-age=3600',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    },
  });
});
