/**
 * The room pages around a live (live-preheat, live-review, live-end and their school twins)
 * read their room here: `?liveNo=` of the shop, with the viewer's 预约 and the products; a room
 * in another state answers the link to its state's page; null is 直播不存在 (404).
 */
import { roomPageFor, type RoomPage } from '../channel.server.ts';
import { isOwner } from '../room.server.ts';

/** The room's page, and whether the viewer hosts it (the shop's owner: 开始直播). */
export type AroundPage = RoomPage & { host: boolean };

export async function aroundRoom(
  locals: App.Locals,
  url: URL,
): Promise<{ kind: 'elsewhere'; location: string } | { kind: 'page'; page: AroundPage | null }> {
  const { shell, database } = locals;
  const found = await roomPageFor(database.db, {
    shopId: shell.shop.shopId,
    liveNo: url.searchParams.get('liveNo'),
    userId: shell.user?.id ?? null,
    route: shell.route.name,
  });
  if (found.kind === 'elsewhere') {
    return {
      kind: 'elsewhere',
      location: shell.link({ name: found.route, query: { liveNo: found.liveNo } }),
    };
  }
  if (found.kind !== 'page') return { kind: 'page', page: null };
  const host =
    shell.user !== null && (await isOwner(database.db, shell.shop.shopId, shell.user.id));
  return { kind: 'page', page: { ...found.page, host } };
}
