/**
 * The live room on the embedded database with the real migrations and the demo rooms: the small
 * live-room data, comments (limits, filter, rate from stored comments), likes, the host's
 * actions and who may take them, and the stream's resume after an id.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#lib/platform/db/client.server.ts';
import * as t from '#lib/platform/db/schema.ts';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import { givenShop } from '#tests/fixtures/given.ts';
import { demoPhones } from '#demo/handles.ts';
import { Errors } from '#lib/errors.ts';
import type { ServerEvent } from '#lib/platform/sse.server.ts';
import {
  currentLive,
  dropCoupon,
  likeRoom,
  pinComment,
  postComment,
  readRoomView,
  switchProduct,
  countView,
  findRoom,
  type LiveMessage,
} from './room.server.ts';
import { openRoomStream, roomHub } from './room-hub.server.ts';

let database: Database;
let owner: number;
let shopper: number;
let other: number;
let clock = Date.parse('2026-11-21T05:00:00Z');
/** Each comment a few seconds after the last, so the rate limit never bites unless asked. */
const later = (ms = 3_000) => new Date((clock += ms));

beforeAll(async () => {
  database = await memoryDatabase();
  const id = async (phone: string) =>
    (await database.db.select().from(t.users).where(eq(t.users.phone, phone)))[0]!.id;
  owner = await id(demoPhones.owner1001);
  shopper = await id(demoPhones.consumer);
  const [row] = await database.db
    .insert(t.users)
    .values({ phone: '13799990001', nickname: '小鹿🦌粉丝<b>' })
    .returning({ id: t.users.id });
  other = row!.id;
}, 120_000);
afterAll(async () => {
  await roomHub(database).close();
  await database.close();
});

const room = { liveNo: 'L1001001', shopId: '1001' };
const refusal = (entry: { code: number; message: string }) =>
  expect.objectContaining({ code: entry.code, message: entry.message });

describe('the small live-room data', () => {
  it("answers the shop's normal room live now, and null for a shop with none", async () => {
    expect(await currentLive(database.db, '1001')).toMatchObject({
      liveNo: 'L1001001',
      liveTitle: '森野冬季新品首发',
      liveStatus: 20,
      liveType: 10,
    });
    expect(await currentLive(database.db, '1002')).toMatchObject({
      liveNo: 'L1002001',
      liveStatus: 20,
    });
    const shop = await givenShop(database.db);
    expect(await currentLive(database.db, shop.shopId)).toBeNull();
  });

  it('treats a room of a closed shop or another shop as not found', async () => {
    await expect(findRoom(database.db, 'L1001001', '1002')).rejects.toThrow(
      refusal(Errors.LIVE_ROOM_NOT_FOUND),
    );
    await database.db.update(t.shops).set({ status: 0 }).where(eq(t.shops.id, '1001'));
    try {
      expect(await currentLive(database.db, '1001')).toBeNull();
      await expect(findRoom(database.db, 'L1001001')).rejects.toThrow(
        refusal(Errors.LIVE_ROOM_NOT_FOUND),
      );
    } finally {
      await database.db.update(t.shops).set({ status: 1 }).where(eq(t.shops.id, '1001'));
    }
  });
});

describe('comments', () => {
  it('stores a trimmed comment with the sanitised name and publishes it on the bus', async () => {
    const heard: unknown[] = [];
    const stop = await database.bus.subscribe('live', (m) => heard.push(m));
    const message = await postComment(database, {
      ...room,
      userId: other,
      text: '  这件冲锋衣有M码吗  ',
      now: later(),
    });
    expect(message).toMatchObject({
      kind: 'comment',
      nickName: '小鹿粉丝b',
      body: { text: '这件冲锋衣有M码吗' },
    });
    await expect
      .poll(() => heard)
      .toContainEqual(expect.objectContaining({ id: message.id, kind: 'comment' }));
    stop();
    const view = await readRoomView(database.db, { ...room, userId: shopper });
    expect(view.messages.at(-1)).toEqual(message);
    expect(view.isHost).toBe(false);
  });

  it('refuses 51 characters, takes 50, and refuses a filtered word', async () => {
    await expect(
      postComment(database, { ...room, userId: shopper, text: '好'.repeat(51), now: later() }),
    ).rejects.toThrow(refusal(Errors.LIVE_COMMENT_TOO_LONG));
    await postComment(database, {
      ...room,
      userId: shopper,
      text: ` ${'好'.repeat(50)} `,
      now: later(),
    });
    await expect(
      postComment(database, { ...room, userId: shopper, text: '主播 傻 逼', now: later() }),
    ).rejects.toThrow(refusal(Errors.LIVE_COMMENT_FILTERED));
    await expect(
      postComment(database, { ...room, userId: shopper, text: '   ', now: later() }),
    ).rejects.toThrow(refusal(Errors.LIVE_COMMENT_EMPTY));
  });

  it('allows one comment per 2 s and 10 a minute, counted from the stored comments', async () => {
    const [user] = await database.db
      .insert(t.users)
      .values({ phone: '13799990002', nickname: '快嘴' })
      .returning({ id: t.users.id });
    const start = later(120_000).getTime();
    const at = (ms: number) => new Date(start + ms);
    await postComment(database, { ...room, userId: user!.id, text: '第1条', now: at(0) });
    await expect(
      postComment(database, { ...room, userId: user!.id, text: '太快', now: at(1_999) }),
    ).rejects.toThrow(refusal(Errors.LIVE_COMMENT_TOO_FAST));
    for (let i = 1; i < 10; i += 1) {
      await postComment(database, {
        ...room,
        userId: user!.id,
        text: `第${i + 1}条`,
        now: at(i * 2_000),
      });
    }
    await expect(
      postComment(database, { ...room, userId: user!.id, text: '第11条', now: at(20_000) }),
    ).rejects.toThrow(refusal(Errors.LIVE_COMMENT_TOO_MANY));
    // A minute after the first, one more is allowed.
    await postComment(database, { ...room, userId: user!.id, text: '又来了', now: at(60_001) });
  });

  it('refuses a comment stamped before one another process stored later (decision 036)', async () => {
    const [user] = await database.db
      .insert(t.users)
      .values({ phone: '13799990003', nickname: '两个进程' })
      .returning({ id: t.users.id });
    const start = later(120_000).getTime();
    // Process A read its clock later but took the user's lock first; B read 1 s earlier.
    await postComment(database, { ...room, userId: user!.id, text: 'A', now: new Date(start) });
    await expect(
      postComment(database, { ...room, userId: user!.id, text: 'B', now: new Date(start - 1_000) }),
    ).rejects.toThrow(refusal(Errors.LIVE_COMMENT_TOO_FAST));
    clock = start + 120_000;
  });

  it('refuses a comment in a room that is not live', async () => {
    await expect(
      postComment(database, {
        liveNo: 'L1001002',
        shopId: '1001',
        userId: shopper,
        text: '开播了吗',
        now: later(),
      }),
    ).rejects.toThrow(refusal(Errors.LIVE_NOT_LIVING));
  });
});

describe('likes', () => {
  it('adds a batch in one update, capped at 50', async () => {
    const before = (await findRoom(database.db, 'L1001001')).likeCount;
    expect(await likeRoom(database, { ...room, userId: shopper, count: 7 })).toEqual({
      likes: before + 7,
    });
    expect(await likeRoom(database, { ...room, userId: shopper, count: 500 })).toEqual({
      likes: before + 57,
    });
  });

  it("counts at most 200 of a user's likes of a room in 10 s, the rest dropped", async () => {
    const start = Date.parse('2026-11-27T08:00:00Z');
    const like = (count: number, ms: number) =>
      likeRoom(database, { ...room, userId: other, count, now: new Date(start + ms) });
    const before = (await findRoom(database.db, 'L1001001')).likeCount;
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => like(50, i)));
    expect(Math.max(...answers.map((a) => a.likes))).toBe(before + 200);
    expect((await findRoom(database.db, 'L1001001')).likeCount).toBe(before + 200);
    // Another user has a window of their own; the first user's starts again after 10 s.
    expect(await likeRoom(database, { ...room, userId: owner, count: 5 })).toEqual({
      likes: before + 205,
    });
    expect(await like(50, 9_999)).toEqual({ likes: before + 205 });
    expect(await like(50, 10_000)).toEqual({ likes: before + 255 });
  });
});

describe('views', () => {
  it('counts a viewer once per room in 30 minutes, a user by id, anyone else by address', async () => {
    const roomId = (await findRoom(database.db, 'L1001001')).id;
    const views = async () => (await findRoom(database.db, 'L1001001')).viewCount;
    const before = await views();
    const t0 = new Date('2026-11-27T08:00:00Z');
    const after = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);
    await Promise.all(
      Array.from({ length: 20 }, () => countView(database, roomId, 'c:203.0.113.50', t0)),
    );
    await countView(database, roomId, `u:${shopper}`, t0);
    expect(await views()).toBe(before + 2);
    expect((await countView(database, roomId, `u:${shopper}`, after(29.9))).views).toBe(before + 2);
    expect((await countView(database, roomId, `u:${shopper}`, after(30))).views).toBe(before + 3);
    // Another room is another view.
    const other = (await findRoom(database.db, 'L1001002')).id;
    await countView(database, other, `u:${shopper}`, t0);
    expect(await views()).toBe(before + 3);
  });
});

describe("the host's actions", () => {
  it('are refused to anybody but the shop owner', async () => {
    await expect(
      switchProduct(database, { ...room, userId: shopper, productNo: 'x' }),
    ).rejects.toThrow(refusal(Errors.LIVE_NOT_HOST));
    await expect(
      pinComment(database, { ...room, userId: shopper, messageId: null }),
    ).rejects.toThrow(refusal(Errors.LIVE_NOT_HOST));
    await expect(dropCoupon(database, { ...room, userId: shopper })).rejects.toThrow(
      refusal(Errors.LIVE_NOT_HOST),
    );
  });

  it('switch the product to one of the room, and no other', async () => {
    const view = await readRoomView(database.db, { ...room, userId: owner });
    expect(view.isHost).toBe(true);
    const second = view.products[1]!.productNo;
    const message = await switchProduct(database, { ...room, userId: owner, productNo: second });
    expect(message).toMatchObject({ kind: 'product', body: { productNo: second } });
    const after = await readRoomView(database.db, { ...room, userId: null });
    expect(after.currentProductNo).toBe(second);
    expect(after.products.filter((p) => p.explaining).map((p) => p.productNo)).toEqual([second]);
    await expect(
      switchProduct(database, { ...room, userId: owner, productNo: 'P-NOT-HERE' }),
    ).rejects.toThrow(refusal(Errors.LIVE_PRODUCT_NOT_IN_ROOM));
  });

  it("pin one of the room's comments, and unpin", async () => {
    const comment = await postComment(database, {
      ...room,
      userId: shopper,
      text: '置顶我',
      now: later(),
    });
    const pin = await pinComment(database, { ...room, userId: owner, messageId: comment.id });
    expect(pin.body).toEqual({ messageId: comment.id, nickName: comment.nickName, text: '置顶我' });
    expect((await readRoomView(database.db, { ...room, userId: null })).pinned?.id).toBe(
      comment.id,
    );
    await pinComment(database, { ...room, userId: owner, messageId: null });
    expect((await readRoomView(database.db, { ...room, userId: null })).pinned).toBeNull();
    await expect(
      pinComment(database, { ...room, userId: owner, messageId: pin.id }),
    ).rejects.toThrow(refusal(Errors.LIVE_MESSAGE_NOT_FOUND));
  });

  it('drop the live coupon popup only when the room has one', async () => {
    const popup = await database.db
      .select({ id: t.couponPopups.id })
      .from(t.couponPopups)
      .where(eq(t.couponPopups.liveNo, 'L1001001'));
    if (popup.length === 0) {
      await expect(dropCoupon(database, { ...room, userId: owner })).rejects.toThrow(
        refusal(Errors.LIVE_NO_COUPON),
      );
    } else {
      expect(await dropCoupon(database, { ...room, userId: owner })).toMatchObject({
        kind: 'coupon',
        body: { popupId: popup[0]!.id },
      });
    }
  });
});

describe('the stream', () => {
  let viewers = 0;
  async function open(after: number | null) {
    const events: ServerEvent[] = [];
    const roomId = (await findRoom(database.db, 'L1001001')).id;
    // Each opening a viewer of its own: a view is counted once per viewer.
    const viewer = `c:198.51.100.${(viewers += 1)}`;
    const leave = await openRoomStream(database, {
      roomId,
      after,
      send: (e) => events.push(e),
      countView: () => countView(database, roomId, viewer),
    });
    const messages = () =>
      events.filter((e) => e.event === 'message').map((e) => (e.data as LiveMessage).id);
    return { events, leave, messages };
  }

  it('says hello, replays what was stored after the id, then passes live messages once', async () => {
    const first = await postComment(database, {
      ...room,
      userId: shopper,
      text: '一',
      now: later(),
    });
    const second = await postComment(database, {
      ...room,
      userId: shopper,
      text: '二',
      now: later(),
    });
    const views = (await findRoom(database.db, 'L1001001')).viewCount;
    const stream = await open(first.id);
    expect(stream.events[0]).toMatchObject({ event: 'hello', data: { views: views + 1 } });
    expect(stream.events[0]!.id).toBeUndefined();
    expect(stream.messages()).toEqual([second.id]);
    const third = await postComment(database, { ...room, userId: other, text: '三', now: later() });
    await expect.poll(() => stream.messages()).toEqual([second.id, third.id]);
    const event = stream.events.find((e) => e.id === third.id)!;
    expect(event).toMatchObject({ event: 'message', data: { body: { text: '三' } } });
    stream.leave();
    const fourth = await postComment(database, {
      ...room,
      userId: other,
      text: '四',
      now: later(),
    });
    // Gone: nothing more arrives; a reconnect after the last id gets what was missed.
    const again = await open(third.id);
    expect(again.messages()).toEqual([fourth.id]);
    expect(stream.messages()).toEqual([second.id, third.id]);
    again.leave();
  });

  it('counts the streams open in this process as online', async () => {
    const roomId = (await findRoom(database.db, 'L1001001')).id;
    const a = await open(null);
    const b = await open(null);
    expect(roomHub(database).online(roomId)).toBe(2);
    a.leave();
    expect(roomHub(database).online(roomId)).toBe(1);
    b.leave();
    expect(roomHub(database).online(roomId)).toBe(0);
    expect(a.messages()).toEqual([]);
    await database.db.execute(sql`select 1`);
  });
});
