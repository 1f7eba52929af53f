import { describe, expect, it } from 'vitest';
import { RequestCookies, parseCookieHeader, serializeCookie } from './cookies.server.ts';

describe('cookies at the front door', () => {
  it('reads the Cookie header as the framework does: trimmed, decoded, the first of a name', () => {
    const cookies = parseCookieHeader(
      ' sid=abc ; shop_id=1001; x=%E5%BA%97; sid=other; bad; y=%zz',
    );
    expect(cookies.get('sid')).toBe('abc');
    expect(cookies.get('shop_id')).toBe('1001');
    expect(cookies.get('x')).toBe('店');
    expect(cookies.get('y')).toBe('%zz');
    expect(cookies.has('bad')).toBe(false);
    expect(parseCookieHeader(undefined).size).toBe(0);
  });

  it('writes Set-Cookie lines with the attributes in the framework’s order', () => {
    expect(
      serializeCookie('shop_id', '1001', {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: false,
        maxAge: 31_536_000,
      }),
    ).toBe('shop_id=1001; Max-Age=31536000; Path=/; HttpOnly; SameSite=Lax');
    expect(
      serializeCookie('a', 'x y', { path: '/', httpOnly: true, sameSite: 'lax', secure: true }),
    ).toBe('a=x%20y; Path=/; HttpOnly; Secure; SameSite=Lax');
  });

  it('a jar answers what was written since, and lists it once per name', () => {
    const jar = new RequestCookies('shop_id=1002');
    expect(jar.get('shop_id')?.value).toBe('1002');
    jar.set('shop_id', '1001', { path: '/' });
    jar.set('shop_id', '1001', { path: '/', maxAge: 5 });
    expect(jar.get('shop_id')?.value).toBe('1001');
    expect(jar.has('arrival_1001')).toBe(false);
    expect(jar.setCookies).toEqual(['shop_id=1001; Max-Age=5; Path=/']);
  });
});
