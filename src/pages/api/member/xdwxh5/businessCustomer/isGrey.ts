import { CertificationContracts } from '#lib/certification/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { businessCustomerGrey } from '#lib/certification/index.server.ts';

/** Whether the caller is a business keeper whose documents await the owner's approval. */
export const GET = endpoint(
  CertificationContracts.businessCustomerGrey,
  ({ query, user, context }) =>
    businessCustomerGrey(context.locals.database.db, {
      shopId: query.shopBizCode,
      userId: user.id,
    }),
);
