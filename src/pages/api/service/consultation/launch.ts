import { ServiceContracts } from '#lib/service/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { launchConsultation } from '#lib/service/index.server.ts';

/** 发起咨询: the shopper's conversation, with a product or order card first when named. */
export const POST = endpoint(ServiceContracts.launch, ({ query, body, user, context }) =>
  launchConsultation(context.locals.database, {
    shopId: query.shopBizCode,
    userId: user.id,
    productNo: body.productNo,
    orderNo: body.orderNo,
  }),
);
