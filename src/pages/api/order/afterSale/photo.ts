import { AfterSaleContracts } from '#lib/after-sales/contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { readUpload } from '#lib/platform/upload.server.ts';
import { storeAfterSalePhoto } from '#lib/after-sales/photos.server.ts';

/** An after-sale photo: the raw image bytes, stored private to the caller. */
export const POST = endpoint(AfterSaleContracts.uploadPhoto, async ({ user, context }) => {
  const upload = await readUpload(context.request);
  return storeAfterSalePhoto(context.locals.database.db, user.id, upload);
});
