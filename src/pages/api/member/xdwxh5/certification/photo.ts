import { CertificationContracts } from '#lib/certification/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { readUpload } from '#lib/platform/upload.server.ts';
import { storeCertificationPhoto } from '#lib/certification/index.server.ts';

/** An ID card side or a licence: the raw image bytes, stored private to the caller. */
export const POST = endpoint(
  CertificationContracts.uploadPhoto,
  async ({ query, user, context }) => {
    const upload = await readUpload(context.request);
    return storeCertificationPhoto(context.locals.database.db, {
      shopId: query.shopBizCode,
      userId: user.id,
      upload,
    });
  },
);
