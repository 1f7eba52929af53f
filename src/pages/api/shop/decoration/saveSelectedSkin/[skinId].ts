import { z } from 'zod';
import { ok } from '#lib/platform/envelope.ts';
import { Messages } from '#lib/platform/errors.ts';
import { shopIdSchema } from '#lib/platform/ids.ts';
import { requireRole } from '#lib/membership/auth.server.ts';
import { handle, json, parseBody, parseParams, parseQuery } from '#lib/platform/http.server.ts';
import { selectSkin } from '#lib/shop/skins.server.ts';

/** POST saveSelectedSkin/{skinId}?shopBizCode= → 换肤成功. Managers only. */
export const POST = handle(async (context) => {
  const { shopBizCode } = parseQuery(context.url, { shopBizCode: shopIdSchema });
  const { skinId } = parseParams(context.params, {
    skinId: z.coerce.number().int().positive(),
  });
  await parseBody(context.request, {});
  await requireRole(context, shopBizCode, ['M']);
  await selectSkin(context.locals.database.db, shopBizCode, skinId);
  return json(ok(true, Messages.SKIN_CHANGED));
});
