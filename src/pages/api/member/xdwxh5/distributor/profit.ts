import { shopIdSchema } from '../../../../../lib/domain/ids.ts';
import { requireRole } from '../../../../../lib/server/auth.ts';
import { handle, parseQuery } from '../../../../../lib/server/http.ts';
import { getWalletSummary } from '../../../../../lib/server/services/wallet-summary.ts';

/** GET ?shopBizCode= → { balanceCents, frozenCents }: the shop keeper's own money. Shop keepers. */
export const GET = handle(async (context) => {
  const { shopBizCode } = parseQuery(context.url, { shopBizCode: shopIdSchema });
  const user = await requireRole(context, shopBizCode, ['D']);
  return getWalletSummary(context.locals.database.db, shopBizCode, user.id);
});
