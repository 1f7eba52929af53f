import type { APIRoute } from 'astro';
import { env } from '#lib/platform/env.server.ts';
import { answerYunzhanghu } from '#lib/distribution/index.server.ts';

/**
 * The 云账户 sandbox (distribution/yunzhanghu/sandbox.server.ts): 银行卡实时支付 and
 * 查询单笔订单信息 as the real platform answers them. A demo's only: production never mounts it.
 */
export const ALL: APIRoute = ({ request, locals }) =>
  env().SHOP_MODE === 'demo'
    ? answerYunzhanghu(request, locals.database.db)
    : new Response('Not Found', { status: 404 });
