import { describe, expect, it } from 'vitest';
import { cashierPageUrl, cashierReturnUrl, isSameOriginPost, merchantOrigin } from './cashier.ts';

const ORIGIN = 'https://shop.example.com';

describe('the cashier page rules', () => {
  it('sends the browser back only to this origin over http(s)', () => {
    expect(cashierReturnUrl(`${ORIGIN}/paySuccess?orderNo=1`, [ORIGIN])).toBe(
      `${ORIGIN}/paySuccess?orderNo=1`,
    );
    expect(cashierReturnUrl('/orderDetail?orderNo=1', [ORIGIN])).toBe(
      `${ORIGIN}/orderDetail?orderNo=1`,
    );
    for (const other of [
      'https://evil.example.com/',
      '//evil.example.com/x',
      'http://shop.example.com/',
      'javascript:alert(1)',
      'https://user:pw@shop.example.com/',
      'https://shop.example.com:8443/',
      'http://[::1',
      '',
      null,
    ]) {
      expect(cashierReturnUrl(other, [ORIGIN, null]), String(other)).toBeNull();
    }
  });

  it("sends the browser back to the merchant's site: the origin of its notify_url", () => {
    const merchant = merchantOrigin('https://merchant.example.com/api/payment/notify/wechatpay');
    expect(merchant).toBe('https://merchant.example.com');
    expect(
      cashierReturnUrl('https://merchant.example.com/success?paymentNo=P1', [ORIGIN, merchant]),
    ).toBe('https://merchant.example.com/success?paymentNo=P1');
    expect(cashierReturnUrl('https://evil.example.com/success', [ORIGIN, merchant])).toBeNull();
    expect(merchantOrigin('not a url')).toBeNull();
  });

  it('takes form posts from this origin only', () => {
    const post = (headers: Record<string, string>) =>
      isSameOriginPost(new Headers(headers), 'shop.example.com');
    expect(post({ 'sec-fetch-site': 'same-origin' })).toBe(true);
    expect(post({ 'sec-fetch-site': 'same-site', origin: ORIGIN })).toBe(false);
    expect(post({ 'sec-fetch-site': 'cross-site' })).toBe(false);
    expect(post({ origin: ORIGIN })).toBe(true);
    expect(post({ origin: 'https://evil.example.com' })).toBe(false);
    expect(post({ origin: 'null' })).toBe(false);
    expect(post({})).toBe(false);
  });

  it('links back to itself with what happened', () => {
    expect(
      cashierPageUrl({ prepayId: 'wx1', redirectUrl: `${ORIGIN}/a?b=1`, result: 'paid' }),
    ).toBe(
      '/sandbox/wechatpay/cashier?prepay_id=wx1&redirect_url=https%3A%2F%2Fshop.example.com%2Fa%3Fb%3D1&result=paid',
    );
  });
});
