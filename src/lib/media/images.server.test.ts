import type { APIContext } from 'astro';
import { and, asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import { GET } from '../../pages/img/[id].ts';
import { mediaId } from './images.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import { media, productImages } from '#lib/platform/db/schema.ts';
import { parseImageWidth, preferredFormat, renderImage } from './images.server.ts';

let database: Database;
/** An 800×800 SVG product shot, a 200×200 SVG logo, a 1000×500 JPEG, a private and a broken file. */
let shot: number, logo: number, photo: number, secret: number, broken: number;

async function insertMedia(contentType: string, bytes: Uint8Array, isPublic = true) {
  const [row] = await database.db
    .insert(media)
    .values({ contentType, bytes, width: 1000, height: 500, isPublic })
    .returning({ id: media.id });
  return row!.id;
}

beforeAll(async () => {
  database = await memoryDatabase();
  const [main] = await database.db
    .select({ url: productImages.url })
    .from(productImages)
    .where(and(eq(productImages.kind, 'main'), eq(productImages.sort, 0)))
    .orderBy(asc(productImages.id))
    .limit(1);
  shot = mediaId(main!.url)!;
  const [small] = await database.db
    .select({ id: media.id })
    .from(media)
    .where(eq(media.width, 200))
    .limit(1);
  logo = small!.id;
  const jpeg = await sharp({
    create: { width: 1000, height: 500, channels: 3, background: '#3a7bd5' },
  })
    .jpeg()
    .toBuffer();
  photo = await insertMedia('image/jpeg', jpeg);
  secret = await insertMedia('image/jpeg', jpeg, false);
  broken = await insertMedia('image/jpeg', new TextEncoder().encode('not a picture at all'));
});
afterAll(() => database.close());

const AVIF = 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8';
const WEBP = 'image/webp,*/*';

async function size(bytes: Uint8Array) {
  const { width, height, format } = await sharp(bytes).metadata();
  return { width, height, format };
}

function get(path: string, accept?: string): Promise<Response> {
  const url = new URL(path, 'http://shop.test');
  const context = {
    params: { id: url.pathname.split('/').pop() },
    url,
    request: new Request(url, { headers: accept ? { accept } : {} }),
    locals: { database },
  };
  return Promise.resolve(GET(context as unknown as APIContext));
}

describe('format and width rules', () => {
  it('prefers AVIF, then WebP, honouring q=0', () => {
    expect(preferredFormat(AVIF)).toBe('avif');
    expect(preferredFormat(WEBP)).toBe('webp');
    expect(preferredFormat('image/avif;q=0, image/webp')).toBe('webp');
    expect(preferredFormat('image/png,image/*;q=0.8')).toBeNull();
    expect(preferredFormat(null)).toBeNull();
  });

  it('takes exactly 400 or 800', () => {
    expect(parseImageWidth('400')).toBe(400);
    expect(parseImageWidth('800')).toBe(800);
    for (const bad of [null, '', '300', '400.0', '0400', '1200'])
      expect(parseImageWidth(bad)).toBe(null);
  });
});

describe('renderImage', () => {
  it('resizes an SVG to the width in the accepted format', async () => {
    const avif = await renderImage(database.db, shot, 400, AVIF);
    expect(avif?.contentType).toBe('image/avif');
    expect(await size(avif!.bytes)).toMatchObject({ width: 400, height: 400, format: 'heif' });
    const webp = await renderImage(database.db, shot, 800, WEBP);
    expect(webp?.contentType).toBe('image/webp');
    expect(await size(webp!.bytes)).toMatchObject({ width: 800, height: 800, format: 'webp' });
    const png = await renderImage(database.db, shot, 400, 'image/png');
    expect(png?.contentType).toBe('image/png');
    expect(await size(png!.bytes)).toMatchObject({ width: 400, format: 'png' });
  });

  it('answers JPEG for a photograph, keeping its aspect ratio', async () => {
    const jpeg = await renderImage(database.db, photo, 800, undefined);
    expect(jpeg?.contentType).toBe('image/jpeg');
    expect(await size(jpeg!.bytes)).toMatchObject({ width: 800, height: 400, format: 'jpeg' });
  });

  it('never enlarges a small picture', async () => {
    const image = await renderImage(database.db, logo, 800, WEBP);
    expect(await size(image!.bytes)).toMatchObject({ width: 200, height: 200 });
  });

  it('knows no unknown or private media', async () => {
    expect(await renderImage(database.db, 987_654_321, 400, WEBP)).toBeNull();
    expect(await renderImage(database.db, secret, 400, WEBP)).toBeNull();
  });

  it('computes a variant once, also for concurrent requests', async () => {
    const [a, b] = await Promise.all([
      renderImage(database.db, shot, 800, AVIF),
      renderImage(database.db, shot, 800, AVIF),
    ]);
    expect(a).toBe(b);
    expect(await renderImage(database.db, shot, 800, AVIF)).toBe(a);
    expect(await renderImage(database.db, shot, 400, AVIF)).not.toBe(a);
  });
});

describe('GET /img/{id}', () => {
  it('serves the variant with its caching headers', async () => {
    const response = await get(`/img/${shot}?w=400`, WEBP);
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'content-type': 'image/webp',
      vary: 'Accept',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    });
    expect(await size(new Uint8Array(await response.arrayBuffer()))).toMatchObject({ width: 400 });
  });

  it('refuses any other width with a plain 400', async () => {
    for (const query of ['', '?w=300', '?w=1600', '?w=abc']) {
      const response = await get(`/img/${shot}${query}`);
      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    }
  });

  it('answers 404 for unknown, private and malformed ids', async () => {
    for (const id of ['987654321', String(secret), 'abc', '1e3']) {
      const response = await get(`/img/${id}?w=400`);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    }
  });

  it('answers a plain 500 for a stored file that does not decode', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await get(`/img/${broken}?w=400`);
    expect(response.status).toBe(500);
    expect(await response.text()).toBe('Image could not be rendered');
    expect(log).toHaveBeenCalledOnce();
    log.mockRestore();
  });
});
