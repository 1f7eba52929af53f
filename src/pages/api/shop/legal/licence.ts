import { LegalContracts } from '#lib/legal/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { saveLicence } from '#lib/legal/index.server.ts';

/** POST ?shopBizCode= { the registered facts, pictureMediaId? } → the licence as shown (the owner). */
export const POST = endpoint(LegalContracts.saveLicence, ({ query, body, user, context }) => {
  const { pictureMediaId, ...licence } = body;
  return saveLicence(context.locals.database.db, {
    shopId: query.shopBizCode,
    userId: user.id,
    licence,
    pictureMediaId,
  });
});
