import { describe, expect, it } from 'vitest';
import { shopGate } from './shop-gate.ts';

describe('shopGate (shell §4 shop validity, §8)', () => {
  it('opens the app when the shop info read succeeds with a name', () => {
    expect(shopGate({ code: 0, shopName: '小鹿优选' })).toEqual({ open: true });
    expect(shopGate({ code: 200, shopName: '小鹿优选' })).toEqual({ open: true });
  });

  it.each([999999, 999998, 998])('still opens the app on code %s', (code) => {
    expect(shopGate({ code })).toEqual({ open: true });
  });

  it.each([404, 500, 100006, 401, 403, 50001, 997, 999997])(
    'shows the link-expired page with code %s',
    (code) => {
      expect(shopGate({ code, shopName: '小鹿优选' })).toEqual({ open: false, code });
    },
  );

  it('shows the link-expired page with 404 when the answer has no code or no name', () => {
    expect(shopGate({ code: 0 })).toEqual({ open: false, code: 404 });
    expect(shopGate({ code: 0, shopName: '' })).toEqual({ open: false, code: 404 });
    expect(shopGate({ code: 200, shopName: null })).toEqual({ open: false, code: 404 });
  });
});
