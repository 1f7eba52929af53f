import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  authorization,
  chinaTime,
  decryptResource,
  encryptResource,
  jsapiPayParams,
  parseAuthorization,
  payRequestMessage,
  requestMessage,
  responseMessage,
  rsaVerify,
  signedHeaders,
  verifySignedHeaders,
} from './protocol.ts';

const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
const API_V3_KEY = '0123456789abcdefghijklmnopqrstuv';
const NOW = new Date('2026-11-23T10:00:00Z');
const T = Math.floor(NOW.getTime() / 1000);

const headers = (record: Record<string, string>) => new Headers(record);

describe('the merchant request signature', () => {
  it('signs METHOD, URL, timestamp, nonce and body, each followed by a newline', () => {
    expect(
      requestMessage({ method: 'get', url: '/v3/x?a=1', timestamp: 1, nonce: 'N', body: '' }),
    ).toBe('GET\n/v3/x?a=1\n1\nN\n\n');
    const header = authorization({
      mchId: '1900000109',
      serial: 'ABC123',
      privateKey: merchant.privateKey,
      method: 'POST',
      url: '/v3/pay/transactions/h5',
      body: '{"a":1}',
      nonce: 'NONCE',
      timestamp: T,
    });
    expect(header).toMatch(/^WECHATPAY2-SHA256-RSA2048 mchid="1900000109",nonce_str="NONCE",/);
    const fields = parseAuthorization(header)!;
    expect(fields).toMatchObject({
      mchid: '1900000109',
      serial_no: 'ABC123',
      timestamp: String(T),
    });
    const message = `POST\n/v3/pay/transactions/h5\n${T}\nNONCE\n{"a":1}\n`;
    expect(rsaVerify(message, fields.signature, merchant.publicKey)).toBe(true);
    // The same signature does not cover another body.
    expect(rsaVerify(message.replace('"a":1', '"a":2'), fields.signature, merchant.publicKey)).toBe(
      false,
    );
  });

  it('is not read from another scheme or a header missing a field', () => {
    expect(parseAuthorization(null)).toBeNull();
    expect(parseAuthorization('Bearer x')).toBeNull();
    expect(parseAuthorization('WECHATPAY2-SHA256-RSA2048 mchid="1",nonce_str="n"')).toBeNull();
  });
});

describe('signed answers and notifications', () => {
  const keys = new Map([['PUB_KEY_ID_1', platform.publicKey]]);
  const signed = (
    body: string,
    timestamp = T,
    serial = 'PUB_KEY_ID_1',
    key = platform.privateKey,
  ) => headers(signedHeaders({ body, serial, privateKey: key, timestamp, nonce: 'ABC' }));

  it('verify with the platform key within five minutes either way', () => {
    expect(responseMessage(T, 'ABC', '{}')).toBe(`${T}\nABC\n{}\n`);
    const body = '{"prepay_id":"wx1"}';
    expect(verifySignedHeaders({ headers: signed(body), body, keys, now: NOW })).toEqual({
      ok: true,
    });
    expect(verifySignedHeaders({ headers: signed(body, T - 300), body, keys, now: NOW }).ok).toBe(
      true,
    );
    expect(verifySignedHeaders({ headers: signed(body, T - 301), body, keys, now: NOW })).toEqual({
      ok: false,
      reason: 'timestamp',
    });
    expect(verifySignedHeaders({ headers: signed(body, T + 301), body, keys, now: NOW })).toEqual({
      ok: false,
      reason: 'timestamp',
    });
  });

  it('refuse a changed body, an unknown serial, another key and missing headers', () => {
    const body = '{"amount":{"total":100}}';
    expect(
      verifySignedHeaders({
        headers: signed(body),
        body: body.replace('100', '1'),
        keys,
        now: NOW,
      }),
    ).toEqual({ ok: false, reason: 'signature' });
    expect(
      verifySignedHeaders({ headers: signed(body, T, 'PUB_KEY_ID_2'), body, keys, now: NOW }),
    ).toEqual({ ok: false, reason: 'serial' });
    expect(
      verifySignedHeaders({
        headers: signed(body, T, 'PUB_KEY_ID_1', merchant.privateKey),
        body,
        keys,
        now: NOW,
      }),
    ).toEqual({ ok: false, reason: 'signature' });
    expect(verifySignedHeaders({ headers: headers({}), body, keys, now: NOW })).toEqual({
      ok: false,
      reason: 'missing',
    });
  });
});

describe('AEAD_AES_256_GCM resources', () => {
  it('decrypt with the API v3 key and the same associated data only', () => {
    const resource = encryptResource({
      plaintext: '{"trade_state":"SUCCESS"}',
      apiV3Key: API_V3_KEY,
      associatedData: 'transaction',
      originalType: 'transaction',
    });
    expect(resource).toMatchObject({ algorithm: 'AEAD_AES_256_GCM', original_type: 'transaction' });
    expect(resource.nonce).toHaveLength(12);
    expect(decryptResource(resource, API_V3_KEY)).toBe('{"trade_state":"SUCCESS"}');
    expect(decryptResource(resource, API_V3_KEY.replace('0', '1'))).toBeNull();
    expect(decryptResource({ ...resource, associated_data: 'refund' }, API_V3_KEY)).toBeNull();
    const bytes = Buffer.from(resource.ciphertext, 'base64');
    bytes[0] = bytes[0]! ^ 1;
    expect(
      decryptResource({ ...resource, ciphertext: bytes.toString('base64') }, API_V3_KEY),
    ).toBeNull();
  });
});

describe('the in-app pay request', () => {
  it('signs appId, timeStamp, nonceStr and package with the merchant key (signType RSA)', () => {
    const params = jsapiPayParams({
      appId: 'wx123',
      prepayId: 'wx201410272009395522657a690389285100',
      privateKey: merchant.privateKey,
      nonce: 'N1',
      timestamp: T,
    });
    expect(params).toMatchObject({
      appId: 'wx123',
      timeStamp: String(T),
      nonceStr: 'N1',
      package: 'prepay_id=wx201410272009395522657a690389285100',
      signType: 'RSA',
    });
    expect(payRequestMessage(params)).toBe(
      `wx123\n${T}\nN1\nprepay_id=wx201410272009395522657a690389285100\n`,
    );
    expect(rsaVerify(payRequestMessage(params), params.paySign, merchant.publicKey)).toBe(true);
  });
});

describe('chinaTime', () => {
  it('writes RFC 3339 in +08:00', () => {
    expect(chinaTime(new Date('2026-11-23T02:12:00.500Z'))).toBe('2026-11-23T10:12:00+08:00');
  });
});
