import { describe, expect, it } from 'vitest';
import {
  SEGMENT_SECONDS,
  livePlaylist,
  parseStream,
  pcmSegments,
  streamOfUrl,
  streamPath,
  vodPlaylist,
} from './room-stream.ts';

const entries = (playlist: string) => playlist.split('\n').filter((l) => l.startsWith('/media/'));

describe('the live playlist', () => {
  it('lists the last 4 segments of the loop by the clock, the sequence from the time', () => {
    const at = (seconds: number) => livePlaylist(100, 8, seconds * 1000);
    const first = at(20);
    expect(first).toContain('#EXT-X-MEDIA-SEQUENCE:7\n');
    expect(first).toContain('#EXT-X-DISCONTINUITY-SEQUENCE:0\n');
    expect(entries(first)).toEqual(['/media/107', '/media/100', '/media/101', '/media/102']);
    // The loop starts again after /media/107: a discontinuity there.
    expect(first).toMatch(/\/media\/107\n#EXT-X-DISCONTINUITY\n#EXTINF:2.000,\n\/media\/100/);
    expect(first).not.toContain('#EXT-X-ENDLIST');
    // Two seconds later the window moved by one segment.
    const next = at(20 + SEGMENT_SECONDS);
    expect(next).toContain('#EXT-X-MEDIA-SEQUENCE:8\n');
    expect(next).toContain('#EXT-X-DISCONTINUITY-SEQUENCE:1\n');
    expect(entries(next)).toEqual(['/media/100', '/media/101', '/media/102', '/media/103']);
    expect(next).not.toContain('#EXT-X-DISCONTINUITY\n');
  });

  it('gives the replay every segment once, then the end', () => {
    const vod = vodPlaylist(5, 3);
    expect(entries(vod)).toEqual(['/media/5', '/media/6', '/media/7']);
    expect(vod).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(vod.trim().endsWith('#EXT-X-ENDLIST')).toBe(true);
  });

  it('names its segments in the path, and refuses anything else', () => {
    expect(streamPath(491, 8, 'live')).toBe('/api/live/hls/491-8/live.m3u8');
    expect(parseStream('491-8')).toEqual({ first: 491, count: 8 });
    expect(parseStream('0-8')).toBeNull();
    expect(parseStream('1-0')).toBeNull();
    expect(parseStream('1-8-9')).toBeNull();
  });
});

describe('the I_PCM fallback stream', () => {
  const [segment] = pcmSegments(1);

  it('is MPEG-TS: 188-byte packets, PAT and PMT first, continuity counters in order', () => {
    expect(segment!.length % 188).toBe(0);
    const packets = Array.from({ length: segment!.length / 188 }, (_, i) =>
      segment!.subarray(i * 188, i * 188 + 188),
    );
    expect(packets.every((p) => p[0] === 0x47)).toBe(true);
    const pid = (p: Uint8Array) => ((p[1]! & 0x1f) << 8) | p[2]!;
    expect(packets.slice(0, 2).map(pid)).toEqual([0, 0x1000]);
    const video = packets.filter((p) => pid(p) === 0x100);
    video.forEach((p, i) => expect(p[3]! & 0x0f).toBe(i % 16));
    // One PES per picture: 10 pictures in a 2 s segment at 5 fps.
    expect(video.filter((p) => (p[1]! & 0x40) !== 0)).toHaveLength(10);
  });

  it('carries H.264 access units: delimiter, SPS (Baseline), PPS, IDR slice', () => {
    const bytes = [...segment!];
    const find = (pattern: number[]) =>
      bytes.findIndex((_, i) => pattern.every((b, k) => bytes[i + k] === b));
    expect(find([0, 0, 0, 1, 0x09, 0x10])).toBeGreaterThan(0);
    const sps = find([0, 0, 0, 1, 0x67]);
    expect(bytes[sps + 5]).toBe(66);
    expect(find([0, 0, 0, 1, 0x68])).toBeGreaterThan(sps);
    expect(find([0, 0, 0, 1, 0x65])).toBeGreaterThan(sps);
  });
});

describe('the demo stream a room names', () => {
  it('reads the segments from our live or replay playlist, nothing from any other URL', () => {
    expect(streamOfUrl(streamPath(41, 8, 'live'))).toEqual({ first: 41, count: 8 });
    expect(streamOfUrl(streamPath(41, 8, 'vod'))).toEqual({ first: 41, count: 8 });
    expect(streamOfUrl('https://cdn.example.com/api/live/hls/41-8/live.m3u8')).toBeNull();
    expect(streamOfUrl('/api/live/hls/41-8/other.m3u8')).toBeNull();
    expect(streamOfUrl('/api/live/hls/0-8/live.m3u8')).toBeNull();
    expect(streamOfUrl(null)).toBeNull();
  });
});
