/**
 * The live area's door (docs/architecture.md "Doors"): what pages, islands and other areas may
 * use: contracts, errors, statuses, rules and view types. Browser-safe: no server module.
 */
export { LiveChannelContracts } from './channel-contracts.ts';
export { LiveChannelErrors } from './channel-errors.ts';
export {
  CHANNEL_REPLAYS_MAX,
  channelRouteOf,
  channelTypes,
  durationText,
  formatCount,
  groupRooms,
  hotCourses,
  rankHosts,
  startText,
  stateBadge,
} from './channel.ts';
export type { ChannelRoom } from './channel.ts';
export { LiveContracts } from './live-contracts.ts';
export * as LiveChannelEndpoints from './channel-endpoints.ts';
export * as LiveEndpoints from './live-endpoints.ts';
export { LiveErrors } from './live-errors.ts';
export {
  DOCKED_COVER_WIDTH,
  DOCKED_HEIGHT,
  dockedSpot,
  liveWindowClosedKey,
  liveWindowSpot,
  showsLiveWindow,
  showsSchoolPopup,
} from './live-window.ts';
export type { ScreenBox } from './live-window.ts';
export {
  SEGMENT_SECONDS,
  livePlaylist,
  parseStream,
  pcmSegments,
  streamOfUrl,
  streamPath,
  vodPlaylist,
} from './room-stream.ts';
export { LATEST_MESSAGES, LIKE_BATCH_MAX, LIKE_FLUSH_MS, checkComment } from './room.ts';
export { isLiveRoomRoute, liveRoute } from './routes.ts';
export { LiveStatus, LiveType } from './status.ts';
