import { describe, expect, it } from 'vitest';
import { isPlainHost, parsePublicOrigin, siteOrigin } from './origin.ts';

const http = new URL('http://internal:4321/index');
const ask = (
  headers: Record<string, string>,
  more: { publicOrigin?: string; trustProxy?: boolean } = {},
) =>
  siteOrigin({
    publicOrigin: more.publicOrigin,
    trustProxy: more.trustProxy ?? false,
    headers: new Headers(headers),
    url: http,
  });

describe('isPlainHost', () => {
  it.each(['shop.example.com', 'localhost:4321', '127.0.0.1:8080', '[::1]:4321', 'a-b.c'])(
    'accepts %s',
    (host) => expect(isPlainHost(host)).toBe(true),
  );
  it.each([
    'user@evil.example',
    'evil.example/path',
    'a b',
    '',
    'evil.example:99999999',
    '-a.com',
    'x\u0000y',
  ])('refuses %j', (host) => expect(isPlainHost(host)).toBe(false));
});

describe('parsePublicOrigin', () => {
  it('takes an origin, with or without the trailing slash', () => {
    expect(parsePublicOrigin('https://shop.example.com')).toBe('https://shop.example.com');
    expect(parsePublicOrigin('https://shop.example.com/')).toBe('https://shop.example.com');
    expect(parsePublicOrigin('http://localhost:4321')).toBe('http://localhost:4321');
  });
  it.each([
    'shop.example.com',
    'ftp://shop.example.com',
    'https://shop.example.com/shop',
    'https://u:p@shop.example.com',
    'https://shop.example.com/?a=1',
  ])('refuses %s', (value) => expect(parsePublicOrigin(value)).toBeNull());
});

describe('siteOrigin', () => {
  it('is PUBLIC_ORIGIN whatever the request says', () => {
    const site = ask(
      { host: 'evil.example', 'x-forwarded-proto': 'http', 'x-forwarded-host': 'evil.example' },
      { publicOrigin: 'https://shop.example.com', trustProxy: true },
    );
    expect(site).toEqual({
      origin: 'https://shop.example.com',
      host: 'shop.example.com',
      secure: true,
    });
  });

  it('uses a plain Host header, and the connection protocol', () => {
    expect(ask({ host: 'Shop.Example.com:8080' })).toEqual({
      origin: 'http://shop.example.com:8080',
      host: 'shop.example.com:8080',
      secure: false,
    });
  });

  it('never uses a Host header that is not a plain host', () => {
    expect(ask({ host: 'user@evil.example' }).origin).toBe('http://localhost');
  });

  it('ignores X-Forwarded-Proto and -Host without TRUST_PROXY', () => {
    const site = ask({
      host: 'shop.example.com',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'evil.example',
    });
    expect(site).toEqual({
      origin: 'http://shop.example.com',
      host: 'shop.example.com',
      secure: false,
    });
  });

  it('follows the first hop of X-Forwarded-Proto and -Host behind a trusted proxy', () => {
    const site = ask(
      {
        host: 'internal:4321',
        'x-forwarded-proto': 'https, http',
        'x-forwarded-host': 'shop.example.com',
      },
      { trustProxy: true },
    );
    expect(site).toEqual({
      origin: 'https://shop.example.com',
      host: 'shop.example.com',
      secure: true,
    });
  });

  it('falls back to the Host header when the forwarded host is not plain', () => {
    const site = ask(
      { host: 'shop.example.com', 'x-forwarded-host': 'a@b', 'x-forwarded-proto': 'gopher' },
      { trustProxy: true },
    );
    expect(site.origin).toBe('http://shop.example.com');
  });
});
