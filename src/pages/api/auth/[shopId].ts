import { IdentityContracts } from '#lib/identity/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { messagingApp } from '#lib/identity/index.server.ts';
import { finishMemberAuth } from '#lib/membership/index.server.ts';

/**
 * WeChat's authorize page comes back here with ?code=&state= (no code when the user refused): signs
 * the user in and returns to the page member auth started from, or back without a session.
 */
export const GET = endpoint(
  IdentityContracts.memberAuthDone,
  async ({ params, query, context }) => {
    const { cookies } = context;
    const db = context.locals.database.db;
    const { location } = await finishMemberAuth(db, cookies, messagingApp(db), {
      shopId: params.shopId,
      code: query.code,
      state: query.state,
      origin: context.locals.site.origin,
      secure: context.locals.site.secure,
    });
    return new Response(null, {
      status: 302,
      headers: { location, 'cache-control': 'no-store' },
    });
  },
);
