import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchRoute } from './routes.ts';
import { precompressDirectory } from './precompress.server.ts';
import { loadStaticFiles, type StaticFiles } from './static-files.server.ts';

const script = `export const greeting = ${JSON.stringify('你好，'.repeat(200))};\n`;
let dir: string;
let files: StaticFiles;
let server: Server;
let base: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'static-files-'));
  mkdirSync(path.join(dir, '_astro'));
  writeFileSync(path.join(dir, '_astro', 'page.AbC123.js'), script);
  writeFileSync(
    path.join(dir, 'favicon.svg'),
    `<svg xmlns="http://www.w3.org/2000/svg">${' '.repeat(400)}</svg>`,
  );
  // A public file that has the name of a page of the route table: the page wins.
  writeFileSync(path.join(dir, 'cart'), 'not the cart page');
  writeFileSync(path.join(dir, 'tiny.txt'), 'hi');
  await precompressDirectory(dir);
  files = loadStaticFiles(dir, (pathname) => matchRoute(pathname) !== undefined);
  server = createServer((req, res) => {
    if (!files.serve(req, res)) {
      res.writeHead(418);
      res.end('framework');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  base = `http://127.0.0.1:${address.port}`;
});
afterAll(() => {
  server.close();
  rmSync(dir, { recursive: true, force: true });
});

function get(pathname: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
    (resolve, reject) => {
      request(`${base}${pathname}`, { headers, method }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
        .on('error', reject)
        .end();
    },
  );
}

describe('built files served by the server', () => {
  it('sends the copy compressed at build in the encoding the browser takes', async () => {
    const br = await get('/_astro/page.AbC123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toBe('Accept-Encoding');
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(br.headers['content-length'])).toBe(br.body.byteLength);
    expect(brotliDecompressSync(br.body).toString()).toBe(script);

    const gz = await get('/_astro/page.AbC123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(script);

    const plain = await get('/_astro/page.AbC123.js?v=1');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('answers 304 while the ETag holds, and HEAD without a body', async () => {
    const first = await get('/favicon.svg', { 'accept-encoding': 'br' });
    expect(first.headers['cache-control']).toBe('public, max-age=0');
    expect(first.headers['content-type']).toBe('image/svg+xml');
    const again = await get('/favicon.svg', { 'if-none-match': String(first.headers['etag']) });
    expect(again.status).toBe(304);
    expect(again.body.byteLength).toBe(0);
    const head = await get('/favicon.svg', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.byteLength).toBe(0);
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
  });

  it('leaves page URLs, unknown paths and other methods to the framework', async () => {
    expect((await get('/cart')).status).toBe(418);
    expect((await get('/cart?shopId=1001')).status).toBe(418);
    expect((await get('/_astro/missing.js')).status).toBe(418);
    expect((await get('/favicon.svg.br')).status).toBe(418);
    expect((await get('/favicon.svg', {}, 'POST')).status).toBe(418);
    // A file too small to compress is sent as it is.
    const tiny = await get('/tiny.txt', { 'accept-encoding': 'br' });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString()).toBe('hi');
  });
});
