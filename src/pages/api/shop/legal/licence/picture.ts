import { LegalContracts } from '#lib/legal/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { readUpload } from '#lib/platform/upload.server.ts';
import { uploadLicencePicture } from '#lib/legal/index.server.ts';

/** A licence picture (raw bytes) by the shop's owner: stored, the licence's once saved. */
export const POST = endpoint(
  LegalContracts.uploadLicencePicture,
  async ({ query, user, context }) => {
    // The body first (size checked, the rest drained): a refused client reads the refusal.
    const upload = await readUpload(context.request);
    return uploadLicencePicture(context.locals.database.db, {
      shopId: query.shopBizCode,
      userId: user.id,
      upload,
    });
  },
);
