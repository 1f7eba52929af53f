import { SharingContracts } from '#lib/sharing/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { resolveShareCode } from '#lib/sharing/index.server.ts';

/** A share code to its link. */
export const GET = endpoint(SharingContracts.normalShare, ({ query, context }) =>
  resolveShareCode(context.locals.database.db, {
    code: query.shareCode,
    origin: context.locals.site.origin,
  }),
);
