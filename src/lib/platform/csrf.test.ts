import { describe, expect, it } from 'vitest';
import { isCrossSiteWrite, isOwnNavigation } from './csrf.server.ts';

const headers = (init: Record<string, string>) => new Headers(init);

describe('isCrossSiteWrite', () => {
  it('lets reads through whatever their origin', () => {
    expect(isCrossSiteWrite('GET', headers({ 'sec-fetch-site': 'cross-site' }), 'shop.test')).toBe(
      false,
    );
  });

  it('allows the shop’s own writes by Sec-Fetch-Site', () => {
    expect(
      isCrossSiteWrite('POST', headers({ 'sec-fetch-site': 'same-origin' }), 'shop.test'),
    ).toBe(false);
    expect(isCrossSiteWrite('POST', headers({ 'sec-fetch-site': 'none' }), 'shop.test')).toBe(
      false,
    );
  });

  it('refuses writes from other sites by Sec-Fetch-Site', () => {
    expect(isCrossSiteWrite('POST', headers({ 'sec-fetch-site': 'cross-site' }), 'shop.test')).toBe(
      true,
    );
    expect(
      isCrossSiteWrite('DELETE', headers({ 'sec-fetch-site': 'same-site' }), 'shop.test'),
    ).toBe(true);
  });

  it('compares Origin by host, so https behind a proxy still matches', () => {
    expect(isCrossSiteWrite('POST', headers({ origin: 'https://shop.test' }), 'shop.test')).toBe(
      false,
    );
    expect(isCrossSiteWrite('POST', headers({ origin: 'https://evil.test' }), 'shop.test')).toBe(
      true,
    );
    expect(isCrossSiteWrite('POST', headers({ origin: 'null' }), 'shop.test')).toBe(true);
  });

  it('lets clients that are not browsers through (no Origin, no Sec-Fetch-Site)', () => {
    expect(isCrossSiteWrite('POST', headers({}), 'shop.test')).toBe(false);
  });
});

describe('isOwnNavigation', () => {
  const ask = (headers: Record<string, string>) =>
    isOwnNavigation(new Headers(headers), 'shop.example.com');

  it('takes a navigation from the shop or typed by the shopper', () => {
    expect(ask({ 'sec-fetch-site': 'same-origin' })).toBe(true);
    expect(ask({ 'sec-fetch-site': 'none' })).toBe(true);
  });

  it('refuses one from another site, a sibling site included', () => {
    expect(ask({ 'sec-fetch-site': 'cross-site', referer: 'https://shop.example.com/' })).toBe(
      false,
    );
    expect(ask({ 'sec-fetch-site': 'same-site' })).toBe(false);
  });

  it('without Sec-Fetch-Site, needs a Referer of this host', () => {
    expect(ask({ referer: 'https://shop.example.com/my?shopId=1001' })).toBe(true);
    expect(ask({ referer: 'https://evil.example/shop.example.com' })).toBe(false);
    expect(ask({ referer: 'not a url' })).toBe(false);
    expect(ask({})).toBe(false);
  });
});
