import { CertificationContracts } from '#lib/certification/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { readCertificationScreen } from '#lib/certification/index.server.ts';

/** Where the caller stands in the shop: certification, consent, real name, agreements. */
export const GET = endpoint(CertificationContracts.screen, ({ query, user, context }) =>
  readCertificationScreen(context.locals.database.db, {
    shopId: query.shopBizCode,
    userId: user.id,
    kind: query.kind,
  }),
);
