import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { canonicalRequest, tc3Authorization, verifyTc3 } from './tc3.ts';

// The vendor's own signer (tencentcloud-sdk-nodejs, common/sign.js) is the reference.
const require = createRequire(import.meta.url);
const Sign = (
  require('tencentcloud-sdk-nodejs/tencentcloud/common/sign.js') as {
    default: {
      sign3(input: {
        method: string;
        url: string;
        payload: unknown;
        timestamp: number;
        service: string;
        secretId: string;
        secretKey: string;
        headers: Record<string, string>;
      }): string;
    };
  }
).default;

const SECRET_ID = 'AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE';
const SECRET_KEY = 'Gu5t9xGARNpq86cd98joQYCN3EXAMPLE';
const TIMESTAMP = 1551113065; // 2019-02-25T16:44:25Z, the vendor's documented example instant
const PAYLOAD = { Limit: 1, Filters: [{ Values: ['未命名'], Name: 'instance-name' }] };
const BODY = JSON.stringify(PAYLOAD);

const sdkAuthorization = (url: string, secretKey = SECRET_KEY) =>
  Sign.sign3({
    method: 'POST',
    url,
    payload: PAYLOAD,
    timestamp: TIMESTAMP,
    service: 'cvm',
    secretId: SECRET_ID,
    secretKey,
    headers: { 'Content-Type': 'application/json' },
  });

const received = (authorization: string, host: string) => ({
  authorization,
  'content-type': 'application/json',
  host,
  'x-tc-action': 'DescribeInstances',
  'x-tc-timestamp': String(TIMESTAMP),
});

function verify(
  headers: Record<string, string>,
  options: { now?: Date; body?: string; hosts?: string[]; services?: string[] } = {},
) {
  return verifyTc3({
    method: 'POST',
    path: '/',
    query: '',
    headers,
    body: options.body ?? BODY,
    hosts: options.hosts ?? ['cvm.tencentcloudapi.com'],
    secretKeyOf: (id) => (id === SECRET_ID ? SECRET_KEY : undefined),
    services: options.services ?? ['cvm'],
    now: options.now ?? new Date(TIMESTAMP * 1000 + 60_000),
  });
}

describe('TC3-HMAC-SHA256', () => {
  it('signs exactly as the vendor SDK does', () => {
    const ours = tc3Authorization({
      secretId: SECRET_ID,
      secretKey: SECRET_KEY,
      service: 'cvm',
      timestamp: TIMESTAMP,
      request: {
        method: 'POST',
        path: '/',
        query: '',
        headers: { 'content-type': 'application/json', host: 'cvm.tencentcloudapi.com' },
        signedHeaders: 'content-type;host',
        body: BODY,
      },
    });
    expect(ours).toBe(sdkAuthorization('https://cvm.tencentcloudapi.com/'));
    expect(ours).toMatch(
      /^TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE\/2019-02-25\/cvm\/tc3_request, SignedHeaders=content-type;host, Signature=[0-9a-f]{64}$/,
    );
  });

  it('builds the documented canonical request (values lower-cased, body hashed)', () => {
    expect(
      canonicalRequest({
        method: 'post',
        path: '/',
        query: '',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          host: 'cvm.tencentcloudapi.com',
          'x-tc-action': 'DescribeInstances',
        },
        signedHeaders: 'content-type;host;x-tc-action',
        body: '',
      }),
    ).toBe(
      'POST\n/\n\ncontent-type:application/json; charset=utf-8\nhost:cvm.tencentcloudapi.com\n' +
        'x-tc-action:describeinstances\n\ncontent-type;host;x-tc-action\n' +
        'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
  });

  it("verifies the SDK's signature, with or without the port in the signed host", () => {
    const auth = sdkAuthorization('http://127.0.0.1:4321/');
    const verdict = verify(received(auth, '127.0.0.1:4321'), {
      hosts: ['127.0.0.1:4321', '127.0.0.1'],
      services: ['cvm'],
    });
    expect(verdict).toEqual({ ok: true, secretId: SECRET_ID, service: 'cvm' });
    expect(verify(received(auth, '127.0.0.1:4321'), { hosts: ['127.0.0.1:4321'] })).toMatchObject({
      ok: false,
      code: 'AuthFailure.SignatureFailure',
    });
  });

  it('refuses a wrong secret, a changed body, an old timestamp, an unknown id and a bad header', () => {
    const good = received(
      sdkAuthorization('https://cvm.tencentcloudapi.com/'),
      'cvm.tencentcloudapi.com',
    );
    expect(verify(good)).toMatchObject({ ok: true });
    const wrongKey = received(
      sdkAuthorization('https://cvm.tencentcloudapi.com/', 'not-the-key'),
      'cvm.tencentcloudapi.com',
    );
    expect(verify(wrongKey)).toMatchObject({ ok: false, code: 'AuthFailure.SignatureFailure' });
    expect(verify(good, { body: BODY.replace('1', '2') })).toMatchObject({
      code: 'AuthFailure.SignatureFailure',
    });
    expect(verify(good, { now: new Date(TIMESTAMP * 1000 + 301_000) })).toMatchObject({
      code: 'AuthFailure.SignatureExpire',
    });
    expect(verify(good, { now: new Date(TIMESTAMP * 1000 + 299_000) })).toMatchObject({ ok: true });
    expect(
      verify({ ...good, authorization: good.authorization.replace(SECRET_ID, 'AKIDother') }),
    ).toMatchObject({ code: 'AuthFailure.SecretIdNotFound' });
    expect(verify({ ...good, authorization: 'Bearer x' })).toMatchObject({
      code: 'AuthFailure.InvalidAuthorization',
    });
    expect(verify(good, { services: ['sms'] })).toMatchObject({
      code: 'AuthFailure.InvalidAuthorization',
    });
  });
});
