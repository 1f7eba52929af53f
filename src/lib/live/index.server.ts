/**
 * The live area's server door (docs/architecture.md "Doors"): the queries and commands other
 * areas and pages may call. Everything else in the folder is the area's own.
 */
export {
  cancelReminder,
  listShopRooms,
  liveCorner,
  readChannel,
  readRoomInfo,
  remindRoom,
} from './channel.server.ts';
export type { LiveCornerRooms, RoomPage } from './channel.server.ts';
export { endLive, startLive } from './host.server.ts';
export { liveReminderDue, liveReminderHeld, takeLiveReminders } from './reminder-notice.server.ts';
export { openRoomStream, roomHub } from './room-hub.server.ts';
export type { RoomStats } from './room-hub.server.ts';
export { SEGMENT_TYPE, streamSegmentsExist } from './room-stream.server.ts';
export {
  countView,
  currentLive,
  dropCoupon,
  findRoom,
  likeRoom,
  pinComment,
  postComment,
  readRoomView,
  switchProduct,
  viewerKey,
} from './room.server.ts';
export type { LiveMessage, LiveProduct, LiveRoomView } from './room.server.ts';
