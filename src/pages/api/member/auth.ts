import { IdentityContracts } from '#lib/identity/index.ts';
import { env } from '#lib/platform/env.server.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { messagingApp } from '#lib/identity/index.server.ts';
import { beginMemberAuth } from '#lib/membership/index.server.ts';
import { SHOP_COOKIE } from '#lib/shell/index.server.ts';

/**
 * Login redirect (shell §7): GET /api/member/auth?backUrl= sends the browser to WeChat's
 * authorize page (the sandbox gateway's in demo mode), which comes back to /api/auth/{shopId}.
 */
export const GET = endpoint(IdentityContracts.memberAuth, ({ query, context }) => {
  const { cookies } = context;
  const { origin, secure } = context.locals.site;
  const location = beginMemberAuth(cookies, messagingApp(context.locals.database.db), {
    backUrl: query.backUrl,
    origin,
    secure,
    storedShopId: cookies.get(SHOP_COOKIE)?.value,
    defaultShopId: env().DEFAULT_SHOP_ID,
  });
  return new Response(null, {
    status: 302,
    headers: { location, 'cache-control': 'no-store' },
  });
});
