import { z } from 'zod';
import { ok } from '../../../../../lib/domain/envelope.ts';
import { Messages } from '../../../../../lib/domain/errors.ts';
import { shopIdSchema } from '../../../../../lib/domain/ids.ts';
import { requireRole } from '../../../../../lib/server/auth.ts';
import {
  handle,
  json,
  parseBody,
  parseParams,
  parseQuery,
} from '../../../../../lib/server/http.ts';
import { selectSkin } from '../../../../../lib/server/services/skins.ts';

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
