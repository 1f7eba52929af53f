import { AfterSaleContracts } from '#lib/after-sales/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { notFound } from '#lib/platform/http.server.ts';
import { readAfterSalePhoto } from '#lib/after-sales/index.server.ts';

/** A private after-sale photo, for its uploader and the shop's owner only (others: not found). */
export const GET = endpoint(AfterSaleContracts.photo, async ({ params, user, context }) => {
  const photo = await readAfterSalePhoto(context.locals.database.db, user.id, params.photoId);
  if (!photo) notFound();
  return new Response(new Uint8Array(photo.bytes), {
    headers: {
      'content-type': photo.contentType,
      'cache-control': 'private, max-age=3600',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    },
  });
});
