import { createCipheriv, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  centsOf,
  decrypt,
  encrypt,
  open,
  orderOutcome,
  seal,
  sign,
  verify,
  yuan,
} from './protocol.server.ts';

const credentials = { appKey: 'app-key-0123456789', des3Key: '0123456789abcdefghijklmn' };

describe('云账户 envelope', () => {
  it('encrypts as 3DES-CBC with the key’s first 8 characters as IV, base64', () => {
    const plain = '{"order_id":"WD1","pay":"12.34"}';
    const reference = createCipheriv('des-ede3-cbc', credentials.des3Key, '01234567');
    const expected = reference.update(plain, 'utf8', 'base64') + reference.final('base64');
    expect(encrypt(plain, credentials.des3Key)).toBe(expected);
    expect(decrypt(expected, credentials.des3Key)).toBe(plain);
  });

  it('signs HMAC-SHA256 over data, mess, timestamp and the key, in hex', () => {
    const fields = { data: 'ZGF0YQ==', mess: 'abc', timestamp: '1700000000000' };
    const expected = createHmac('sha256', credentials.appKey)
      .update(`data=ZGF0YQ==&mess=abc&timestamp=1700000000000&key=${credentials.appKey}`)
      .digest('hex');
    expect(sign(fields, credentials.appKey)).toBe(expected);
    expect(verify({ ...fields, sign: expected }, credentials.appKey)).toBe(true);
    expect(verify({ ...fields, sign: expected }, 'another-key')).toBe(false);
    expect(verify({ ...fields, mess: 'abd', sign: expected }, credentials.appKey)).toBe(false);
    expect(verify({ ...fields, sign: 'zz' }, credentials.appKey)).toBe(false);
  });

  it('opens what it sealed, and nothing forged or unreadable', () => {
    const sealed = seal({ order_id: 'WD1', pay: '12.34' }, credentials, 1_700_000_000_000);
    expect(sealed).toMatchObject({ timestamp: '1700000000000', sign_type: 'sha256' });
    expect(sealed.mess).toMatch(/^[0-9a-f]{32}$/);
    expect(open(sealed, credentials)).toEqual({ order_id: 'WD1', pay: '12.34' });
    expect(
      open({ ...sealed, data: encrypt('{"pay":"99"}', credentials.des3Key) }, credentials),
    ).toBeNull();
    expect(open({ ...sealed, sign: null }, credentials)).toBeNull();
    expect(open(sealed, { ...credentials, appKey: 'another-key' })).toBeNull();
  });

  it('writes amounts in yuan with two decimals and reads them back to cents', () => {
    expect(yuan(1234)).toBe('12.34');
    expect(yuan(5)).toBe('0.05');
    expect(centsOf('12.34')).toBe(1234);
    expect(centsOf('12.3')).toBe(1230);
    expect(centsOf('12')).toBe(1200);
    expect(centsOf('-1')).toBeNull();
    expect(centsOf('1.234')).toBeNull();
  });

  it('tells final outcomes from orders still on their way', () => {
    expect(orderOutcome('1')).toBe('SUCCESS');
    for (const failed of ['2', '9', '15']) expect(orderOutcome(failed)).toBe('FAIL');
    for (const waiting of ['0', '4', '5', '8']) expect(orderOutcome(waiting)).toBe('PENDING');
  });
});
