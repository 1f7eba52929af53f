import { AfterSaleContracts } from '#lib/after-sales/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { readUpload } from '#lib/platform/upload.server.ts';
import { storeAfterSalePhoto } from '#lib/after-sales/index.server.ts';

/** An after-sale photo: the raw image bytes, stored private to the caller. */
export const POST = endpoint(AfterSaleContracts.uploadPhoto, async ({ user, context }) => {
  const upload = await readUpload(context.request);
  return storeAfterSalePhoto(context.locals.database.db, user.id, upload);
});
