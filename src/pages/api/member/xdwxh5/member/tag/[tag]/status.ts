import { GuideContracts } from '#lib/guides/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { tagsExist } from '#lib/guides/index.server.ts';

/** Whether the caller has seen this tag in the shop. */
export const GET = endpoint(GuideContracts.status, async ({ params, query, user, context }) => {
  const [status] = await tagsExist(context.locals.database.db, {
    shopId: query.shopBizCode,
    userId: user.id,
    tagNames: [params.tag],
  });
  return status!;
});
