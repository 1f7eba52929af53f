/**
 * Pages for signed-in shoppers without rendering each time (decision 015).
 *
 * An open page (home, product, brand) is rendered once for every signed-in shopper of the same
 * kind (roles, contract, phone or not) with no person in it, and each shopper's own values (the
 * cart count) are written into their copy.
 *
 * A shopper's own page (my) shows only their data and the shop's: it is kept per user, keyed by
 * the user's version and the content version, which the database raises whenever either changes
 * (migrations 0002, 0011). What changes with the clock alone bounds how long it is kept.
 */
import { randomBytes } from 'node:crypto';
import type { RouteDef, RouteName } from '#lib/platform/routes.ts';
import {
  cachedPlainPage,
  filledAnswer,
  keptMeta,
  pageKey,
  type PageKeyInput,
  type WireAnswer,
} from '#lib/platform/page-cache.server.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { USER_READ_MAX_AGE_MS, cachedUserRead, heldUserRead } from '#lib/identity/index.server.ts';
import type { ShopMembership } from '#lib/identity/index.server.ts';
import { countCartSkus } from '#lib/cart/index.server.ts';
import { ownerIdentity, type OwnerIdentity } from '#lib/membership/index.server.ts';
import { needsContract } from '#lib/membership/index.ts';
import { pendingAgreements } from '#lib/legal/index.server.ts';
import type { PendingAgreement } from '#lib/legal/index.ts';

/**
 * Routes kept per user, with how long at most. A route belongs here only when everything it
 * shows is the shop's content or reads of the user's own data that raise the user's version
 * (migration 0011), and nothing in it moves with the clock faster than the time given.
 */
const USER_PAGES: Partial<Record<RouteName, number>> = {
  // The unused-coupon count changes when a coupon passes its end: at most a minute late.
  my: 60_000,
  // Cart lines and orders raise the user's version (cart_items, orders, order_lines); what moves
  // with the clock alone (a sale ending, a pay deadline passing before the timer cancels the
  // order) shows at most 10 s late, and the server refuses it at checkout or payment anyway.
  cart: 10_000,
  order: 10_000,
};

export function userPageCache(input: {
  route: RouteDef;
  userId: number;
  userVersion: number;
  key: PageKeyInput;
}): { key: string; ttlMs: number } | null {
  const ttlMs = USER_PAGES[input.route.name];
  if (ttlMs === undefined) return null;
  return { key: `user:${input.userId}:${input.userVersion}|${pageKey(input.key)}`, ttlMs };
}

/**
 * Open pages whose markup is the same for every signed-in shopper of the same kind: rendered once
 * per content version, kind and page key (for PAGE_TTL_MS, as for visitors) and shared. A route
 * belongs here only when nothing it renders reads who the user is beyond `viewerKind` — its own
 * per-user values come through `VIEWER_FILL` (the cart count and the user's id).
 */
const SHARED_PAGES: ReadonlySet<RouteName> = new Set<RouteName>([
  'index',
  'productDetail',
  'brand',
]);

/**
 * What kind of signed-in shopper the shared rendering is for: every membership fact (roles, the
 * contract, the level) and whether the account has a phone. Nothing that names the person.
 */
export function viewerKind(user: { phone: string | null }, member: ShopMembership | null): string {
  const m = member
    ? `${member.currentRole}.${member.maxRole}.${Number(member.distributorDisable)}.${member.level ?? '-'}.${Number(member.administrator)}.${Number(member.signAgreement)}`
    : 'none';
  return `${m}|${user.phone ? 'phone' : 'nophone'}`;
}

/**
 * The user the shared rendering sees: no id, no name, no phone number (only whether there is
 * one). A page that still asked the database about this user would find nobody.
 */
export function anonymousUser(user: { phone: string | null }) {
  return { id: 0, nickname: '', phone: user.phone ? '***' : null };
}

export function sharedPageCache(input: {
  route: RouteDef;
  kind: string;
  inApp: boolean;
  hasPhone: boolean;
  key: PageKeyInput;
}): string | null {
  if (!SHARED_PAGES.has(input.route.name)) return null;
  // The messaging app asks an account without a phone to bind one, by its user id.
  if (input.inApp && !input.hasPhone) return null;
  return `signed-in:${input.kind}|${pageKey(input.key)}`;
}

/**
 * Per-user values written into a shared rendering: the rendering carries a token no content can
 * forge (random per process), the response for each shopper carries their value instead.
 */
const NONCE = randomBytes(9).toString('base64url');
export const VIEWER_FILL = {
  cartCount: `fill-${NONCE}-cart`,
  userId: `fill-${NONCE}-user`,
} as const;

export interface ViewerValues {
  cartCount: number;
  /** Keys the browser's per-user storage (popup intervals, guides, the coupon check). */
  userId: number;
}

export function fillViewer(html: string, values: ViewerValues): string {
  return html
    .replaceAll(VIEWER_FILL.cartCount, String(values.cartCount))
    .replaceAll(VIEWER_FILL.userId, String(values.userId));
}

/** Where a shared rendering's tail of per-user values begins. */
const FILL_MARKER = `fill-${NONCE}-`;

export function needsFill(html: string): boolean {
  return html.includes(FILL_MARKER);
}

/**
 * The owner identity prompt of the home page (shell §4) for this user: read once per user
 * version and content version (the shop's owner is content, the user's phone is theirs).
 */
export function ownerPrompt(
  db: DbOrTx,
  shopId: string,
  viewer: { userId: number; userVersion: number },
  contentVersion: number,
): Promise<OwnerIdentity> {
  return cachedUserRead(
    viewer,
    `owner:${shopId}:${contentVersion}`,
    () => ownerIdentity(db, shopId, viewer.userId),
    USER_READ_MAX_AGE_MS,
  );
}

/**
 * How long the agreements a user is asked to accept are kept: a version published for a later
 * day takes effect without a new content version, so it shows at most this late.
 */
const AGREEMENT_READ_MAX_AGE_MS = 60_000;

/**
 * The agreements in force this user is still to accept in the shop (legal area): the prompt after
 * a new version, and the keeper's contract sign-off. Read once per user version (an acceptance
 * raises it) and content version (a publication raises it). A page with one is the user's own:
 * never a shared rendering (personal-cache, front door).
 */
export function agreementPrompts(
  db: DbOrTx,
  shopId: string,
  viewer: { userId: number; userVersion: number },
  contentVersion: number,
  member: ShopMembership | null,
): Promise<PendingAgreement[]> {
  const { key, keeper, signedContract } = agreementsKey(shopId, contentVersion, member);
  return cachedUserRead(
    viewer,
    key,
    () => pendingAgreements(db, { shopId, userId: viewer.userId, keeper, signedContract }),
    AGREEMENT_READ_MAX_AGE_MS,
  );
}

function agreementsKey(shopId: string, contentVersion: number, member: ShopMembership | null) {
  const keeper = member !== null && needsContract({ ...member, signAgreement: false });
  const signedContract = member?.signAgreement ?? false;
  const key = `agreements:${shopId}:${contentVersion}:${Number(keeper)}:${Number(signedContract)}`;
  return { key, keeper, signedContract };
}

/**
 * What the front door may answer from memory alone for a shared page: the agreements the user is
 * to accept and their cart count as held; undefined when either must be read first.
 */
export function heldViewerFill(
  shopId: string,
  viewer: { userId: number; userVersion: number },
  contentVersion: number,
  member: ShopMembership | null,
): { agreements: PendingAgreement[]; cartCount: number } | undefined {
  const agreements = heldUserRead<PendingAgreement[]>(
    viewer,
    agreementsKey(shopId, contentVersion, member).key,
    AGREEMENT_READ_MAX_AGE_MS,
  );
  if (agreements === undefined) return undefined;
  const cartCount = heldUserRead<number>(viewer, `cart-count:${shopId}`, USER_READ_MAX_AGE_MS);
  return cartCount === undefined ? undefined : { agreements, cartCount };
}

/** The shopper's cart count in the shop, read once per user version. */
export function cartCount(
  db: DbOrTx,
  shopId: string,
  viewer: { userId: number; userVersion: number },
): Promise<number> {
  return cachedUserRead(
    viewer,
    `cart-count:${shopId}`,
    () => countCartSkus(db, shopId, viewer.userId),
    USER_READ_MAX_AGE_MS,
  );
}

/**
 * The kept shared rendering for this shopper, with their values written into its tail (the
 * rendering is compressed once up to there, decision 045); null when none is fresh, or when it
 * has no short tail (sharedPage then fills it whole).
 */
export async function sharedAnswer(
  key: string,
  acceptEncoding: string | null | undefined,
  values: () => Promise<ViewerValues>,
): Promise<WireAnswer | null> {
  if (!keptMeta(key)) return null;
  return filledSharedAnswer(key, acceptEncoding, await values());
}

/** The kept shared rendering with these values written into its tail; null when none is fresh. */
export function filledSharedAnswer(
  key: string,
  acceptEncoding: string | null | undefined,
  own: ViewerValues,
): WireAnswer | null {
  return filledAnswer(key, acceptEncoding, FILL_MARKER, `${own.userId} ${own.cartCount}`, (tail) =>
    fillViewer(tail, own),
  );
}

/** The kept shared rendering for this shopper as a response, or null when none is fresh. */
export async function sharedPage(
  key: string,
  acceptEncoding: string | null,
  values: () => Promise<ViewerValues>,
): Promise<Response | null> {
  const answer = await sharedAnswer(key, acceptEncoding, values);
  if (answer) {
    return new Response(new Uint8Array(Buffer.concat(answer.body)), {
      status: answer.status,
      headers: answer.headers as Record<string, string>,
    });
  }
  const page = cachedPlainPage(key);
  if (!page) return null;
  const headers = new Headers(page.headers);
  headers.delete('content-length');
  return new Response(fillViewer(page.body.toString('utf8'), await values()), {
    status: page.status,
    headers,
  });
}

/** A shared rendering that was not kept, with this shopper's values written in. */
export async function fillResponse(
  response: Response,
  values: () => Promise<ViewerValues>,
): Promise<Response> {
  if (!response.body || !response.headers.get('content-type')?.startsWith('text/html'))
    return response;
  const html = await response.text();
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  const body = needsFill(html) ? fillViewer(html, await values()) : html;
  return new Response(body, { status: response.status, headers });
}

/**
 * One rendering at a time per shared page: shoppers arriving while it renders wait for it
 * instead of rendering the same page again (all at once when the kept one expires). A rendering
 * that fails or is not kept releases them at once (the end its start answers) or after RENDER_WAIT_MS.
 */
const RENDER_WAIT_MS = 2_000;
const rendering = new Map<string, { promise: Promise<void> }>();

export async function waitForSharedRender(key: string): Promise<void> {
  await rendering.get(key)?.promise;
}

/** Marks a rendering of the key as under way; answers the function that ends this one only. */
export function startSharedRender(key: string): () => void {
  if (rendering.has(key)) return () => {};
  const { promise, resolve } = Promise.withResolvers<void>();
  const end = () => {
    clearTimeout(timer);
    if (rendering.get(key)?.promise === promise) rendering.delete(key);
    resolve();
  };
  const timer = setTimeout(end, RENDER_WAIT_MS);
  timer.unref();
  rendering.set(key, { promise });
  return end;
}
