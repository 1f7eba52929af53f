import { describe, expect, it } from 'vitest';
import { backTarget, safeReturnPath, withQuery } from './back.ts';

describe('backTarget', () => {
  it('follows a path of a page of the route table, with its query', () => {
    expect(backTarget('/confirmationOrder?shopId=1001&skuNos=A1,B2')).toBe(
      '/confirmationOrder?shopId=1001&skuNos=A1,B2',
    );
    expect(backTarget('/addressList')).toBe('/addressList');
    expect(backTarget('/my?shopId=1001#top')).toBe('/my?shopId=1001');
  });

  it('ignores anything that could leave the site', () => {
    for (const raw of [
      'https://evil.example/confirmationOrder',
      '//evil.example/confirmationOrder',
      '/\\evil.example/confirmationOrder',
      '\\\\evil.example',
      'javascript:alert(1)',
      ' /confirmationOrder',
      '/\t/evil.example',
      '/%2F%2Fevil.example',
      'confirmationOrder',
    ]) {
      expect(backTarget(raw), raw).toBeNull();
    }
  });

  it('ignores paths that are not pages of the shop', () => {
    expect(backTarget('/api/member/logout')).toBeNull();
    expect(backTarget('/no-such-page')).toBeNull();
    expect(backTarget('/../../etc/passwd')).toBeNull();
    expect(backTarget('')).toBeNull();
    expect(backTarget(null)).toBeNull();
    expect(backTarget(undefined)).toBeNull();
    expect(backTarget(`/my?x=${'a'.repeat(2000)}`)).toBeNull();
  });

  it('sets one query value on the target', () => {
    expect(withQuery('/confirmationOrder?shopId=1001&addressId=3', 'addressId', 7)).toBe(
      '/confirmationOrder?shopId=1001&addressId=7',
    );
  });
});

describe('safeReturnPath', () => {
  it('follows only paths of this site', () => {
    expect(safeReturnPath('/brand?shopId=1001')).toBe('/brand?shopId=1001');
    expect(safeReturnPath('//evil.example/x')).toBeNull();
    expect(safeReturnPath('https://evil.example')).toBeNull();
    expect(safeReturnPath('/\\evil')).toBeNull();
    expect(safeReturnPath('/\t/evil.example')).toBeNull();
    expect(safeReturnPath(undefined)).toBeNull();
  });
});
