import { GuideContracts } from '#lib/guides/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { tagsExist } from '#lib/guides/index.server.ts';

/** Which of these guide tags the caller has seen in the shop. */
export const POST = endpoint(GuideContracts.exist, async ({ query, body, user, context }) =>
  tagsExist(context.locals.database.db, {
    shopId: query.shopBizCode,
    userId: user.id,
    tagNames: body.tagNames,
  }),
);
