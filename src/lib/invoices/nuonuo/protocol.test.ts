/**
 * 诺诺's protocol as the shop writes and reads it: the signature against worked examples (computed
 * apart, with Python's hmac), numbers kept digit for digit, money, rates and times, the answers'
 * numbers, the callback's form and token, and which refusals are worth trying again.
 */
import { describe, expect, it } from 'vitest';
import {
  Code,
  callbackToken,
  callbackUrlWithToken,
  centsOf,
  chinaTime,
  invoiceNumbers,
  nuonuoSign,
  parseLossless,
  parsePlatformTime,
  quantityText,
  rateBp,
  rateText,
  readCallbackForm,
  retryableCode,
  signText,
  unitPriceText,
  verifyCallbackToken,
  verifyNuonuoSign,
  yuan,
} from './protocol.ts';

const call = {
  appKey: 'SD63236305',
  senid: '2a9f7b3c4d5e6f708192a3b4c5d6e7f8',
  nonce: '12345678',
  timestamp: '1795831043',
  body: '{"serialNos":["20160108165823395151"],"isOfferInvoiceDetail":"0"}',
};
const SECRET = 'SDDED2523BED4643';

describe('X-Nuonuo-Sign', () => {
  it('signs the documented text: the API path, app key, senid, nonce, timestamp, body', () => {
    expect(signText(call)).toBe(
      'a=services&l=v1&p=open&k=SD63236305&i=2a9f7b3c4d5e6f708192a3b4c5d6e7f8&n=12345678' +
        '&t=1795831043&f={"serialNos":["20160108165823395151"],"isOfferInvoiceDetail":"0"}',
    );
  });

  it('is base64 HMAC-SHA1 under the app secret (worked examples)', () => {
    expect(nuonuoSign(SECRET, call)).toBe('gJrZcLgzoVUoaKtmpA1fGfBiKek=');
    // Chinese in the body is signed as UTF-8.
    const chinese = {
      ...call,
      nonce: '87654321',
      body: '{"order":{"buyerName":"浙江诺诺网络科技有限公司","orderNo":"R1"}}',
    };
    expect(nuonuoSign(SECRET, chinese)).toBe('NB4zZu+kVaMEQFbKZLcasLfyfdQ=');
  });

  it('verifies only the exact request', () => {
    const sign = nuonuoSign(SECRET, call);
    expect(verifyNuonuoSign(SECRET, call, sign)).toBe(true);
    expect(verifyNuonuoSign(SECRET, call, ` ${sign} `)).toBe(true);
    expect(verifyNuonuoSign('OTHER', call, sign)).toBe(false);
    expect(verifyNuonuoSign(SECRET, { ...call, body: `${call.body} ` }, sign)).toBe(false);
    expect(verifyNuonuoSign(SECRET, { ...call, nonce: '12345679' }, sign)).toBe(false);
    expect(verifyNuonuoSign(SECRET, call, '')).toBe(false);
  });
});

describe('numbers of the invoice', () => {
  it('keeps a 20-digit number sent as a JSON number digit for digit', () => {
    const parsed = parseLossless(
      '{"allElectronicInvoiceNumber":26332000000123456789,"invoiceTime":1790121600000,' +
        '"serialNo":20160108165823395151,"num":2,"invoiceNo":12345678}',
    ) as Record<string, unknown>;
    expect(parsed.allElectronicInvoiceNumber).toBe('26332000000123456789');
    expect(parsed.serialNo).toBe('20160108165823395151');
    expect(parsed.invoiceNo).toBe('12345678');
    // Times and quantities stay numbers.
    expect(parsed.invoiceTime).toBe(1790121600000);
    expect(parsed.num).toBe(2);
  });

  it('keeps them as text, leading zeros and all, when sent as text', () => {
    const parsed = parseLossless(
      '{"result":[{"invoiceNo":"00123456","invoiceCode":"033001900211"}]}',
    );
    expect(parsed).toEqual({ result: [{ invoiceNo: '00123456', invoiceCode: '033001900211' }] });
  });

  it('reads 数电 numbers alone and older ones with their code', () => {
    expect(
      invoiceNumbers({ allElectronicInvoiceNumber: '26332000000123456789', invoiceNo: '' }),
    ).toEqual({ invoiceNo: '26332000000123456789', invoiceCode: null });
    // A 数电 paper invoice also has an 8-digit number and a code: the 20 digits are its number.
    expect(
      invoiceNumbers({
        allElectronicInvoiceNumber: '26332000000123456789',
        invoiceNo: '00123456',
        invoiceCode: '033001900211',
      }),
    ).toEqual({ invoiceNo: '26332000000123456789', invoiceCode: null });
    expect(invoiceNumbers({ invoiceNo: '26332000000123456789', invoiceCode: '' })).toEqual({
      invoiceNo: '26332000000123456789',
      invoiceCode: null,
    });
    expect(invoiceNumbers({ invoiceNo: '00123456', invoiceCode: '033001900211' })).toEqual({
      invoiceNo: '00123456',
      invoiceCode: '033001900211',
    });
    expect(invoiceNumbers({ invoiceNo: '00123456', invoiceCode: '0330019002' })).toEqual({
      invoiceNo: '00123456',
      invoiceCode: '0330019002',
    });
    // A rounded number (what a double makes of 20 digits) is no number.
    expect(invoiceNumbers({ allElectronicInvoiceNumber: '2.6332e+19' })).toBeNull();
    expect(invoiceNumbers({ invoiceNo: '123456', invoiceCode: '033001900211' })).toBeNull();
  });
});

describe('money, rates, quantities and times', () => {
  it('writes cents as yuan with two decimals and reads them back', () => {
    expect(yuan(11300)).toBe('113.00');
    expect(yuan(5)).toBe('0.05');
    expect(yuan(-1305)).toBe('-13.05');
    expect(yuan(0)).toBe('0.00');
    expect(() => yuan(1.5)).toThrow();
    expect(centsOf('113.00')).toBe(11300);
    expect(centsOf('-0.3')).toBe(-30);
    expect(centsOf('7')).toBe(700);
    expect(centsOf('12.340')).toBe(1234);
    expect(centsOf(12.5)).toBe(1250);
    expect(centsOf('12.345')).toBeNull();
    expect(centsOf('abc')).toBeNull();
  });

  it('writes the rate as a decimal', () => {
    expect(rateText(1300)).toBe('0.13');
    expect(rateText(600)).toBe('0.06');
    expect(rateText(900)).toBe('0.09');
    expect(rateText(150)).toBe('0.015');
    expect(rateText(0)).toBe('0');
    expect(rateBp('0.13')).toBe(1300);
    expect(rateBp('0.015')).toBe(150);
    expect(rateBp(0.06)).toBe(600);
    expect(rateBp('13%')).toBeNull();
    expect(() => rateText(-1)).toThrow();
  });

  it('writes the unit price tax included, exact to 8 decimals, positive on a red letter', () => {
    expect(unitPriceText(11300, 1)).toBe('113');
    expect(unitPriceText(5000, 2)).toBe('25');
    expect(unitPriceText(10000, 3)).toBe('33.33333333');
    expect(unitPriceText(20000, 3)).toBe('66.66666667');
    expect(unitPriceText(-5000, -2)).toBe('25');
    expect(unitPriceText(1, 1)).toBe('0.01');
    expect(quantityText(2)).toBe('2');
    expect(quantityText(-2)).toBe('-2');
    expect(quantityText(0.5)).toBe('0.5');
  });

  it('writes and reads the platform times in China time', () => {
    const at = new Date('2026-11-21T02:00:03Z');
    expect(chinaTime(at)).toBe('2026-11-21 10:00:03');
    expect(parsePlatformTime('2026-11-21 10:00:03')).toEqual(at);
    expect(parsePlatformTime(at.getTime())).toEqual(at);
    expect(parsePlatformTime(String(at.getTime()))).toEqual(at);
    expect(parsePlatformTime('')).toBeNull();
    expect(parsePlatformTime(null)).toBeNull();
  });
});

describe('the callback', () => {
  it('reads operater=callback, orderno and the content’s serial number and status', () => {
    const form = new URLSearchParams({
      operater: 'callback',
      orderno: 'R20261121001',
      content:
        '{"c_status":"1","c_fpqqlsh":20160108165823395151,"c_fphm":"","c_kprq":1790121600000}',
    });
    expect(readCallbackForm(form)).toMatchObject({
      orderNo: 'R20261121001',
      serialNo: '20160108165823395151',
      status: '1',
    });
    expect(
      readCallbackForm(new URLSearchParams({ ...Object.fromEntries(form), operater: 'x' })),
    ).toBeNull();
    expect(
      readCallbackForm(new URLSearchParams({ operater: 'callback', orderno: 'R1', content: '[' })),
    ).toBeNull();
    expect(
      readCallbackForm(new URLSearchParams({ operater: 'callback', content: '{}' })),
    ).toBeNull();
  });

  it('carries a token of its order number in the URL', () => {
    const url = callbackUrlWithToken(
      'https://shop.example.com/api/invoice/notify/nuonuo?a=1',
      SECRET,
      'R1',
    );
    const parsed = new URL(url);
    expect(parsed.searchParams.get('a')).toBe('1');
    const token = parsed.searchParams.get('nt')!;
    expect(token).toBe(callbackToken(SECRET, 'R1'));
    expect(token).toHaveLength(32);
    expect(verifyCallbackToken(SECRET, 'R1', token)).toBe(true);
    expect(verifyCallbackToken(SECRET, 'R2', token)).toBe(false);
    expect(verifyCallbackToken('OTHER', 'R1', token)).toBe(false);
    expect(verifyCallbackToken(SECRET, 'R1', '')).toBe(false);
  });
});

describe('refusals worth trying again', () => {
  it('are the platform’s own faults and a refused token, never the request or the keys', () => {
    expect(retryableCode(Code.TokenRefused)).toBe(true);
    expect(retryableCode('040102')).toBe(true);
    expect(retryableCode('0203')).toBe(true);
    expect(retryableCode('E9999')).toBe(true);
    expect(retryableCode(Code.SignatureRefused)).toBe(false);
    expect(retryableCode('070101')).toBe(false);
    expect(retryableCode('070302')).toBe(false);
    expect(retryableCode('0201')).toBe(false);
    expect(retryableCode('E9101')).toBe(false);
    expect(retryableCode(Code.Duplicate)).toBe(false);
  });
});
