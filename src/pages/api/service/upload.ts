import { ServiceContracts } from '#lib/service/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { readUpload } from '#lib/platform/upload.server.ts';
import { storeServiceImage } from '#lib/service/index.server.ts';

/** A chat picture (raw bytes), stored private to the sender until a message shows it. */
export const POST = endpoint(ServiceContracts.upload, async ({ user, context }) => {
  const upload = await readUpload(context.request);
  return storeServiceImage(context.locals.database.db, user.id, upload);
});
