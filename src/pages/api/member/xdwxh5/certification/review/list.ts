import { CertificationContracts, CertificationErrors } from '#lib/certification/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { appError } from '#lib/platform/errors.ts';
import { listCertificationsForReview } from '#lib/certification/index.server.ts';

/** The shop owner's queue of certifications to review; anybody else is refused. */
export const GET = endpoint(CertificationContracts.reviewList, async ({ query, user, context }) => {
  const list = await listCertificationsForReview(context.locals.database.db, {
    shopId: query.shopBizCode,
    ownerId: user.id,
  });
  if (!list) throw appError(CertificationErrors.REVIEW_OWNER_ONLY);
  return { list };
});
