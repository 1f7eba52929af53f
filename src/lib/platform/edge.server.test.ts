import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import {
  MAX_URL_LENGTH,
  admit,
  discardBody,
  isPlainHost,
  rawRefusal,
  readLimitedBody,
  refusalBody,
} from './edge.server.ts';
import { MAX_BODY_BYTES } from './http.server.ts';

const head = (url: string, headers: Record<string, string> = { host: 'shop.test' }) => ({
  url,
  httpVersion: '1.1',
  headers,
});

describe('admit', () => {
  it('passes an ordinary request on as it came, with the JSON body limit', () => {
    expect(admit(head('/search?shopId=1001&keyword=%E8%8C%B6'))).toEqual({
      kind: 'admit',
      url: '/search?shopId=1001&keyword=%E8%8C%B6',
      api: false,
      bodyLimit: MAX_BODY_BYTES,
    });
    expect(admit(head('/api/health/?t=1'))).toEqual({
      kind: 'admit',
      url: '/api/health?t=1',
      api: true,
      bodyLimit: MAX_BODY_BYTES,
    });
  });

  it('leaves an upload endpoint its own limit', () => {
    expect(admit(head('/api/commodity/product/image-search?shopBizCode=1001'))).toMatchObject({
      kind: 'admit',
      bodyLimit: null,
    });
  });

  it.each([
    ['//evil.example/%2e%2e/_astro/', '/_astro/'],
    ['//evil.example/x/', '/evil.example/x/'],
    ['/\\evil.example/', '/evil.example/'],
    ['/x/..//evil.example/', '/evil.example/'],
    ['/x/%2e%2e//_astro/', '/_astro/'],
    ['http://elsewhere.example//evil.example/a?b=1', '/evil.example/a?b=1'],
  ])('gives Astro no path starting with // (%s)', (url, expected) => {
    expect(admit(head(url))).toMatchObject({ kind: 'admit', url: expected });
  });

  it('refuses an over-long URL with 414', () => {
    const long = `/api/health?x=${'a'.repeat(MAX_URL_LENGTH)}`;
    expect(admit(head(long))).toMatchObject({
      kind: 'refuse',
      status: 414,
      entry: { code: 414, message: '请求地址过长' },
      api: true,
    });
    expect(admit(head(`/index?x=${'a'.repeat(MAX_URL_LENGTH)}`))).toMatchObject({
      status: 414,
      api: false,
    });
  });

  it.each(['/api/health%zz', '/api/health?x=%', '/api/x?k=%E4%B8'])(
    'refuses malformed percent-encoding with 400 (%s)',
    (url) => {
      expect(admit(head(url))).toEqual({
        kind: 'refuse',
        status: 400,
        entry: { code: 400, message: '请求地址格式不正确' },
        api: true,
      });
    },
  );

  it('refuses a NUL in a page URL, and leaves the API its field-named refusal', () => {
    expect(admit(head('/search?keyword=a%00b'))).toMatchObject({ kind: 'refuse', status: 400 });
    expect(admit(head('/api/commodity/product/search?keyword=a%00b'))).toMatchObject({
      kind: 'admit',
    });
  });

  it.each(['user@evil', 'a b', '', 'evil.example:99999', 'x/y', '[::zz]', 'ä.example'])(
    'refuses the Host %j with 400',
    (host) => {
      expect(admit(head('/api/health', { host }))).toEqual({
        kind: 'refuse',
        status: 400,
        entry: { code: 400, message: '请求的主机名无效' },
        api: true,
      });
    },
  );

  it('needs a Host from HTTP/1.1, not from HTTP/1.0', () => {
    expect(admit(head('/index', {}))).toMatchObject({ kind: 'refuse', api: false });
    expect(admit({ url: '/index', httpVersion: '1.0', headers: {} })).toMatchObject({
      kind: 'admit',
    });
  });

  it('refuses a target that is no path', () => {
    expect(admit(head('*'))).toMatchObject({ kind: 'refuse', status: 400 });
    expect(admit(head('ftp://x/api/health'))).toMatchObject({ kind: 'refuse', status: 400 });
  });
});

describe('isPlainHost', () => {
  it.each(['shop.test', 'localhost:4321', '127.0.0.1:80', '[::1]:8080', 'shop_web', 'a.b.'])(
    'accepts %s',
    (host) => expect(isPlainHost(host)).toBe(true),
  );
});

describe('refusals', () => {
  it('are the envelope under /api and a line of text elsewhere', () => {
    const entry = { code: 413, message: '请求内容过大' };
    expect(refusalBody(entry, true)).toEqual({
      type: 'application/json; charset=utf-8',
      text: '{"code":413,"message":"请求内容过大","success":false,"data":null}',
    });
    expect(refusalBody(entry, false)).toEqual({
      type: 'text/plain; charset=utf-8',
      text: '请求内容过大\n',
    });
  });

  it('answers what Node cannot parse as a whole response, in the envelope for /api', () => {
    const api = rawRefusal('HPE_HEADER_OVERFLOW', Buffer.from('GET /api/health?x=aaaa'));
    const body = '{"code":431,"message":"请求头过大","success":false,"data":null}';
    expect(api).toBe(
      [
        'HTTP/1.1 431 Request Header Fields Too Large',
        'content-type: application/json; charset=utf-8',
        'cache-control: no-store',
        `content-length: ${Buffer.byteLength(body)}`,
        'connection: close',
        '',
        body,
      ].join('\r\n'),
    );
    const page = rawRefusal('HPE_INVALID_METHOD', Buffer.from('BREW /index HTTP/1.1'));
    expect(page).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(page).toMatch(/\r\n\r\n请求参数错误\n$/);
    expect(rawRefusal('HPE_HEADER_OVERFLOW', undefined)).toContain('text/plain');
  });
});

/** A request whose body the test writes. */
function request(headers: Record<string, string>) {
  const stream = new PassThrough();
  return Object.assign(stream, { headers }) as unknown as IncomingMessage & PassThrough;
}

describe('readLimitedBody', () => {
  it('reads no body when none is announced', async () => {
    await expect(readLimitedBody(request({}), 10)).resolves.toBeUndefined();
  });

  it('refuses a declared length over the limit without reading anything', async () => {
    const req = request({ 'content-length': '11' });
    await expect(readLimitedBody(req, 10)).resolves.toBe('too-large');
    expect(req.listenerCount('data')).toBe(0);
  });

  it('reads a body up to the limit whole', async () => {
    const req = request({ 'transfer-encoding': 'chunked' });
    const body = readLimitedBody(req, 10);
    req.write('12345');
    req.end('67890');
    expect((await body)?.toString()).toBe('1234567890');
  });

  it('refuses a streamed body as soon as it passes the limit, and stops reading', async () => {
    const req = request({ 'transfer-encoding': 'chunked' });
    const body = readLimitedBody(req, 10);
    req.write('123456');
    req.write('789012');
    await expect(body).resolves.toBe('too-large');
    expect(req.isPaused()).toBe(true);
    expect(req.listenerCount('data')).toBe(0);
  });

  it('says when the client went away', async () => {
    const req = request({ 'content-length': '5' });
    const body = readLimitedBody(req, 10);
    req.write('12');
    req.destroy();
    await expect(body).resolves.toBe('aborted');
  });
});

describe('discardBody', () => {
  it('throws the rest away; past the drain limit it stops reading, ends, and destroys later', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const req = request({});
      const socket = { ended: false, destroyed: false };
      Object.assign(req, {
        socket: { end: () => (socket.ended = true), destroy: () => (socket.destroyed = true) },
      });
      discardBody(req, 10, 2_000);
      req.write('1234567890');
      await new Promise((resolve) => setImmediate(resolve));
      expect(socket).toEqual({ ended: false, destroyed: false });
      req.write('1');
      await new Promise((resolve) => setImmediate(resolve));
      expect(socket).toEqual({ ended: true, destroyed: false });
      expect(req.isPaused()).toBe(true);
      vi.advanceTimersByTime(1_999);
      expect(socket.destroyed).toBe(false);
      vi.advanceTimersByTime(1);
      expect(socket.destroyed).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
