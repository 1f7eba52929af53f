/** Who asks for a share: the session's user and their membership of the shop, never the query. */
import type { APIContext } from 'astro';
import { SESSION_COOKIE, getSession } from '#lib/identity/index.server.ts';
import type { ShareRequest, Viewer } from './share.server.ts';

export async function shareViewer(context: APIContext, shopId: string): Promise<Viewer | null> {
  const session = await getSession(
    context.locals.database.db,
    context.cookies.get(SESSION_COOKIE)?.value,
    shopId,
  );
  return session ? { userId: session.user.id, member: session.member } : null;
}

/** The share request of an endpoint: the shop, the site's origin and the caller. */
export async function shareRequest(context: APIContext, shopId: string): Promise<ShareRequest> {
  return { shopId, origin: context.locals.site.origin, viewer: await shareViewer(context, shopId) };
}
