import { describe, expect, it } from 'vitest';
import { jsSdkConfig, jsSdkSignature, newNonce, signatureBase } from './signature.server.ts';

describe('the JS-SDK signature', () => {
  it('matches the messaging app documentation example', () => {
    // The platform's published example (checked with `sha1sum` on the joined string).
    expect(
      jsSdkSignature({
        ticket:
          'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
        nonceStr: 'Wm3WZYTPz0wzccnW',
        timestamp: 1414587457,
        url: 'http://mp.weixin.qq.com?params=value',
      }),
    ).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed');
  });

  it('signs the URL as it is, query included, fragment left out', () => {
    const input = {
      ticket: 'T',
      nonceStr: 'N',
      timestamp: 1700000000,
      url: 'https://shop.test/brand?shopId=1001&activityNo=A1#top',
    };
    expect(signatureBase(input)).toBe(
      'jsapi_ticket=T&noncestr=N&timestamp=1700000000&url=https://shop.test/brand?shopId=1001&activityNo=A1',
    );
    // sha1sum of the string above.
    expect(jsSdkSignature(input)).toBe('e1ef8245097276b55473b548a280f502b9e4ea67');
  });

  it('hashes the UTF-8 bytes of non-ASCII text', () => {
    // Python: hashlib.sha1('jsapi_ticket=票据&noncestr=abc&timestamp=1&url=…连衣裙'.encode()).
    expect(
      jsSdkSignature({
        ticket: '票据',
        nonceStr: 'abc',
        timestamp: 1,
        url: 'https://shop.test/search?q=连衣裙',
      }),
    ).toBe('74f7888ffc54fbe5135a881cefbbd17c4520cede');
  });

  it('makes nonces of 16 letters and digits, different each time', () => {
    const a = newNonce();
    expect(a).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(newNonce()).not.toBe(a);
  });
});

describe('the SDK config for a page', () => {
  const provider = { appId: 'wxsandbox0000000', jsapiTicket: async () => 'T' };
  const origin = 'https://shop.test';

  it('signs a page of this site with the ticket, a fresh nonce and the time in seconds', async () => {
    const now = new Date(1_700_000_000_500);
    const url = 'https://shop.test/brand?shopId=1001&activityNo=A1#top';
    const config = await jsSdkConfig(provider, url, origin, now);
    expect(config).toMatchObject({ appId: 'wxsandbox0000000', timestamp: 1_700_000_000 });
    expect(config!.signature).toBe(
      jsSdkSignature({ ticket: 'T', nonceStr: config!.nonceStr, timestamp: 1_700_000_000, url }),
    );
  });

  it('signs nothing of another site', async () => {
    for (const url of [
      'https://evil.example/brand',
      'http://shop.test/brand',
      'https://shop.test.evil.example/',
      'https://user@shop.test/brand',
      '/brand?shopId=1001',
      'not a url',
    ])
      expect(await jsSdkConfig(provider, url, origin), url).toBeNull();
  });
});
