import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productSvg } from '#demo/images.ts';
import { drawVariant } from './images.server.ts';
import { outlineSvgText, textOutline } from './svg-text.server.ts';

/** The demo's product picture with its caption, as the seed stores it. */
const CAPTION = '轻量防风冲锋衣';
const PICTURE = productSvg('coat', { from: '#a8c686', to: '#5f8a3a', ink: '#2f4a1c' }, CAPTION);
const SVG = 'image/svg+xml';

/** A fontconfig that knows no font at all: every font lookup of librsvg fails. */
let blind: string;
beforeAll(() => {
  blind = mkdtempSync(path.join(tmpdir(), 'no-fonts-'));
  writeFileSync(
    path.join(blind, 'fonts.conf'),
    `<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig><dir>${blind}/none</dir><cachedir>${blind}/cache</cachedir></fontconfig>`,
  );
});
afterAll(() => rmSync(blind, { recursive: true, force: true }));

/**
 * A variant drawn in another process whose font lookups all fail, as a server's can when
 * fontconfig finds no CJK face: `outlined` runs the shop's own drawVariant, else sharp reads the
 * SVG as it is (what the shop did before).
 */
function drawBlind(svg: string, format: 'avif' | 'webp' | null, outlined: boolean): Uint8Array {
  const script = `
    import sharp from 'sharp';
    const [moduleUrl, format, outlined] = process.argv.slice(1);
    const chunks = [];
    for await (const chunk of process.stdin) chunks.push(chunk);
    const bytes = new Uint8Array(Buffer.concat(chunks));
    const kind = format === 'png' ? null : format;
    const out = outlined === 'yes'
      ? (await (await import(moduleUrl)).drawVariant({ contentType: '${SVG}', bytes }, 400, kind)).bytes
      : await sharp(bytes).resize({ width: 400 })[kind ?? 'png']().toBuffer();
    process.stdout.write(out);`;
  return execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      script,
      new URL('./images.server.ts', import.meta.url).href,
      format ?? 'png',
      outlined ? 'yes' : 'no',
    ],
    {
      input: svg,
      env: { ...process.env, FONTCONFIG_FILE: path.join(blind, 'fonts.conf') },
      maxBuffer: 16 * 1024 * 1024,
    },
  );
}

/** The caption's band of a 400 px variant (baseline at 360), as grey levels. */
async function captionBand(bytes: Uint8Array): Promise<Uint8Array> {
  const raw = await sharp(bytes)
    .extract({ left: 40, top: 330, width: 320, height: 40 })
    .greyscale()
    .raw()
    .toBuffer();
  return new Uint8Array(raw);
}

/** Mean absolute difference of two bands, in grey levels (0 same … 255 opposite). */
function difference(a: Uint8Array, b: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

/** How many pixels of the band are ink (darker than the backdrop by far). */
function ink(band: Uint8Array): number {
  return band.filter((grey) => grey < 160).length;
}

describe('text drawn on the server', () => {
  it('becomes outlines: the SVG sharp reads has no <text> left to look a font up for', () => {
    const outlined = outlineSvgText(PICTURE);
    expect(PICTURE).toContain(`>${CAPTION}</text>`);
    expect(outlined).not.toContain('<text');
    expect(outlined).toMatch(/<path d="M[\d.]+ [\d.]+[^"]*Z" fill="#2f4a1c"\/><\/svg>$/);
  });

  it('keeps the anchor: a middle-anchored line is centred on its x', () => {
    const run = { text: CAPTION, y: 720, size: 40, bold: false, lineThrough: false } as const;
    const xs = (d: string) => [...d.matchAll(/[MLQC]([\d.]+) /g)].map((m) => Number(m[1]));
    const middle = xs(textOutline({ ...run, x: 400, anchor: 'middle' })!);
    const start = xs(textOutline({ ...run, x: 400, anchor: 'start' })!);
    expect(Math.min(...start)).toBeGreaterThanOrEqual(400);
    const centre = (Math.min(...middle) + Math.max(...middle)) / 2;
    expect(Math.abs(centre - 400)).toBeLessThan(10);
  });

  it('reads as the font draws it: the outlined caption matches librsvg’s own text', async () => {
    const reference = await sharp(Buffer.from(PICTURE)).resize({ width: 400 }).png().toBuffer();
    const outlined = await drawVariant(
      { contentType: SVG, bytes: Buffer.from(PICTURE) },
      400,
      null,
    );
    const [a, b] = await Promise.all([captionBand(reference), captionBand(outlined.bytes)]);
    expect(ink(a)).toBeGreaterThan(400);
    expect(difference(a, b)).toBeLessThan(3);
  });

  it('every variant, AVIF included, has the caption even when no font can be looked up', async () => {
    const bytes = Buffer.from(PICTURE);
    const png = await captionBand(
      (await drawVariant({ contentType: SVG, bytes }, 400, null)).bytes,
    );
    // The blind process really is blind: the SVG's own <text> comes out without its caption.
    const unoutlined = await captionBand(drawBlind(PICTURE, 'avif', false));
    expect(ink(unoutlined)).toBeLessThan(ink(png) / 2);
    expect(difference(unoutlined, png)).toBeGreaterThan(5);
    for (const format of ['avif', 'webp', null] as const) {
      const band = await captionBand(drawBlind(PICTURE, format, true));
      expect(Math.abs(ink(band) - ink(png)), String(format)).toBeLessThan(ink(png) * 0.15);
      expect(difference(band, png), String(format)).toBeLessThan(3);
    }
  });
});
