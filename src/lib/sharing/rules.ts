/**
 * Sharing's rules (pure, isomorphic): the share content types (shell §3), the share channel code
 * (shell §9), the default share texts, who a share link names as its sharer, the link itself, the
 * poster's address and the forwarding text a shop keeper may write (editForward).
 */
import { buildLink } from '#lib/platform/links.ts';
import { routeByName, type RouteName } from '#lib/platform/routes.ts';
import { roleLetter, type Membership } from '#lib/membership/index.ts';
import { sanitiseText } from '#lib/platform/text.ts';
import { FORWARD_TEXT_MAX, ShareType } from './channels.ts';

export * from './channels.ts';

/** A live room (9–12): which of the four is only a hint; the room's own state picks the page. */
export function isLiveRoomType(type: ShareType): boolean {
  return type >= ShareType.Living && type <= ShareType.LiveEnd;
}

/**
 * The distributorId a caller's share links carry: their own user id when they are an active shop
 * keeper of the shop (role D: distributor, not disabled), else none. Never a value from a request.
 */
export function sharerId(
  viewer: { userId: number; member: Membership | null } | null,
): number | null {
  if (!viewer) return null;
  return roleLetter(viewer.member) === 'D' ? viewer.userId : null;
}

export interface ShareTarget {
  route: RouteName;
  query?: Record<string, string | number | undefined>;
}

/**
 * The absolute link a share carries: the target page in the shop, the sharer's distributorId
 * (when there is one), the channel code and the target page's spm. Built on a clean context:
 * nothing of the page it is asked from (another sharer's id, distId=empty) enters it.
 */
export function shareLink(input: {
  origin: string;
  shopId: string;
  target: ShareTarget;
  distributorId: number | null;
  shareChannel: number;
}): string {
  const route = routeByName(input.target.route);
  const path = buildLink(
    {
      name: input.target.route,
      query: {
        ...input.target.query,
        distributorId: input.distributorId,
        shareChannel: input.shareChannel,
        spm: route?.spm,
      },
    },
    { query: new URLSearchParams({ shopId: input.shopId }), defaultShopId: input.shopId },
  );
  return `${input.origin}${path}`;
}

/** What a poster shows; its address names the sharer and the content version it was drawn for. */
export const POSTER_KINDS = ['product', 'sale', 'shop', 'live', 'coupon'] as const;
export type PosterKind = (typeof POSTER_KINDS)[number];

export function isPosterKind(value: string): value is PosterKind {
  return (POSTER_KINDS as readonly string[]).includes(value);
}

/** The poster's kind for a share content type; null for one without a poster. */
export function posterKindOf(type: ShareType): PosterKind | null {
  if (type === ShareType.Product) return 'product';
  if (type === ShareType.Activity) return 'sale';
  if (type === ShareType.Shop) return 'shop';
  if (isLiveRoomType(type)) return 'live';
  if (type === ShareType.Coupon) return 'coupon';
  return null;
}

/** /poster/{kind}/{id}.png?shopId=&d=&v=: one address per content, sharer and content version. */
export function posterPath(input: {
  kind: PosterKind;
  id: string;
  shopId: string;
  distributorId: number | null;
  contentVersion: number;
}): string {
  const query = new URLSearchParams({ shopId: input.shopId });
  if (input.distributorId !== null) query.set('d', String(input.distributorId));
  query.set('v', String(input.contentVersion));
  return `/poster/${input.kind}/${encodeURIComponent(input.id)}.png?${query.toString()}`;
}

// ---------------------------------------------------------------------------------------------
// Forwarding texts (editForward)

/** The content types a shop keeper writes a forwarding text for, with what the editor calls them. */
export const FORWARD_TYPES = [
  { type: ShareType.Shop, label: '店铺' },
  { type: ShareType.Activity, label: '品牌特卖' },
  { type: ShareType.Product, label: '商品' },
  { type: ShareType.Market, label: '会场' },
  { type: ShareType.LiveChannel, label: '直播' },
  { type: ShareType.Coupon, label: '优惠券' },
] as const;
export type ForwardType = (typeof FORWARD_TYPES)[number]['type'];

export function isForwardType(value: number): value is ForwardType {
  return FORWARD_TYPES.some((f) => f.type === value);
}

/** The forwarding text a content type uses: a super market's is the market's, a room's the live one's. */
export function forwardTypeOf(type: ShareType): ForwardType | null {
  if (type === ShareType.SuperMarket) return ShareType.Market;
  if (isLiveRoomType(type)) return ShareType.LiveChannel;
  return isForwardType(type) ? type : null;
}

export type ForwardTextCheck =
  { ok: true; text: string } | { ok: false; reason: 'empty' | 'tooLong'; text: string };

/** A forwarding text as stored: sanitised, spaces collapsed, at most FORWARD_TEXT_MAX characters. */
export function checkForwardText(input: string): ForwardTextCheck {
  const text = sanitiseText(input)
    .replace(/[ \t]+/g, ' ')
    .replace(/\n{2,}/g, '\n')
    .trim();
  if (text === '') return { ok: false, reason: 'empty', text };
  if ([...text].length > FORWARD_TEXT_MAX) return { ok: false, reason: 'tooLong', text };
  return { ok: true, text };
}
