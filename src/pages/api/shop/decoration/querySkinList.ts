import { shopIdSchema } from '../../../../lib/domain/ids.ts';
import { requireRole } from '../../../../lib/server/auth.ts';
import { handle, parseQuery } from '../../../../lib/server/http.ts';
import { listSkins } from '../../../../lib/server/services/skins.ts';

/** GET ?shopBizCode= → [{ id, name, homePreviewUrl, skinStatus }], the skin in use first. Managers. */
export const GET = handle(async (context) => {
  const { shopBizCode } = parseQuery(context.url, { shopBizCode: shopIdSchema });
  await requireRole(context, shopBizCode, ['M']);
  return listSkins(context.locals.database.db, shopBizCode);
});
