/**
 * The middleware's viewer step: who asks (the session: user, membership in this shop, role
 * letter), their arrival noted, and the guard (shell/navigation.ts: the shop's notice, login,
 * roles). Opening decoration may switch an administrator to manager, only on a navigation that
 * did not come from another site; a refused page renders the forbidden page in its place.
 */
import type { MiddlewareHandler } from 'astro';
import { readViewer, type ShopMembership } from '#lib/identity/index.server.ts';
import type { RouteDef } from '#lib/platform/routes.ts';
import { noteArrival } from '#lib/attribution/index.server.ts';
import { MemberRole, roleLetter, switchableRoles } from '#lib/membership/index.ts';
import { switchRole } from '#lib/membership/index.server.ts';
import { liveReminderDue } from '#lib/live/index.server.ts';
import { isOwnNavigation } from '#lib/platform/csrf.server.ts';
import { guardRoute } from '#lib/shell/navigation.ts';
import { rememberReturn, rememberShop } from '#lib/shell/context.server.ts';

/** The guard for who asks (shell/navigation.ts), the same here and at the front door. */
export function viewerGuard(input: {
  url: URL;
  route: RouteDef;
  inApp: boolean;
  loggedIn: boolean;
  member: ShopMembership | null;
  noticeDue: boolean;
}) {
  const { member } = input;
  return guardRoute({
    url: input.url,
    route: input.route,
    inApp: input.inApp,
    loggedIn: input.loggedIn,
    role: roleLetter(member),
    mayManage: member !== null && switchableRoles(member).includes(MemberRole.Manager),
    noticeDue: input.noticeDue,
  });
}

export const viewer: MiddlewareHandler = async (context, next) => {
  const page = context.locals.shopPage;
  if (!page) return next();
  const { request, cookies } = context;
  const { url, shop } = page;
  const { secure, host } = context.locals.site;
  const db = context.locals.database.db;

  const session = await readViewer(db, page.sessionToken, shop.shopId, page.versions.user);
  const user = session?.user ?? null;
  if (page.sessionToken) {
    await noteArrival(db, {
      shopId: shop.shopId,
      params: url.searchParams,
      userId: user?.id ?? null,
      cookies,
      secure,
    });
  }
  context.locals.userVersion = session?.userVersion ?? null;
  let member = session?.member ?? null;
  let decision = viewerGuard({
    url,
    route: page.route,
    inApp: page.inApp,
    loggedIn: user !== null,
    member,
    noticeDue: page.noticeDue,
  });
  let toast: string | undefined;
  if (decision.kind === 'switch-to-manager') {
    // Only a member, and only on a navigation from the shop itself (or one the user typed): a
    // link on another site must not change anyone's role, as the switchRole call refuses too.
    if (user && member && isOwnNavigation(request.headers, host)) {
      await switchRole(db, { shopId: shop.shopId, userId: user.id, role: MemberRole.Manager });
      member = { ...member, currentRole: MemberRole.Manager };
      toast = decision.toast;
      decision = { kind: 'render', needLoginPopup: false };
    } else {
      // Refused rather than shown: the page says to switch to the manager role first.
      decision = { kind: 'refuse' };
    }
  }
  if (decision.kind === 'redirect') {
    if (decision.storeReturn) rememberReturn(cookies, decision.storeReturn, secure);
    return context.redirect(decision.location, 302);
  }

  rememberShop(cookies, shop.shopId, secure);
  // A room the shopper 预约'd is live: this page is theirs alone, with the notice (decision 028).
  const liveReminder =
    session !== null &&
    decision.kind === 'render' &&
    request.method === 'GET' &&
    (await liveReminderDue(db, {
      shopId: shop.shopId,
      userId: session.user.id,
      userVersion: session.userVersion,
      contentVersion: page.versions.content,
    }));
  context.locals.liveReminder = liveReminder;
  page.viewer = { session, member, decision, toast, liveReminder };
  return decision.kind === 'refuse' ? next('/shell/forbidden') : next();
};
