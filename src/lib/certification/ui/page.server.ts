/**
 * The certification pages' read: who is asking (a visitor is asked to log in, a shopper who keeps
 * no shop is told it is for keepers), and for a keeper their screen in one read.
 */
import type { RouteName } from '#lib/platform/routes.ts';
import { readCertificationScreen, type CertificationScreen } from '../screen.server.ts';
import type { CertificationKind } from '../status.ts';

export type CertificationPage =
  | { state: 'visitor'; loginHref: string }
  | { state: 'not-keeper'; homeHref: string }
  | { state: 'keeper'; userId: number; screen: CertificationScreen };

export async function readCertificationPage(
  locals: App.Locals,
  route: RouteName,
  kind?: CertificationKind,
): Promise<CertificationPage> {
  const { shell } = locals;
  if (!shell.user) {
    const referrer = JSON.stringify({ name: route, query: {} });
    return { state: 'visitor', loginHref: shell.link({ name: 'login_web', query: { referrer } }) };
  }
  if (shell.role !== 'D') return { state: 'not-keeper', homeHref: shell.link({ name: 'index' }) };
  const screen = await readCertificationScreen(locals.database.db, {
    shopId: shell.shop.shopId,
    userId: shell.user.id,
    kind,
  });
  return { state: 'keeper', userId: shell.user.id, screen };
}
