import { DistributionContracts } from '#lib/distribution/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { removeBankCard } from '#lib/distribution/index.server.ts';

/** 解绑 a card (not while a withdrawal to it is under way). */
export const POST = endpoint(DistributionContracts.removeCard, async ({ body, user, context }) => {
  await removeBankCard(context.locals.database.db, { userId: user.id, cardId: body.cardId });
  return null;
});
