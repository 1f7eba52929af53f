/**
 * The demo stream of the live rooms (issue #16): HLS segments the project makes itself, and the
 * playlists that play them — live (a window that slides over the segments with the clock, so the
 * stream runs; a DISCONTINUITY where it loops) or the whole replay (VOD, ENDLIST).
 *
 * With Debian's ffmpeg on PATH the segments are a real test pattern with a tone (seed/
 * live-stream.ts). Without it they come from `pcmSegments` below: a tiny H.264 stream that
 * needs no encoder — Baseline SPS/PPS and IDR slices of I_PCM macroblocks (raw samples) —
 * in MPEG-TS. Pure: no I/O.
 */

/** Every demo segment lasts this long (ffmpeg cuts at its keyframes, every 2 s). */
export const SEGMENT_SECONDS = 2;
/** Segments a live playlist lists. */
export const LIVE_WINDOW = 4;

/** `/api/live/hls/{first}-{count}/live.m3u8`: the segments are media rows first .. first+count-1. */
export function streamPath(firstMediaId: number, count: number, kind: 'live' | 'vod'): string {
  return `/api/live/hls/${firstMediaId}-${count}/${kind}.m3u8`;
}

export function parseStream(stream: string): { first: number; count: number } | null {
  const match = /^(\d{1,15})-(\d{1,3})$/.exec(stream);
  if (!match) return null;
  const first = Number(match[1]);
  const count = Number(match[2]);
  return Number.isSafeInteger(first) && first > 0 && count > 0 ? { first, count } : null;
}

/** The demo stream a playlist path of ours names (live or replay), else null (any other URL). */
export function streamOfUrl(url: string | null): { first: number; count: number } | null {
  const match = /^\/api\/live\/hls\/(\d{1,15}-\d{1,3})\/(?:live|vod)\.m3u8$/.exec(url ?? '');
  return match ? parseStream(match[1]!) : null;
}

const segmentUrl = (first: number, index: number) => `/media/${first + index}`;

/** The live playlist at `nowMs`: the last LIVE_WINDOW segments of an endless loop. */
export function livePlaylist(first: number, count: number, nowMs: number): string {
  const newest = Math.floor(nowMs / 1000 / SEGMENT_SECONDS);
  const start = Math.max(0, newest - LIVE_WINDOW + 1);
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${SEGMENT_SECONDS}`,
    `#EXT-X-MEDIA-SEQUENCE:${start}`,
    // Loops begun before the first listed segment: each began with a discontinuity.
    `#EXT-X-DISCONTINUITY-SEQUENCE:${Math.floor(start / count)}`,
  ];
  for (let i = start; i <= newest; i += 1) {
    if (i !== start && i % count === 0) lines.push('#EXT-X-DISCONTINUITY');
    lines.push(`#EXTINF:${SEGMENT_SECONDS.toFixed(3)},`, segmentUrl(first, i % count));
  }
  return `${lines.join('\n')}\n`;
}

/** The replay: every segment once, then the end. */
export function vodPlaylist(first: number, count: number): string {
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${SEGMENT_SECONDS}`,
    '#EXT-X-PLAYLIST-TYPE:VOD',
    '#EXT-X-MEDIA-SEQUENCE:0',
  ];
  for (let i = 0; i < count; i += 1) {
    lines.push(`#EXTINF:${SEGMENT_SECONDS.toFixed(3)},`, segmentUrl(first, i));
  }
  lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
}

// --- H.264 of I_PCM macroblocks --------------------------------------------------------------

class Bits {
  readonly bytes: number[] = [];
  #current = 0;
  #used = 0;
  u(count: number, value: number): void {
    for (let i = count - 1; i >= 0; i -= 1) {
      this.#current = (this.#current << 1) | ((value >>> i) & 1);
      this.#used += 1;
      if (this.#used === 8) {
        this.bytes.push(this.#current);
        this.#current = 0;
        this.#used = 0;
      }
    }
  }
  /** Exp-Golomb, unsigned. */
  ue(value: number): void {
    const code = value + 1;
    const length = Math.floor(Math.log2(code));
    this.u(length, 0);
    this.u(length + 1, code);
  }
  se(value: number): void {
    this.ue(value <= 0 ? -2 * value : 2 * value - 1);
  }
  get aligned(): boolean {
    return this.#used === 0;
  }
  align(): void {
    while (!this.aligned) this.u(1, 0);
  }
  /** rbsp_trailing_bits: a one, then zeros to the byte. */
  trail(): number[] {
    this.u(1, 1);
    this.align();
    return this.bytes;
  }
}

/** A NAL unit with its start code, zero bytes escaped (emulation prevention). */
function nal(header: number, rbsp: number[]): number[] {
  const out = [0, 0, 0, 1, header];
  let zeros = 0;
  for (const byte of rbsp) {
    if (zeros >= 2 && byte <= 3) {
      out.push(3);
      zeros = 0;
    }
    out.push(byte);
    zeros = byte === 0 ? zeros + 1 : 0;
  }
  return out;
}

function sps(width: number, height: number): number[] {
  const b = new Bits();
  b.u(8, 66); // Baseline
  b.u(8, 0xc0); // constraint_set0/1
  b.u(8, 30); // level 3.0
  b.ue(0); // seq_parameter_set_id
  b.ue(0); // log2_max_frame_num_minus4
  b.ue(2); // pic_order_cnt_type: output order = decoding order
  b.ue(1); // max_num_ref_frames
  b.u(1, 0); // gaps_in_frame_num_value_allowed_flag
  b.ue(width / 16 - 1);
  b.ue(height / 16 - 1);
  b.u(1, 1); // frame_mbs_only_flag
  b.u(1, 1); // direct_8x8_inference_flag
  b.u(1, 0); // frame_cropping_flag
  b.u(1, 0); // vui_parameters_present_flag
  return nal(0x67, b.trail());
}

function pps(): number[] {
  const b = new Bits();
  b.ue(0); // pic_parameter_set_id
  b.ue(0); // seq_parameter_set_id
  b.u(1, 0); // CAVLC
  b.u(1, 0); // bottom_field_pic_order_in_frame_present_flag
  b.ue(0); // num_slice_groups_minus1
  b.ue(0);
  b.ue(0); // num_ref_idx_l0/l1_default_active_minus1
  b.u(1, 0);
  b.u(2, 0); // weighted prediction off
  b.se(0);
  b.se(0);
  b.se(0); // pic_init_qp, pic_init_qs, chroma_qp_index_offset
  b.u(1, 1); // deblocking_filter_control_present_flag
  b.u(1, 0); // constrained_intra_pred_flag
  b.u(1, 0); // redundant_pic_cnt_present_flag
  return nal(0x68, b.trail());
}

/** A picture: Y, Cb, Cr planes (4:2:0), 8-bit. */
export interface Picture {
  width: number;
  height: number;
  y: Uint8Array;
  cb: Uint8Array;
  cr: Uint8Array;
}

/** One IDR picture of I_PCM macroblocks (no deblocking: the samples are shown as they are). */
function idrSlice(picture: Picture, idrPicId: number): number[] {
  const b = new Bits();
  b.ue(0); // first_mb_in_slice
  b.ue(7); // slice_type: I (all slices)
  b.ue(0); // pic_parameter_set_id
  b.u(4, 0); // frame_num
  b.ue(idrPicId % 65_536);
  b.u(1, 0); // no_output_of_prior_pics_flag
  b.u(1, 0); // long_term_reference_flag
  b.se(0); // slice_qp_delta
  b.ue(1); // disable_deblocking_filter_idc
  const mbsWide = picture.width / 16;
  const mbsHigh = picture.height / 16;
  // A sample of 0 is reserved in I_PCM of the first editions: keep every sample in 1..254.
  const sample = (v: number) => (v < 1 ? 1 : v > 254 ? 254 : v);
  for (let my = 0; my < mbsHigh; my += 1) {
    for (let mx = 0; mx < mbsWide; mx += 1) {
      b.ue(25); // mb_type I_PCM
      b.align(); // pcm_alignment_zero_bit
      for (let y = 0; y < 16; y += 1) {
        for (let x = 0; x < 16; x += 1) {
          b.bytes.push(sample(picture.y[(my * 16 + y) * picture.width + mx * 16 + x]!));
        }
      }
      for (const plane of [picture.cb, picture.cr]) {
        for (let y = 0; y < 8; y += 1) {
          for (let x = 0; x < 8; x += 1) {
            b.bytes.push(sample(plane[(my * 8 + y) * (picture.width / 2) + mx * 8 + x]!));
          }
        }
      }
    }
  }
  return nal(0x65, b.trail());
}

/** An access unit: delimiter, SPS, PPS and the picture (every picture decodes on its own). */
export function accessUnit(picture: Picture, idrPicId: number): Uint8Array {
  return Uint8Array.from([
    ...[0, 0, 0, 1, 0x09, 0x10],
    ...sps(picture.width, picture.height),
    ...pps(),
    ...idrSlice(picture, idrPicId),
  ]);
}

// --- MPEG-TS -----------------------------------------------------------------------------------

const PMT_PID = 0x1000;
const VIDEO_PID = 0x100;
const PACKET = 188;

let crcTable: Uint32Array | null = null;
function crc32(bytes: number[]): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let i = 0; i < 256; i += 1) {
      let c = i << 24;
      for (let k = 0; k < 8; k += 1) c = c & 0x80000000 ? (c << 1) ^ 0x04c11db7 : c << 1;
      crcTable[i] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (const byte of bytes) crc = ((crc << 8) ^ crcTable[((crc >>> 24) ^ byte) & 0xff]!) >>> 0;
  return crc >>> 0;
}

function section(tableId: number, idExt: number, body: number[]): number[] {
  const length = body.length + 5 + 4;
  const head = [tableId, 0xb0 | (length >> 8), length & 0xff, idExt >> 8, idExt & 0xff, 0xc1, 0, 0];
  const all = [...head, ...body];
  const crc = crc32(all);
  return [0, ...all, crc >>> 24, (crc >>> 16) & 0xff, (crc >>> 8) & 0xff, crc & 0xff];
}

class TsWriter {
  readonly packets: number[][] = [];
  readonly #counters = new Map<number, number>();

  #counter(pid: number): number {
    const value = this.#counters.get(pid) ?? 0;
    this.#counters.set(pid, (value + 1) % 16);
    return value;
  }

  /** A table section in one packet, padded with 0xff. */
  table(pid: number, bytes: number[]): void {
    const packet = [0x47, 0x40 | (pid >> 8), pid & 0xff, 0x10 | this.#counter(pid), ...bytes];
    while (packet.length < PACKET) packet.push(0xff);
    this.packets.push(packet);
  }

  /** A PES of one access unit; the first packet carries the PCR and marks a random access. */
  pes(pid: number, payload: number[], pts: number): void {
    const ptsBytes = [
      0x21 | (Math.floor(pts / 2 ** 29) & 0x0e),
      (Math.floor(pts / 2 ** 22) & 0xff) >>> 0,
      (((Math.floor(pts / 2 ** 14) & 0xfe) | 1) & 0xff) >>> 0,
      (Math.floor(pts / 2 ** 7) & 0xff) >>> 0,
      (((pts * 2) & 0xfe) | 1) & 0xff,
    ];
    let data = [0, 0, 1, 0xe0, 0, 0, 0x80, 0x80, 5, ...ptsBytes, ...payload];
    let first = true;
    while (data.length > 0) {
      const header = [0x47, (first ? 0x40 : 0) | (pid >> 8), pid & 0xff];
      let adaptation: number[] = [];
      if (first) {
        const pcr = pts - 9_000 > 0 ? pts - 9_000 : 0;
        adaptation = [
          0x50, // random_access_indicator, PCR_flag
          Math.floor(pcr / 2 ** 25) & 0xff,
          Math.floor(pcr / 2 ** 17) & 0xff,
          Math.floor(pcr / 2 ** 9) & 0xff,
          Math.floor(pcr / 2) & 0xff,
          ((pcr & 1) << 7) | 0x7e,
          0,
        ];
      }
      const room = PACKET - 4 - (adaptation.length ? adaptation.length + 1 : 0);
      if (data.length < room) {
        // Stuffing in the adaptation field fills the last packet.
        const fill = room - data.length;
        if (adaptation.length === 0) {
          adaptation = fill === 1 ? [] : [0x00, ...new Array<number>(fill - 2).fill(0xff)];
          if (fill === 1) {
            header.push(0x20 | 0x10 | this.#counter(pid), 0);
            this.packets.push([...header, ...data]);
            break;
          }
        } else {
          adaptation.push(...new Array<number>(fill).fill(0xff));
        }
      }
      const take = PACKET - 4 - (adaptation.length ? adaptation.length + 1 : 0);
      const control = adaptation.length ? 0x30 : 0x10;
      header.push(control | this.#counter(pid));
      const packet = [...header];
      if (adaptation.length) packet.push(adaptation.length, ...adaptation);
      packet.push(...data.slice(0, take));
      this.packets.push(packet);
      data = data.slice(take);
      first = false;
    }
  }

  bytes(): Uint8Array {
    return Uint8Array.from(this.packets.flat());
  }
}

/** A TS segment of access units at `fps`, the first at `startPts` (90 kHz). */
export function tsSegment(units: Uint8Array[], fps: number, startPts: number): Uint8Array {
  const ts = new TsWriter();
  ts.table(0, section(0x00, 1, [0, 1, 0xe0 | (PMT_PID >> 8), PMT_PID & 0xff]));
  ts.table(
    PMT_PID,
    section(0x02, 1, [
      0xe0 | (VIDEO_PID >> 8),
      VIDEO_PID & 0xff,
      0xf0,
      0,
      0x1b,
      0xe0 | (VIDEO_PID >> 8),
      VIDEO_PID & 0xff,
      0xf0,
      0,
    ]),
  );
  units.forEach((unit, i) =>
    ts.pes(VIDEO_PID, [...unit], startPts + Math.round((i * 90_000) / fps)),
  );
  return ts.bytes();
}

/** The test card of frame `n`: colour bars, a bar that sweeps across, the segment's mark. */
export function testCard(width: number, height: number, n: number, segment: number): Picture {
  const y = new Uint8Array(width * height);
  const cb = new Uint8Array((width / 2) * (height / 2));
  const cr = new Uint8Array((width / 2) * (height / 2));
  // BT.601 YCbCr of white, yellow, cyan, green, magenta, red, blue.
  const bars: [number, number, number][] = [
    [235, 128, 128],
    [210, 16, 146],
    [170, 166, 16],
    [145, 54, 34],
    [106, 202, 222],
    [81, 90, 240],
    [41, 240, 110],
  ];
  const sweep = (n * 8) % width;
  for (let row = 0; row < height; row += 1) {
    for (let col = 0; col < width; col += 1) {
      const bar = bars[Math.floor((col * bars.length) / width)]!;
      let luma = row < height * 0.7 ? bar[0] : 16 + Math.floor((col / width) * 219);
      if (Math.abs(col - sweep) < 4) luma = 235;
      // The segment's number as dots near the bottom, so a loop is seen.
      if (row > height - 12 && row < height - 6 && col % 12 < 6 && col / 12 < segment + 1)
        luma = 235;
      y[row * width + col] = luma;
      if (row % 2 === 0 && col % 2 === 0) {
        const i = (row / 2) * (width / 2) + col / 2;
        cb[i] = row < height * 0.7 ? bar[1] : 128;
        cr[i] = row < height * 0.7 ? bar[2] : 128;
      }
    }
  }
  return { width, height, y, cb, cr };
}

/** The fallback's segments: `count` of SEGMENT_SECONDS at `fps`, 96×160 unless told. */
export function pcmSegments(count: number, fps = 5, width = 96, height = 160): Uint8Array[] {
  const perSegment = SEGMENT_SECONDS * fps;
  return Array.from({ length: count }, (_, s) => {
    const units = Array.from({ length: perSegment }, (_, f) =>
      accessUnit(testCard(width, height, s * perSegment + f, s), s * perSegment + f),
    );
    return tsSegment(units, fps, 90_000 + s * SEGMENT_SECONDS * 90_000);
  });
}
