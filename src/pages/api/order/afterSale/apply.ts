import { AfterSaleContracts } from '#lib/after-sales/index.ts';
import { Errors } from '#lib/errors.ts';
import { appError } from '#lib/platform/errors.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { applyAfterSale } from '#lib/after-sales/index.server.ts';
import { auditChannel } from '#lib/after-sales/index.ts';
import { isInApp } from '#lib/shell/index.server.ts';

/** 申请售后 on a line of the caller's order; asked inside the messaging app: audit channel 2. */
export const POST = endpoint(AfterSaleContracts.apply, async ({ query, body, user, context }) => {
  if (!query.shopBizCode) throw appError(Errors.SHOP_ID_REQUIRED);
  return applyAfterSale(context.locals.database.db, {
    shopId: query.shopBizCode,
    userId: user.id,
    ...body,
    auditChannel: auditChannel(isInApp(context.request.headers.get('user-agent'))),
  });
});
