import { CertificationContracts } from '#lib/certification/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { reviewCertification } from '#lib/certification/index.server.ts';

/** The shop owner approves a business's documents, or rejects them with the reason. */
export const POST = endpoint(CertificationContracts.review, ({ query, body, user, context }) =>
  reviewCertification(context.locals.database.db, {
    shopId: query.shopBizCode,
    ownerId: user.id,
    certificationId: body.certificationId,
    approve: body.approve,
    ...(body.reason !== undefined && { reason: body.reason }),
  }),
);
