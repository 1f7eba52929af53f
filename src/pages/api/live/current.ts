import { LiveContracts } from '#lib/live/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { currentLive } from '#lib/live/index.server.ts';

/** The small live window's data (shell §3): the shop's room live now, or null. */
export const GET = endpoint(LiveContracts.current, ({ query, context }) =>
  currentLive(context.locals.database.db, query.shopBizCode),
);
