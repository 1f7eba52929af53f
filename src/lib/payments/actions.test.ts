import { describe, expect, it, vi } from 'vitest';
import { bridgePay, payTimeLeft } from './actions.ts';
import type { JsapiPayParams } from '#lib/payments/wechatpay/protocol.ts';

describe('payTimeLeft: 支付剩余时间 as mm:ss', () => {
  const now = Date.UTC(2025, 0, 1, 12, 0, 0);
  it('counts whole seconds down to the deadline', () => {
    expect(payTimeLeft(now + 12 * 60_000, now)).toBe('12:00');
    expect(payTimeLeft(now + 11 * 60_000 + 59_999, now)).toBe('11:59');
    expect(payTimeLeft(now + 5_000, now)).toBe('00:05');
  });
  it('keeps counting minutes past an hour', () => {
    expect(payTimeLeft(now + 75 * 60_000, now)).toBe('75:00');
  });
  it('is null once the deadline has come', () => {
    expect(payTimeLeft(now + 999, now)).toBeNull();
    expect(payTimeLeft(now, now)).toBeNull();
    expect(payTimeLeft(now - 1_000, now)).toBeNull();
  });
});

describe('bridgePay: the pay sheet’s answer', () => {
  const request: JsapiPayParams = {
    appId: 'wx0000000000000000',
    timeStamp: '1700000000',
    nonceStr: 'n',
    package: 'prepay_id=wx1',
    signType: 'RSA',
    paySign: 's',
  };
  const answering = (answer: unknown) => ({
    invoke: vi.fn((_name: string, _params: JsapiPayParams, callback: (a: never) => void) =>
      callback(answer as never),
    ),
  });

  it('invokes getBrandWCPayRequest with the signed request as given', async () => {
    const bridge = answering({ err_msg: 'get_brand_wcpay_request:ok' });
    expect(await bridgePay(bridge, request)).toBe('ok');
    expect(bridge.invoke).toHaveBeenCalledWith(
      'getBrandWCPayRequest',
      request,
      expect.any(Function),
    );
  });

  it('tells a cancel from a failure, and reports failures instead of showing them', async () => {
    const reported = vi.spyOn(console, 'error').mockImplementation(() => {});
    const hadReportError = 'reportError' in globalThis;
    const report = vi.fn();
    if (!hadReportError) Object.assign(globalThis, { reportError: report });
    try {
      expect(
        await bridgePay(answering({ err_msg: 'get_brand_wcpay_request:cancel' }), request),
      ).toBe('cancel');
      expect(report).not.toHaveBeenCalled();
      expect(
        await bridgePay(
          answering({ err_msg: 'get_brand_wcpay_request:fail', err_desc: '签名错误' }),
          request,
        ),
      ).toBe('fail');
      expect(await bridgePay(answering(undefined), request)).toBe('fail');
      const throwing = {
        invoke: () => {
          throw new Error('no bridge method');
        },
      };
      expect(await bridgePay(throwing, request)).toBe('fail');
      if (!hadReportError) {
        expect(report).toHaveBeenCalledTimes(3);
        expect(String(report.mock.calls[0]![0])).toContain('签名错误');
      }
    } finally {
      reported.mockRestore();
      if (!hadReportError) delete (globalThis as { reportError?: unknown }).reportError;
    }
  });
});
