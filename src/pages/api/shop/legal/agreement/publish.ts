import { LegalContracts } from '#lib/legal/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { publishAgreement } from '#lib/legal/index.server.ts';

/** POST ?shopBizCode= { type, title, effectiveDate, text, baseVersion? } → the version published. */
export const POST = endpoint(LegalContracts.publishAgreement, ({ query, body, user, context }) =>
  publishAgreement(context.locals.database.db, {
    shopId: query.shopBizCode,
    userId: user.id,
    type: body.type,
    draft: { title: body.title, effectiveDate: body.effectiveDate, text: body.text },
    baseVersion: body.baseVersion,
  }),
);
