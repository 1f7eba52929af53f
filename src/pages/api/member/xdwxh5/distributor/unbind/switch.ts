import { RecruitingContracts } from '#lib/recruiting/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { unbindSwitch } from '#lib/recruiting/index.server.ts';

/** GET ?shopBizCode= → { open, reason, phone }: may the caller leave the shop now. Shop keepers. */
export const GET = endpoint(RecruitingContracts.unbindSwitch, ({ query, user, context }) =>
  unbindSwitch(context.locals.database.db, query.shopBizCode, user.id),
);
