/**
 * Sharing's constants: content types (shell §3), channels and texts (shell §9), the forwarding
 * text's length. No imports, so the browser's share sheet and the contracts read them without
 * the route table.
 */

/** Shell §3: 1 shop, 2 and 7 market, 3 activity, 6 product, 8 live channel, 9–12 live, 13 material, 14 coupon. */
export const ShareType = {
  Shop: 1,
  Market: 2,
  Activity: 3,
  Product: 6,
  SuperMarket: 7,
  LiveChannel: 8,
  Living: 9,
  LivePreheat: 10,
  LiveReview: 11,
  LiveEnd: 12,
  Material: 13,
  Coupon: 14,
} as const;
export type ShareType = (typeof ShareType)[keyof typeof ShareType];
export const SHARE_TYPES: readonly ShareType[] = Object.values(ShareType);

export function isShareType(value: number): value is ShareType {
  return (SHARE_TYPES as readonly number[]).includes(value);
}

/** The longest forwarding text, in characters. */
export const FORWARD_TEXT_MAX = 100;

/** Shell §9: the channel a share goes out by. */
export const ChannelType = { h5: 1, mini: 2, link: 3 } as const;
export type ChannelType = (typeof ChannelType)[keyof typeof ChannelType];
export const CHANNEL_TYPES: readonly ChannelType[] = Object.values(ChannelType);

/** The poster's number in a channel code: 0 is no poster (a card or a link), 1 the server's poster. */
export const POSTER_NO = 1;
export const MAX_POSTER_NO = 9;

/** Shell §9: share channel code = 100 + 10 × channel type (h5 1, mini 2, link 3) + post number. */
export function shareChannelCode(channelType: ChannelType, postNo = 0): number {
  if (!CHANNEL_TYPES.includes(channelType)) throw new RangeError(`channel type ${channelType}`);
  if (!Number.isInteger(postNo) || postNo < 0 || postNo > MAX_POSTER_NO) {
    throw new RangeError(`post number ${postNo}`);
  }
  return 100 + 10 * channelType + postNo;
}

/** The codes of this site's three ways out: the in-app card, a copied link, the poster's QR code. */
export const ShareChannel = {
  card: shareChannelCode(ChannelType.h5),
  link: shareChannelCode(ChannelType.link),
  poster: shareChannelCode(ChannelType.h5, POSTER_NO),
} as const;

/** Shell §9: the text of a default (in-app card) share, else the poster's 长按保存. */
export const DEFAULT_SHARE_TEXT = '微信默认分享';
export const POSTER_SHARE_TEXT = '长按保存';
export function shareModeText(defaultShare: boolean): string {
  return defaultShare ? DEFAULT_SHARE_TEXT : POSTER_SHARE_TEXT;
}
