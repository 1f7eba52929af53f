/**
 * Live rooms (shell §3 small live-room data): liveStatus says where the room is in its life, and
 * liveType 30 marks a school live (the shop keepers' business school).
 */
export const LiveStatus = {
  Preheat: 10,
  Living: 20,
  /** Over; shown as a replay when the room has a replay URL. */
  Ended: 30,
} as const;
export type LiveStatus = (typeof LiveStatus)[keyof typeof LiveStatus];

export const LiveType = {
  Normal: 10,
  /** 电台: the radio channel's audio-only rooms (ours; the spec names only 30). */
  Radio: 20,
  School: 30,
} as const;
export type LiveType = (typeof LiveType)[keyof typeof LiveType];

/** What a live_messages row records. */
export const LiveMessageKind = {
  Comment: 'comment',
  /** The host switched the product being explained (讲解中). */
  Product: 'product',
  /** The host pinned a comment (or unpinned: messageId null). */
  Pin: 'pin',
  /** The host dropped a coupon popup in the room. */
  Coupon: 'coupon',
} as const;
export type LiveMessageKind = (typeof LiveMessageKind)[keyof typeof LiveMessageKind];
