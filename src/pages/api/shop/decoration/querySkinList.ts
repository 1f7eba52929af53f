import { shopIdSchema } from '#lib/platform/ids.ts';
import { requireRole } from '#lib/membership/auth.server.ts';
import { handle, parseQuery } from '#lib/platform/http.server.ts';
import { listSkins } from '#lib/shop/skins.server.ts';

/** GET ?shopBizCode= → [{ id, name, homePreviewUrl, skinStatus }], the skin in use first. Managers. */
export const GET = handle(async (context) => {
  const { shopBizCode } = parseQuery(context.url, { shopBizCode: shopIdSchema });
  await requireRole(context, shopBizCode, ['M']);
  return listSkins(context.locals.database.db, shopBizCode);
});
