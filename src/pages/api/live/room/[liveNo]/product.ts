import { LiveContracts } from '#lib/live/live-contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { switchProduct } from '#lib/live/room.server.ts';

/** 讲解 (the host): switches the product being explained. */
export const POST = endpoint(LiveContracts.product, ({ params, query, body, user, context }) =>
  switchProduct(context.locals.database, {
    liveNo: params.liveNo,
    shopId: query.shopBizCode,
    userId: user.id,
    productNo: body.productNo,
  }),
);
