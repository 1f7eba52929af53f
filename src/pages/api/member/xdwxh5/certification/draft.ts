import { CertificationContracts } from '#lib/certification/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { saveCertificationDraft } from '#lib/certification/index.server.ts';

/** Saves the caller's draft (after their separate consent; only their own photos). */
export const POST = endpoint(CertificationContracts.saveDraft, ({ query, body, user, context }) =>
  saveCertificationDraft(context.locals.database.db, {
    shopId: query.shopBizCode,
    userId: user.id,
    draft: body,
  }),
);
