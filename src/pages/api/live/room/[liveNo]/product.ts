import { LiveContracts } from '#lib/live/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { switchProduct } from '#lib/live/index.server.ts';

/** 讲解 (the host): switches the product being explained. */
export const POST = endpoint(LiveContracts.product, ({ params, query, body, user, context }) =>
  switchProduct(context.locals.database, {
    liveNo: params.liveNo,
    shopId: query.shopBizCode,
    userId: user.id,
    productNo: body.productNo,
  }),
);
