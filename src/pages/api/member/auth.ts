import { z } from 'zod';
import { env } from '../../../lib/server/env.ts';
import { handle, parseQuery } from '../../../lib/server/http.ts';
import { messagingApp } from '../../../lib/server/providers/messaging-app/index.ts';
import { beginMemberAuth, publicOrigin } from '../../../lib/server/services/member-auth.ts';
import { SHOP_COOKIE, isHttps } from '../../../lib/server/shell.ts';

/**
 * Login redirect (shell §7): GET /api/member/auth?backUrl= sends the browser to the messaging
 * app's consent (the sandbox's page by default), which comes back to /api/auth/{shopId}.
 */
export const GET = handle((context) => {
  const { request, url, cookies } = context;
  const { backUrl } = parseQuery(url, { backUrl: z.string().max(2000).optional() });
  const secure = isHttps(request, url);
  const location = beginMemberAuth(cookies, messagingApp(context.locals.database.db), {
    backUrl,
    origin: publicOrigin(url, secure),
    secure,
    storedShopId: cookies.get(SHOP_COOKIE)?.value,
    defaultShopId: env().DEFAULT_SHOP_ID,
  });
  return new Response(null, {
    status: 302,
    headers: { location, 'cache-control': 'no-store' },
  });
});
