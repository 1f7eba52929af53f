/**
 * Around a live on the embedded database with the real migrations: the channels by state and
 * type, one room with its products, 预约 idempotent and only for an upcoming room, another shop's
 * room refused, and the small window's and the school popup's room.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '#lib/platform/db/client.server.ts';
import * as t from '#lib/platform/db/schema.ts';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import {
  givenProduct,
  givenSale,
  givenShop,
  givenUser,
  type GivenShop,
} from '#tests/fixtures/given.ts';
import { readContentVersion } from '#lib/platform/content-cache.server.ts';
import { AppError } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';
import { LiveStatus, LiveType } from './status.ts';
import {
  cancelReminder,
  liveCorner,
  readChannel,
  readRoomInfo,
  readRoomPage,
  remindRoom,
} from './channel.server.ts';

let database: Database;
let db: Db;
let shop: GivenShop;
let other: GivenShop;
const HOUR = 3_600_000;
const now = Date.now();

async function givenRoom(
  shopId: string,
  liveNo: string,
  values: Partial<typeof t.liveRooms.$inferInsert> = {},
) {
  await db.insert(t.liveRooms).values({
    liveNo,
    shopId,
    title: `房间${liveNo}`,
    startAt: new Date(now - HOUR),
    hostName: '店长',
    ...values,
  });
}

beforeAll(async () => {
  database = await memoryDatabase({ seed: false });
  db = database.db;
  shop = await givenShop(db);
  other = await givenShop(db);
  const product = await givenProduct(db, await givenSale(db, shop.shopId), { priceCents: 12_300 });
  await givenRoom(shop.shopId, 'T-LIVE', {
    liveStatus: LiveStatus.Living,
    productNos: [product.productNo, 'NOPE'],
  });
  await givenRoom(shop.shopId, 'T-SOON', {
    liveStatus: LiveStatus.Preheat,
    startAt: new Date(now + 2 * HOUR),
  });
  await givenRoom(shop.shopId, 'T-REPLAY', {
    liveStatus: LiveStatus.Ended,
    startAt: new Date(now - 30 * HOUR),
    endAt: new Date(now - 28 * HOUR),
    replayUrl: '/media/replay.m3u8',
  });
  await givenRoom(shop.shopId, 'T-RADIO', {
    liveStatus: LiveStatus.Living,
    liveType: LiveType.Radio,
  });
  await givenRoom(shop.shopId, 'T-SCHOOL', {
    liveStatus: LiveStatus.Preheat,
    liveType: LiveType.School,
    startAt: new Date(now + 5 * HOUR),
  });
  await givenRoom(other.shopId, 'T-OTHER', {
    liveStatus: LiveStatus.Preheat,
    startAt: new Date(now + HOUR),
  });
});
afterAll(() => database.close());

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return { code: (error as AppError).code, message: (error as AppError).message };
};

describe('the channels', () => {
  it('list the shop’s selling rooms by state, with the page each opens', async () => {
    const channel = await readChannel(db, shop.shopId);
    expect(
      channel.sections.map((s) => [s.title, s.rooms.map((r) => [r.liveNo, r.badge, r.route])]),
    ).toEqual([
      [
        '直播中',
        expect.arrayContaining([
          ['T-LIVE', '直播中', 'living'],
          ['T-RADIO', '直播中', 'living'],
        ]),
      ],
      ['预告', [['T-SOON', '预告', 'live-preheat']]],
      ['回放', [['T-REPLAY', '回放', 'live-review']]],
    ]);
  });

  it('list one type on the radio and school channels, never another shop’s rooms', async () => {
    const radio = await readChannel(db, shop.shopId, LiveType.Radio);
    expect(radio.sections.flatMap((s) => s.rooms.map((r) => r.liveNo))).toEqual(['T-RADIO']);
    const school = await readChannel(db, shop.shopId, LiveType.School);
    expect(school.sections.flatMap((s) => s.rooms.map((r) => [r.liveNo, r.route]))).toEqual([
      ['T-SCHOOL', 'school-live-preheat'],
    ]);
    const theirs = await readChannel(db, other.shopId);
    expect(theirs.sections.flatMap((s) => s.rooms.map((r) => r.liveNo))).toEqual(['T-OTHER']);
  });
});

describe('a room', () => {
  it('shows its products priced by the catalogue, unknown numbers left out', async () => {
    const page = await readRoomPage(db, { shopId: shop.shopId, liveNo: 'T-LIVE', userId: null });
    expect(page?.products.map((p) => p.priceCents)).toEqual([12_300]);
    expect(page?.reminded).toBe(false);
  });

  it('of another shop is 直播不存在', async () => {
    expect(
      await readRoomPage(db, { shopId: shop.shopId, liveNo: 'T-OTHER', userId: null }),
    ).toBeNull();
    expect(
      await refusal(readRoomInfo(db, { shopId: shop.shopId, liveNo: 'T-OTHER', userId: null })),
    ).toEqual({ code: 49861, message: '直播不存在' });
  });
});

describe('预约', () => {
  it('keeps one row per user and room however often it is asked, and 取消 removes it', async () => {
    const user = await givenUser(db);
    const input = { shopId: shop.shopId, liveNo: 'T-SOON', userId: user.id };
    expect(await remindRoom(db, input)).toEqual({
      liveNo: 'T-SOON',
      reminded: true,
      reminderCount: 1,
    });
    expect(await remindRoom(db, input)).toEqual({
      liveNo: 'T-SOON',
      reminded: true,
      reminderCount: 1,
    });
    const second = await givenUser(db);
    expect((await remindRoom(db, { ...input, userId: second.id })).reminderCount).toBe(2);
    const rows = await db.select().from(t.liveReminders).where(eq(t.liveReminders.userId, user.id));
    expect(rows).toHaveLength(1);
    const page = await readRoomPage(db, input);
    expect([page?.reminded, page?.reminderCount]).toEqual([true, 2]);

    expect(await cancelReminder(db, input)).toEqual({
      liveNo: 'T-SOON',
      reminded: false,
      reminderCount: 1,
    });
    expect(await cancelReminder(db, input)).toEqual({
      liveNo: 'T-SOON',
      reminded: false,
      reminderCount: 1,
    });
  });

  it('is refused for a room live now or over, and for another shop’s room', async () => {
    const user = await givenUser(db);
    expect(
      await refusal(remindRoom(db, { shopId: shop.shopId, liveNo: 'T-LIVE', userId: user.id })),
    ).toEqual(Errors.LIVE_REMIND_NOT_UPCOMING);
    expect(
      await refusal(remindRoom(db, { shopId: shop.shopId, liveNo: 'T-REPLAY', userId: user.id })),
    ).toEqual(Errors.LIVE_REMIND_NOT_UPCOMING);
    expect(
      await refusal(remindRoom(db, { shopId: shop.shopId, liveNo: 'T-OTHER', userId: user.id })),
    ).toEqual(Errors.LIVE_NOT_FOUND);
    expect(
      await refusal(
        cancelReminder(db, { shopId: shop.shopId, liveNo: 'T-OTHER', userId: user.id }),
      ),
    ).toEqual(Errors.LIVE_NOT_FOUND);
    const rows = await db.select().from(t.liveReminders).where(eq(t.liveReminders.userId, user.id));
    expect(rows).toEqual([]);
  });

  it('once made stays shown after the room went live', async () => {
    const user = await givenUser(db);
    await givenRoom(shop.shopId, 'T-GOING', {
      liveStatus: LiveStatus.Preheat,
      startAt: new Date(now + HOUR),
    });
    await remindRoom(db, { shopId: shop.shopId, liveNo: 'T-GOING', userId: user.id });
    await db
      .update(t.liveRooms)
      .set({ liveStatus: LiveStatus.Living })
      .where(eq(t.liveRooms.liveNo, 'T-GOING'));
    expect(
      (await remindRoom(db, { shopId: shop.shopId, liveNo: 'T-GOING', userId: user.id })).reminded,
    ).toBe(true);
    await db
      .update(t.liveRooms)
      .set({ liveStatus: LiveStatus.Ended })
      .where(eq(t.liveRooms.liveNo, 'T-GOING'));
  });
});

describe('the small window and the school popup', () => {
  it('carry the room live now and the school’s next room, and follow a change at once', async () => {
    const corner = await liveCorner(db, await readContentVersion(db), shop.shopId);
    expect(corner.window?.liveNo).toBe('T-LIVE');
    expect(corner.window).toMatchObject({ liveTitle: '房间T-LIVE', liveStatus: 20, liveType: 10 });
    expect(corner.school?.liveNo).toBe('T-SCHOOL');
    await db
      .update(t.liveRooms)
      .set({ liveStatus: LiveStatus.Ended, endAt: new Date() })
      .where(eq(t.liveRooms.liveNo, 'T-LIVE'));
    const after = await liveCorner(db, await readContentVersion(db), shop.shopId);
    expect(after.window?.liveNo).toBe('T-RADIO');
    expect((await liveCorner(db, await readContentVersion(db), other.shopId)).school).toBeNull();
  });
});
