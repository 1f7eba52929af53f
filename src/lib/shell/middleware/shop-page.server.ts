/**
 * What the middleware's steps (src/middleware.ts) learn about a request for a page of the route
 * table, in the order they learn it: the shop context step starts it, the viewer step adds who
 * asks, the personal cache step says whether the answer may be kept. Requests for anything else
 * (endpoints, files, the shell's own pages) have none, and every later step lets them through.
 */
import type { NavigationDecision } from '#lib/shell/navigation.ts';
import type { SessionRead, ShopMembership } from '#lib/identity/index.server.ts';
import type { Versions } from '#lib/identity/index.server.ts';
import type { PageKeyInput } from '#lib/platform/page-cache.server.ts';
import type { RouteDef } from '#lib/platform/routes.ts';
import type { ConfigMap } from '#lib/shop/index.ts';
import type { ShopDetail } from '#lib/shop/index.server.ts';
import { noticeGuards, noticeStamp } from '#lib/shell/shop-notice.ts';

export interface ShopPage {
  /** The URL asked for: a later rewrite (forbidden) renders another page for this one. */
  url: URL;
  route: RouteDef;
  params: Record<string, string>;
  /** The shop cookie as it came in. */
  storedShopId: string | undefined;
  sessionToken: string | undefined;
  inApp: boolean;
  versions: Versions;
  shop: ShopDetail;
  config: ConfigMap;
  /** The shop's notice is to be read first (shell/shop-notice.ts): nobody's page is shared. */
  noticeDue: boolean;
  /** What a rendering of this page is kept by, for everyone it is the same for. */
  cacheKey: PageKeyInput;
  /** Who asks, once the viewer step has let them in. */
  viewer?: PageViewer;
  /**
   * Set by the personal cache step once the page is rendered: a 200 page for the route itself
   * (not refused), no cache-control of its own, no cookie but the shop's. It may be kept.
   */
  keepable?: boolean;
}

export interface PageViewer {
  session: SessionRead | null;
  member: ShopMembership | null;
  decision: Extract<NavigationDecision, { kind: 'render' } | { kind: 'refuse' }>;
  /** Said once the page is shown (the switch to manager). */
  toast: string | undefined;
  liveReminder: boolean;
}

/**
 * The page read to its end before it is answered: a database fault half-way through rendering
 * then becomes the maintenance page instead of a page cut off under a 200 status.
 */
export async function whole(response: Response): Promise<Response> {
  if (!response.body) return response;
  const { status, statusText, headers } = response;
  return new Response(await response.arrayBuffer(), { status, statusText, headers });
}

/**
 * What a kept rendering of a shop page tells the front door (decision 045), which answers it
 * without the shop at hand: whose page it is, and the stamp of the shop's notice when the notice
 * stands in front of this route (a visitor who has not read that text is sent to read it first).
 */
export interface FrontMeta {
  shopId: string;
  notice: string | null;
}

export function frontMeta(page: Pick<ShopPage, 'shop' | 'route'>): FrontMeta {
  const { shop, route } = page;
  const standing = shop.shopNotice === 'ON' && shop.noticeText !== '' && noticeGuards(route);
  return { shopId: shop.shopId, notice: standing ? noticeStamp(shop.noticeText) : null };
}
