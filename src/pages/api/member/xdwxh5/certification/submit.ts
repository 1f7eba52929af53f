import { CertificationContracts } from '#lib/certification/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { submitCertification } from '#lib/certification/index.server.ts';

/** Submits the caller's complete draft: a person's is verified at once, a business waits. */
export const POST = endpoint(CertificationContracts.submit, ({ query, user, context }) =>
  submitCertification(context.locals.database.db, { shopId: query.shopBizCode, userId: user.id }),
);
