import type { APIRoute } from 'astro';
import { env } from '#lib/platform/env.server.ts';
import { handleKuaidi100Request } from '#lib/orders/index.server.ts';

/**
 * The Kuaidi100 sandbox (orders/kuaidi100/sandbox/): POST poll/query.do (实时查询) and POST poll
 * (订阅), as the real service answers them. A demo's only: production never mounts it.
 */
export const ALL: APIRoute = ({ request, locals }) =>
  env().SHOP_MODE === 'demo'
    ? handleKuaidi100Request(locals.database.db, request)
    : new Response('Not Found', { status: 404 });
