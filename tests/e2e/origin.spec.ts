/**
 * Absolute URLs follow PUBLIC_ORIGIN, never the request's Host header; without it, a plain Host
 * header is used, and X-Forwarded-Proto/-Host only behind a trusted proxy (hardening issue, item 4).
 */
import { request as httpRequest } from 'node:http';
import { test, expect } from './fixtures.ts';
import { spawnShop, type ShopProcess } from '#tests/fixtures/server.ts';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A GET with headers fetch() will not send (Host). */
function get(base: string, path: string, headers: Record<string, string>): Promise<Answer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname, port, path, method: 'GET', headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const PRODUCT = '/productDetail?productNo=P10010001&shopId=1001';
const unescape = (value: string | undefined) => value?.replaceAll('&amp;', '&');
const canonicalOf = (html: string) =>
  unescape(/<link rel="canonical" href="([^"]+)"/.exec(html)?.[1]);
const ogUrlOf = (html: string) =>
  unescape(/<meta property="og:url" content="([^"]+)"/.exec(html)?.[1]);

test.describe('with PUBLIC_ORIGIN', () => {
  let shop: ShopProcess;
  test.beforeAll(async () => {
    // A public demo: the origin pinned, the sandboxes on.
    shop = await spawnShop({
      PUBLIC_ORIGIN: 'https://shop.example.com/',
      SHOP_MODE: 'demo',
      TRUST_PROXY: '1',
    });
  });
  test.afterAll(async () => {
    await shop?.stop();
  });

  test('a page asked for with Host: evil.example has the pinned canonical', async () => {
    const page = await get(shop.url, PRODUCT, {
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'http',
    });
    expect(page.status).toBe(200);
    expect(canonicalOf(page.body)).toBe(`https://shop.example.com${PRODUCT}`);
    expect(ogUrlOf(page.body)).toBe(`https://shop.example.com${PRODUCT}`);
    expect(page.body).not.toContain('evil.example');
    // Cookies follow the pinned https origin.
    expect(String(page.headers['set-cookie'])).toContain('Secure');
  });

  test('robots.txt, the sitemap, sign-in and the JS-SDK signature use the pinned origin', async () => {
    const evil = { host: 'evil.example' };
    const robots = await get(shop.url, '/robots.txt', evil);
    expect(robots.body).toContain('Sitemap: https://shop.example.com/sitemap.xml');
    const sitemap = await get(shop.url, '/sitemap.xml', evil);
    expect(sitemap.body).toContain('<loc>https://shop.example.com/sitemap.xml?shopId=1001</loc>');
    expect(sitemap.body).not.toContain('evil.example');

    const auth = await get(shop.url, '/api/member/auth?backUrl=%2Findex%3FshopId%3D1001', evil);
    expect(auth.status).toBe(302);
    const consent = new URL(String(auth.headers.location), 'https://shop.example.com');
    expect(consent.searchParams.get('redirect_uri')).toMatch(
      /^https:\/\/shop\.example\.com\/api\/auth\/1001/,
    );

    const signed = await get(
      shop.url,
      `/api/member/signature?url=${encodeURIComponent('https://shop.example.com/index?shopId=1001')}`,
      evil,
    );
    expect(JSON.parse(signed.body)).toMatchObject({ code: 0 });
    const foreign = await get(
      shop.url,
      `/api/member/signature?url=${encodeURIComponent('http://evil.example/index?shopId=1001')}`,
      evil,
    );
    expect(JSON.parse(foreign.body).code).not.toBe(0);
  });
});

test.describe('without PUBLIC_ORIGIN or a trusted proxy', () => {
  let shop: ShopProcess;
  test.beforeAll(async () => {
    shop = await spawnShop({ TRUST_PROXY: '0' });
  });
  test.afterAll(async () => {
    await shop?.stop();
  });

  test('the plain Host header names the origin; forwarded headers are ignored', async () => {
    const { port } = new URL(shop.url);
    const page = await get(shop.url, PRODUCT, {
      host: `127.0.0.1:${port}`,
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'evil.example',
    });
    expect(page.status).toBe(200);
    expect(canonicalOf(page.body)).toBe(`http://127.0.0.1:${port}${PRODUCT}`);
    expect(String(page.headers['set-cookie'])).not.toContain('Secure');
  });
});
