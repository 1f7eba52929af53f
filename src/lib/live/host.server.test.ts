/**
 * 开始直播 and 结束直播 on the embedded database with the real migrations and the demo rooms: only
 * the shop's owner, only from the right state, a second tap changes nothing and says so, the
 * stream and the replay are the demo stream's segments, the viewers hear `ended`; and the
 * reminder of a 预约'd room that went live, taken once.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#lib/platform/db/client.server.ts';
import * as t from '#lib/platform/db/schema.ts';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import { demoPhones } from '#demo/handles.ts';
import { readContentVersion } from '#lib/platform/content-cache.server.ts';
import { Errors } from '#lib/errors.ts';
import type { ServerEvent } from '#lib/platform/sse.server.ts';
import { countView, findRoom } from './room.server.ts';
import { openRoomStream, roomHub } from './room-hub.server.ts';
import { endLive, startLive } from './host.server.ts';
import { remindRoom } from './channel.server.ts';
import { liveReminderDue, takeLiveReminders } from './reminder-notice.server.ts';
import { streamOfUrl } from './room-stream.ts';

let database: Database;
const users: Record<'owner' | 'manager' | 'consumer' | 'otherOwner', number> = {
  owner: 0,
  manager: 0,
  consumer: 0,
  otherOwner: 0,
};

beforeAll(async () => {
  database = await memoryDatabase();
  const id = async (phone: string) =>
    (await database.db.select().from(t.users).where(eq(t.users.phone, phone)))[0]!.id;
  users.owner = await id(demoPhones.owner1001);
  users.manager = await id(demoPhones.manager1001);
  users.consumer = await id(demoPhones.consumer);
  users.otherOwner = await id(demoPhones.owner1002);
}, 120_000);
afterAll(async () => {
  await roomHub(database).close();
  await database.close();
});

const preheat = { liveNo: 'L1001002', shopId: '1001' };
const refusal = (entry: { code: number; message: string }) =>
  expect.objectContaining({ code: entry.code, message: entry.message });
const row = async (liveNo: string) =>
  (await database.db.select().from(t.liveRooms).where(eq(t.liveRooms.liveNo, liveNo)))[0]!;
const demo = async () => streamOfUrl((await row('L1001001')).streamUrl)!;
const who = async (userId: number) => {
  const [version] = await database.db
    .select({ version: t.userVersions.version })
    .from(t.userVersions)
    .where(eq(t.userVersions.userId, userId));
  return {
    shopId: '1001',
    userId,
    userVersion: version?.version ?? 0,
    contentVersion: await readContentVersion(database.db),
  };
};

describe('开始直播', () => {
  it('refuses everyone but the shop owner the same way, and changes nothing', async () => {
    const before = await row('L1001002');
    for (const userId of [users.manager, users.consumer, users.otherOwner]) {
      await expect(startLive(database, { ...preheat, userId })).rejects.toThrow(
        refusal(Errors.LIVE_NOT_HOST),
      );
    }
    // The other shop's owner asking as their own shop: the room is not there.
    await expect(
      startLive(database, { liveNo: 'L1001002', shopId: '1002', userId: users.otherOwner }),
    ).rejects.toThrow(refusal(Errors.LIVE_ROOM_NOT_FOUND));
    expect(await row('L1001002')).toEqual(before);
  });

  it('takes a 预约 before, and the reminder is not due while the room is a preheat', async () => {
    await remindRoom(database.db, { ...preheat, userId: users.consumer });
    expect(await liveReminderDue(database.db, await who(users.consumer))).toBe(false);
    expect(await takeLiveReminders(database.db, await who(users.consumer))).toEqual([]);
  });

  it('puts the preheat room live now with the demo stream; a second start says so', async () => {
    const now = new Date('2026-11-25T02:00:00Z');
    const stream = await demo();
    const started = await startLive(database, { ...preheat, userId: users.owner, now });
    expect(started).toEqual({
      liveNo: 'L1001002',
      liveStatus: 20,
      route: 'living',
      streamUrl: `/api/live/hls/${stream.first}-${stream.count}/live.m3u8`,
      replayUrl: null,
    });
    const after = await row('L1001002');
    expect(after.startAt).toEqual(now);
    expect(after.liveStatus).toBe(20);

    await expect(
      startLive(database, { ...preheat, userId: users.owner, now: new Date() }),
    ).rejects.toThrow(refusal(Errors.LIVE_ALREADY_STARTED));
    expect(await row('L1001002')).toEqual(after);
  });

  it('refuses to end a room that has not started', async () => {
    const before = await row('L1001006');
    await expect(
      endLive(database, { liveNo: 'L1001006', shopId: '1001', userId: users.owner }),
    ).rejects.toThrow(refusal(Errors.LIVE_NOT_STARTED));
    expect(await row('L1001006')).toEqual(before);
  });
});

describe('the reminder of a 预约 kept', () => {
  it('is due once the room is live, taken once, and nobody else has one', async () => {
    expect(await liveReminderDue(database.db, await who(users.consumer))).toBe(true);
    expect(await liveReminderDue(database.db, await who(users.manager))).toBe(false);
    expect(await takeLiveReminders(database.db, await who(users.consumer))).toEqual([
      { liveNo: 'L1001002', title: (await row('L1001002')).title, route: 'living' },
    ]);
    expect(await liveReminderDue(database.db, await who(users.consumer))).toBe(false);
    expect(await takeLiveReminders(database.db, await who(users.consumer))).toEqual([]);
    // Of this shop only.
    expect(
      await liveReminderDue(database.db, { ...(await who(users.consumer)), shopId: '1002' }),
    ).toBe(false);
  });
});

describe('结束直播', () => {
  async function watch(liveNo: string) {
    const events: ServerEvent[] = [];
    const roomId = (await findRoom(database.db, liveNo)).id;
    const leave = await openRoomStream(database, {
      roomId,
      after: 0,
      send: (e) => events.push(e),
      countView: () => countView(database, roomId, 'c:203.0.113.9'),
    });
    return { events, leave, ended: () => events.filter((e) => e.event === 'ended').length };
  }

  it('refuses everyone but the owner; the viewers hear nothing', async () => {
    const viewer = await watch('L1001002');
    const before = await row('L1001002');
    for (const userId of [users.manager, users.consumer]) {
      await expect(endLive(database, { ...preheat, userId })).rejects.toThrow(
        refusal(Errors.LIVE_NOT_HOST),
      );
    }
    expect(await row('L1001002')).toEqual(before);
    expect(viewer.ended()).toBe(0);
    viewer.leave();
  });

  it('ends the live now with the replay of its segments, and every viewer hears `ended`', async () => {
    const viewer = await watch('L1001002');
    expect(viewer.events[0]).toMatchObject({ event: 'hello' });
    const stream = await demo();
    const now = new Date('2026-11-25T03:00:00Z');
    expect(await endLive(database, { ...preheat, userId: users.owner, now })).toEqual({
      liveNo: 'L1001002',
      liveStatus: 30,
      route: 'live-review',
      streamUrl: `/api/live/hls/${stream.first}-${stream.count}/live.m3u8`,
      replayUrl: `/api/live/hls/${stream.first}-${stream.count}/vod.m3u8`,
    });
    await expect.poll(() => viewer.ended()).toBe(1);
    expect(viewer.events.at(-1)).toEqual({ event: 'ended', data: {} });
    viewer.leave();
    const after = await row('L1001002');
    expect(after.endAt).toEqual(now);

    // A second end, or a start of the ended room: nothing changes, and it says so.
    await expect(endLive(database, { ...preheat, userId: users.owner })).rejects.toThrow(
      refusal(Errors.LIVE_ALREADY_ENDED),
    );
    await expect(startLive(database, { ...preheat, userId: users.owner })).rejects.toThrow(
      refusal(Errors.LIVE_ALREADY_ENDED),
    );
    expect(await row('L1001002')).toEqual(after);
  });

  it('tells a viewer who opens the stream of an ended room at once', async () => {
    const late = await watch('L1001002');
    expect(late.events.map((e) => e.event)).toEqual(['hello', 'ended']);
    late.leave();
  });
});
