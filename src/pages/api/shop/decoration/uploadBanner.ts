import { DecorationContracts } from '#lib/decoration/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { readUpload } from '#lib/platform/upload.server.ts';
import { requireRole } from '#lib/membership/index.server.ts';
import { storeBannerPicture } from '#lib/decoration/index.server.ts';

/** POST uploadBanner?shopBizCode= with the raw picture → { imageUrl }. Managers only. */
export const POST = endpoint(DecorationContracts.uploadBanner, async ({ query, context }) => {
  // The body first (size checked, the rest drained): a refused client reads the refusal.
  const upload = await readUpload(context.request);
  const user = await requireRole(context, query.shopBizCode, ['M']);
  return storeBannerPicture(context.locals.database.db, user.id, upload);
});
