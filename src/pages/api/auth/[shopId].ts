import { z } from 'zod';
import { shopIdSchema } from '#lib/platform/ids.ts';
import { handle, parseParams, parseQuery } from '#lib/platform/http.server.ts';
import { messagingApp } from '#lib/identity/messaging-app/index.server.ts';
import { finishMemberAuth } from '#lib/identity/member-auth.server.ts';
import { isHttps } from '#lib/shell/context.server.ts';

/**
 * The messaging app comes back here with ?code=&state= (no code when the user refused): signs
 * the user in and returns to the page member auth started from, or back without a session.
 */
export const GET = handle(async (context) => {
  const { request, url, cookies } = context;
  const { shopId } = parseParams(context.params, { shopId: shopIdSchema });
  const { code, state } = parseQuery(url, {
    code: z.string().max(200).optional(),
    state: z.string().max(100).optional(),
  });
  const db = context.locals.database.db;
  const { location } = await finishMemberAuth(db, cookies, messagingApp(db), {
    shopId,
    code,
    state,
    secure: isHttps(request, url),
  });
  return new Response(null, {
    status: 302,
    headers: { location, 'cache-control': 'no-store' },
  });
});
