import { shopIdSchema } from '#lib/platform/ids.ts';
import { requireRole } from '#lib/membership/auth.server.ts';
import { handle, parseQuery } from '#lib/platform/http.server.ts';
import { getWalletSummary } from '#lib/distribution/wallet-summary.server.ts';

/** GET ?shopBizCode= → { balanceCents, frozenCents }: the shop keeper's own money. Shop keepers. */
export const GET = handle(async (context) => {
  const { shopBizCode } = parseQuery(context.url, { shopBizCode: shopIdSchema });
  const user = await requireRole(context, shopBizCode, ['D']);
  return getWalletSummary(context.locals.database.db, shopBizCode, user.id);
});
