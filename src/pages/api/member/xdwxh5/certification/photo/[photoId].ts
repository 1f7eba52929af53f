import { CertificationContracts } from '#lib/certification/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { notFound } from '#lib/platform/http.server.ts';
import { readCertificationPhoto } from '#lib/certification/index.server.ts';

/** A certification photo, for its uploader and the reviewing owner only (others: not found). */
export const GET = endpoint(CertificationContracts.photo, async ({ params, user, context }) => {
  const photo = await readCertificationPhoto(context.locals.database.db, user.id, params.photoId);
  if (!photo) notFound();
  return new Response(new Uint8Array(photo.bytes), {
    headers: {
      'content-type': photo.contentType,
      // An ID card: never kept by a shared cache, nor long by the browser.
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    },
  });
});
