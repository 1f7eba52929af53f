import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  PAGE_TTL_MS,
  cachedPage,
  filledAnswer,
  keepPage,
  pageKey,
  pickEncoding,
} from './page-cache.server.ts';

const html = (body: string, init: ResponseInit = {}) =>
  new Response(body, {
    status: 200,
    ...init,
    headers: { 'content-type': 'text/html', ...(init.headers as Record<string, string>) },
  });

const key = (search: string, version = 1) =>
  pageKey({
    url: new URL(`http://shop.test/productDetail${search}`),
    contentVersion: version,
    inApp: false,
    origin: 'http://shop.test',
    shopCookieSet: true,
  });

describe('pickEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding(null)).toBe('identity');
  });
});

describe('pageKey', () => {
  it('differs by content version, origin, query, in-app flag and cookie state', () => {
    const base = {
      url: new URL('http://s/a?shopId=1'),
      contentVersion: 1,
      inApp: false,
      origin: 'http://s',
      shopCookieSet: false,
    };
    const keys = new Set([
      pageKey(base),
      pageKey({ ...base, contentVersion: 2 }),
      pageKey({ ...base, url: new URL('http://s/a?shopId=1&distributorId=9') }),
      pageKey({ ...base, inApp: true }),
      pageKey({ ...base, shopCookieSet: true }),
      pageKey({ ...base, origin: 'https://s' }),
      pageKey({ ...base, origin: 'http://evil.example' }),
    ]);
    expect(keys.size).toBe(7);
  });
});

describe('keepPage and cachedPage', () => {
  it('serves a kept page in the encoding the browser accepts, with the same content', async () => {
    const k = key('?productNo=P1');
    const first = await keepPage(k, html('<p>商品</p>'), 1_000);
    expect(await first.text()).toBe('<p>商品</p>');
    const br = cachedPage(k, 'br, gzip', 1_500)!;
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(
      '<p>商品</p>',
    );
    const gz = cachedPage(k, 'gzip', 1_500)!;
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe('<p>商品</p>');
    const plain = cachedPage(k, null, 1_500)!;
    expect(plain.headers.has('content-encoding')).toBe(false);
    expect(await plain.text()).toBe('<p>商品</p>');
  });

  it('forgets a page after the time limit, so server-clock countdowns stay within it', async () => {
    const k = key('?productNo=P2');
    await keepPage(k, html('x'), 10_000);
    expect(cachedPage(k, null, 10_000 + PAGE_TTL_MS)).not.toBeNull();
    expect(cachedPage(k, null, 10_000 + PAGE_TTL_MS + 1)).toBeNull();
    expect(cachedPage(k, null, 10_000)).toBeNull();
  });

  it('a new content version misses the page kept for the old one', async () => {
    await keepPage(key('?productNo=P3', 7), html('old'), 5_000);
    expect(cachedPage(key('?productNo=P3', 8), null, 5_000)).toBeNull();
  });

  it('keeps only plain 200 HTML pages that set no cookie', async () => {
    const cases: [string, Response][] = [
      ['404', new Response('x', { status: 404, headers: { 'content-type': 'text/html' } })],
      ['json', new Response('{}', { headers: { 'content-type': 'application/json' } })],
      ['cookie', html('x', { headers: { 'set-cookie': 'a=1' } })],
    ];
    for (const [name, response] of cases) {
      const k = key(`?case=${name}`);
      const returned = await keepPage(k, response, 1_000);
      expect(returned).toBe(response);
      expect(cachedPage(k, null, 1_000)).toBeNull();
    }
  });
});

describe('filledAnswer', () => {
  const brotliText = (body: Buffer[]) => brotliDecompressSync(Buffer.concat(body)).toString();

  it("fills a shopper's values once per page, encoding and values", async () => {
    const k = key('?productNo=P9');
    await keepPage(k, html('<main>商品</main><i>@cart@user</i>'), 1_000);
    const fills: string[] = [];
    const fill = (cart: number, user: number) => (tail: string) => {
      fills.push(`${cart}/${user}`);
      return tail.replace('@cart', String(cart)).replace('@user', String(user));
    };
    const first = filledAnswer(k, 'br', '@', '3 7', fill(3, 7), 1_100)!;
    expect(brotliText(first.body)).toBe('<main>商品</main><i>37</i>');
    expect(first.headers['content-length']).toBe(String(Buffer.concat(first.body).byteLength));
    // The same shopper again: the same answer, not filled again.
    expect(filledAnswer(k, 'br', '@', '3 7', fill(3, 7), 1_200)).toBe(first);
    // Another shopper, another encoding: each their own.
    const other = filledAnswer(k, 'br', '@', '0 8', fill(0, 8), 1_200)!;
    expect(brotliText(other.body)).toBe('<main>商品</main><i>08</i>');
    const gz = filledAnswer(k, 'gzip', '@', '3 7', fill(3, 7), 1_200)!;
    expect(gunzipSync(Buffer.concat(gz.body)).toString()).toBe('<main>商品</main><i>37</i>');
    expect(fills).toEqual(['3/7', '0/8', '3/7']);
    // Gone with the page.
    expect(filledAnswer(k, 'br', '@', '3 7', fill(3, 7), 1_000 + PAGE_TTL_MS + 1)).toBeNull();
  });
});
