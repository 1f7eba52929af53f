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
  School: 30,
} as const;
export type LiveType = (typeof LiveType)[keyof typeof LiveType];
