/**
 * The demo stream of the live rooms (issue #16): HLS segments made here, stored as media rows
 * (video/mp2t, served by /media/{id}), played through the playlists of /api/live/hls/… —
 * live rooms get the live playlist (the loop runs with the clock), ended rooms with a replay get
 * the replay. With Debian's ffmpeg on PATH: a test pattern with a 440 Hz tone, 8 segments of
 * 2 s, 360×640, about 300 kbit/s. Without it: the pure-TypeScript fallback of room-stream.ts
 * (I_PCM H.264, 96×160 at 5 fps, no sound). Also the live room's coupon popup (发券).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { LiveStatus } from '#lib/live/index.ts';
import { SEGMENT_SECONDS, pcmSegments, streamPath } from '#lib/live/index.ts';
import { SEGMENT_TYPE } from '#lib/live/index.server.ts';
import type { Tx } from '#lib/platform/db/client.server.ts';
import * as t from '#lib/platform/db/schema.ts';
import { COUPONS } from './plan.ts';

export const DEMO_SEGMENTS = 8;
/** The ended room without a replay. */
const NO_REPLAY = 'L1001004';
const DAY = 86_400_000;

/** ffmpeg's segments, or null when there is no ffmpeg (or it failed). */
function ffmpegSegments(): Uint8Array[] | null {
  if (process.env['LIVE_DEMO_FFMPEG'] === '0') return null;
  const probe = spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' });
  if (probe.error || probe.status !== 0) return null;
  const dir = mkdtempSync(path.join(tmpdir(), 'live-demo-'));
  try {
    const seconds = DEMO_SEGMENTS * SEGMENT_SECONDS;
    const fps = 25;
    const result = spawnSync(
      'ffmpeg',
      [
        ...['-hide_banner', '-loglevel', 'error', '-nostdin'],
        ...['-f', 'lavfi', '-i', `testsrc2=size=360x640:rate=${fps}`],
        ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100'],
        ...[
          '-t',
          String(seconds),
          '-c:v',
          'libx264',
          '-profile:v',
          'baseline',
          '-preset',
          'veryfast',
        ],
        ...['-b:v', '250k', '-maxrate', '300k', '-bufsize', '600k', '-pix_fmt', 'yuv420p'],
        ...['-g', String(fps * SEGMENT_SECONDS), '-keyint_min', String(fps * SEGMENT_SECONDS)],
        ...['-sc_threshold', '0', '-c:a', 'aac', '-b:a', '48k', '-ac', '1'],
        ...['-f', 'hls', '-hls_time', String(SEGMENT_SECONDS), '-hls_list_size', '0'],
        ...['-hls_segment_filename', path.join(dir, 'seg%d.ts'), path.join(dir, 'index.m3u8')],
      ],
      { stdio: 'ignore', timeout: 60_000 },
    );
    if (result.status !== 0) return null;
    return Array.from({ length: DEMO_SEGMENTS }, (_, i) =>
      Uint8Array.from(readFileSync(path.join(dir, `seg${i}.ts`))),
    );
  } catch {
    return null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Made once per process: every seeding (tests seed often) stores the same bytes. */
let made: { segments: Uint8Array[]; width: number; height: number } | null = null;
function demoSegments() {
  if (!made) {
    const real = ffmpegSegments();
    made = real
      ? { segments: real, width: 360, height: 640 }
      : { segments: pcmSegments(DEMO_SEGMENTS), width: 96, height: 160 };
  }
  return made;
}

export async function seedLiveStreams(tx: Tx, now: Date): Promise<void> {
  const { segments, width, height } = demoSegments();
  const rows = await tx
    .insert(t.media)
    .values(segments.map((bytes) => ({ contentType: SEGMENT_TYPE, bytes, width, height })))
    .returning({ id: t.media.id });
  const ids = rows.map((r) => r.id);
  // One insert numbers its rows one after the other: the playlists name the first and the count.
  const first = ids[0]!;
  if (ids.some((id, i) => id !== first + i)) throw new Error('Demo segments are not consecutive');

  await tx
    .update(t.liveRooms)
    .set({ streamUrl: streamPath(first, ids.length, 'live') })
    .where(eq(t.liveRooms.liveStatus, LiveStatus.Living));
  // Every ended room has its replay but L1001004, which shows 已结束 (live-end).
  await tx
    .update(t.liveRooms)
    .set({ replayUrl: streamPath(first, ids.length, 'vod') })
    .where(and(eq(t.liveRooms.liveStatus, LiveStatus.Ended), ne(t.liveRooms.liveNo, NO_REPLAY)));

  // 发券 in the room live now: the brand's coupon and the shop's.
  const coupons = await tx
    .select({ id: t.coupons.id, couponNo: t.coupons.couponNo })
    .from(t.coupons)
    .where(inArray(t.coupons.couponNo, [COUPONS['1001'].senyeBrand, COUPONS['1001'].shopWide]));
  const [popup] = await tx
    .insert(t.couponPopups)
    .values({
      shopId: '1001',
      pageCode: 'live_page',
      liveNo: 'L1001001',
      popType: 0,
      title: '直播间专享券',
      popDesc: '主播发券啦，领取后下单立减',
      brandName: '森野',
      intervalMinutes: 0,
      startsAt: new Date(now.getTime() - DAY),
      endsAt: new Date(now.getTime() + 30 * DAY),
    })
    .returning({ id: t.couponPopups.id });
  await tx
    .insert(t.couponPopupCoupons)
    .values(coupons.map((coupon, i) => ({ popupId: popup!.id, couponId: coupon.id, sort: i + 1 })));
}
