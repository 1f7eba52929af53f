import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env.server.ts';

describe('parseEnv', () => {
  it('gives the documented defaults for an empty environment', () => {
    expect(parseEnv({})).toEqual({
      SHOP_MODE: 'demo',
      PORT: 4321,
      HOST: '0.0.0.0',
      DATA_DIR: './.data',
      DATABASE_URL: undefined,
      PUBLIC_ORIGIN: undefined,
      DEFAULT_SHOP_ID: '1001',
      SMS_PROVIDER: 'aliyun',
      SMS_DEV_OUTBOX: false,
      TRUST_PROXY: 0,
      PAYMENT_PROVIDER: 'sandbox',
      WECHATPAY_MCH_ID: undefined,
      WECHATPAY_MCH_SERIAL: undefined,
      WECHATPAY_MCH_PRIVATE_KEY: undefined,
      WECHATPAY_API_V3_KEY: undefined,
      WECHATPAY_PLATFORM_KEY_ID: undefined,
      WECHATPAY_PLATFORM_PUBLIC_KEY: undefined,
      WECHATPAY_BASE_URL: 'https://api.mch.weixin.qq.com/',
      MESSAGING_APP_PROVIDER: 'wechat',
      WECHAT_APP_ID: undefined,
      WECHAT_APP_SECRET: undefined,
      WECHAT_OPEN_BASE_URL: undefined,
      WECHAT_API_BASE_URL: undefined,
      LOGISTICS_PROVIDER: 'kuaidi100',
      INVOICE_PROVIDER: 'nuonuo',
      IDENTITY_CHECKS_PER_DAY: 5,
      SANDBOX_MERCHANT_ORIGINS: [],
      ALIYUN_ACCESS_KEY_ID: undefined,
      ALIYUN_ACCESS_KEY_SECRET: undefined,
      ALIYUN_SMS_SIGN_NAME: undefined,
      ALIYUN_SMS_TEMPLATE_CODE: undefined,
      ALIYUN_SMS_BASE_URL: undefined,
      PAYOUT_PROVIDER: 'wechatpay',
      WECHATPAY_TRANSFER_SCENE_ID: '1005',
      CARD_PAYOUT_PROVIDER: 'yunzhanghu',
      IDENTITY_PROVIDER: 'tencentcloud',
      NODE_ENV: 'development',
    });
  });

  it('reads every variable', () => {
    const env = parseEnv({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/shop',
      DATABASE_URL: 'postgres://u@127.0.0.1:5432/shop',
      DEFAULT_SHOP_ID: '1002',
      PUBLIC_ORIGIN: 'https://shop.example.com/',
      SHOP_MODE: 'demo',
      NODE_ENV: 'production',
    });
    expect(env).toMatchObject({
      PUBLIC_ORIGIN: 'https://shop.example.com',
      PORT: 8080,
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/shop',
      DATABASE_URL: 'postgres://u@127.0.0.1:5432/shop',
      DEFAULT_SHOP_ID: '1002',
      NODE_ENV: 'production',
    });
  });

  it('treats an empty DATABASE_URL or PORT as unset', () => {
    expect(parseEnv({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
    expect(parseEnv({ PORT: '' }).PORT).toBe(4321);
  });

  it('never prints a password from a bad value', () => {
    expect(() => parseEnv({ DATABASE_URL: 'mysql://shop:s3cret@db/shop' })).toThrow(
      'Invalid environment variable DATABASE_URL="mysql://shop:***@db/shop"',
    );
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/shop'],
    ['DEFAULT_SHOP_ID', '<script>'],
    ['SMS_PROVIDER', 'carrier-pigeon'],
    ['PAYMENT_PROVIDER', 'cash'],
    ['NODE_ENV', 'staging'],
  ])('rejects %s=%s with one line naming the variable', (name, value) => {
    let error: unknown;
    try {
      parseEnv({ [name]: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    const message = (error as Error).message;
    expect(message).toContain(`Invalid environment variable ${name}=`);
    expect(message).not.toContain('\n');
  });

  it('refuses a PUBLIC_ORIGIN that is not an origin, naming the variable', () => {
    expect(() => parseEnv({ PUBLIC_ORIGIN: 'https://shop.example.com/shop' })).toThrow(
      'Invalid environment variable PUBLIC_ORIGIN="https://shop.example.com/shop": must be http(s)://host[:port] with nothing after it',
    );
  });

  it('reads TRUST_PROXY as a number of proxies, the switch words as none or one', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(0);
    expect(parseEnv({ TRUST_PROXY: 'on' }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: 'off' }).TRUST_PROXY).toBe(0);
    expect(() => parseEnv({ TRUST_PROXY: 'yes' })).toThrow(
      'Invalid environment variable TRUST_PROXY',
    );
  });

  describe('the WeChat Pay settings', () => {
    const merchant = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    const platform = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    const dir = mkdtempSync(path.join(tmpdir(), 'wechatpay-'));
    const platformFile = path.join(dir, 'pub_key.pem');
    writeFileSync(platformFile, platform.publicKey);
    // A public demo that pays through the real gateway: the payment settings on their own.
    const full = {
      SHOP_MODE: 'demo',
      PAYMENT_PROVIDER: 'wechatpay',
      PUBLIC_ORIGIN: 'https://shop.example.com',
      WECHATPAY_MCH_ID: '1900000109',
      WECHATPAY_MCH_SERIAL: '3775B6A45ACD588826D15E583A95F5DD00000000',
      WECHATPAY_MCH_PRIVATE_KEY: merchant.privateKey,
      WECHATPAY_API_V3_KEY: '0123456789abcdefghijklmnopqrstuv',
      WECHATPAY_PLATFORM_KEY_ID: 'PUB_KEY_ID_0114232134912410000000000000',
      WECHATPAY_PLATFORM_PUBLIC_KEY: platformFile,
    };
    const failure = (source: Record<string, string>) => {
      try {
        parseEnv(source);
      } catch (error) {
        return (error as Error).message;
      }
      return null;
    };

    it('read every key, a PEM given as its text or as a file path', () => {
      const env = parseEnv(full);
      expect(env.PAYMENT_PROVIDER).toBe('wechatpay');
      expect(env.WECHATPAY_PLATFORM_PUBLIC_KEY).toBe(platform.publicKey);
      expect(env.WECHATPAY_MCH_PRIVATE_KEY).toBe(merchant.privateKey.trim());
      expect(env.WECHATPAY_BASE_URL).toBe('https://api.mch.weixin.qq.com/');
    });

    it.each(Object.keys(full).filter((name) => !['PAYMENT_PROVIDER', 'SHOP_MODE'].includes(name)))(
      'stop the start with one line when %s is missing',
      (name) => {
        const message = failure({ ...full, [name]: '' });
        expect(message).toMatch(new RegExp(`^Missing environment variable ${name}: `));
        expect(message).toContain('is required with PAYMENT_PROVIDER=wechatpay');
        expect(message).not.toContain('\n');
      },
    );

    it('refuse a bad key without printing it', () => {
      const message = failure({
        ...full,
        WECHATPAY_MCH_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\nnope',
      });
      expect(message).toBe(
        'Invalid environment variable WECHATPAY_MCH_PRIVATE_KEY="***": is not a readable private key in PEM',
      );
      expect(failure({ ...full, WECHATPAY_PLATFORM_PUBLIC_KEY: '/no/such/file.pem' })).toContain(
        'must be a PEM key or the path of a PEM file',
      );
      expect(failure({ ...full, WECHATPAY_API_V3_KEY: 'short' })).toBe(
        'Invalid environment variable WECHATPAY_API_V3_KEY="***": must be the 32-character API v3 key',
      );
      expect(failure({ ...full, WECHATPAY_MCH_ID: 'abc' })).toContain(
        'must be the merchant number',
      );
    });

    it('let the sandbox take given merchant keys only as a whole', () => {
      const { PAYMENT_PROVIDER: _, ...keys } = full;
      expect(parseEnv(keys).PAYMENT_PROVIDER).toBe('sandbox');
      expect(failure({ WECHATPAY_MCH_ID: '1900000109' })).toBe(
        [
          'Missing environment variable WECHATPAY_MCH_SERIAL: is required with the other WECHATPAY_MCH_* settings',
          'Missing environment variable WECHATPAY_MCH_PRIVATE_KEY: is required with the other WECHATPAY_MCH_* settings',
          'Missing environment variable WECHATPAY_API_V3_KEY: is required with the other WECHATPAY_MCH_* settings',
        ].join('\n'),
      );
    });
  });

  describe('the mode', () => {
    it('is demo without PUBLIC_ORIGIN and production with it', () => {
      expect(parseEnv({}).SHOP_MODE).toBe('demo');
      expect(() => parseEnv({ PUBLIC_ORIGIN: 'https://shop.example.com' })).toThrow(EnvError);
      expect(
        parseEnv({ PUBLIC_ORIGIN: 'https://demo.example.com', SHOP_MODE: 'demo' }).SHOP_MODE,
      ).toBe('demo');
    });

    it('names every missing provider setting in production, one line each', () => {
      let message = '';
      try {
        parseEnv({ SHOP_MODE: 'production' });
      } catch (error) {
        message = (error as Error).message;
      }
      const lines = message.split('\n');
      expect(lines).toContain(
        'Missing environment variable PUBLIC_ORIGIN: is required in production',
      );
      expect(lines).toContain(
        'Missing environment variable PAYMENT_PROVIDER: must be wechatpay in production (the sandbox is for demos)',
      );
      expect(
        lines.every((line) => /^(Missing|Invalid) environment variable [A-Z0-9_]+/.test(line)),
      ).toBe(true);
    });

    it('refuses the console SMS provider in production, with one line', () => {
      const lines = (source: Record<string, string>) => {
        try {
          parseEnv({ PUBLIC_ORIGIN: 'https://shop.example.com', ...source });
        } catch (error) {
          return (error as Error).message.split('\n').filter((line) => line.includes('SMS_'));
        }
        return [];
      };
      expect(lines({ SMS_PROVIDER: 'console' })).toEqual([
        'Invalid environment variable SMS_PROVIDER="console": must be tencentcloud or aliyun in production (console is for demos)',
      ]);
      expect(lines({})).toEqual([
        'Missing environment variable SMS_PROVIDER: must be tencentcloud or aliyun in production (console is for demos)',
      ]);
    });

    it('requires every Aliyun SMS setting with SMS_PROVIDER=aliyun in production', () => {
      const aliyun = {
        ALIYUN_ACCESS_KEY_ID: 'LTAI5tExampleKeyId0000',
        ALIYUN_ACCESS_KEY_SECRET: 'ExampleSecret0000000000000000',
        ALIYUN_SMS_SIGN_NAME: '小店',
        ALIYUN_SMS_TEMPLATE_CODE: 'SMS_154950909',
      };
      const problems = (source: Record<string, string>) => {
        try {
          parseEnv({
            PUBLIC_ORIGIN: 'https://shop.example.com',
            SMS_PROVIDER: 'aliyun',
            ...source,
          });
        } catch (error) {
          return (error as Error).message.split('\n').filter((line) => /SMS|ALIYUN/.test(line));
        }
        return [];
      };
      expect(problems({})).toEqual(
        Object.keys(aliyun).map(
          (name) =>
            `Missing environment variable ${name}: is required with SMS_PROVIDER=aliyun in production`,
        ),
      );
      expect(problems(aliyun)).toEqual([]);
      expect(problems({ ...aliyun, ALIYUN_SMS_TEMPLATE_CODE: '154950909' })).toEqual([
        'Invalid environment variable ALIYUN_SMS_TEMPLATE_CODE="154950909": must be a template code such as SMS_154950909',
      ]);
      expect(problems({ ...aliyun, ALIYUN_ACCESS_KEY_SECRET: 'short' })).toEqual([
        'Invalid environment variable ALIYUN_ACCESS_KEY_SECRET="***": must be an AccessKey secret (letters and digits)',
      ]);
    });

    it('pays cards through 云账户 in a demo, and in production only with its settings', () => {
      expect(parseEnv({}).CARD_PAYOUT_PROVIDER).toBe('yunzhanghu');
      expect(parseEnv({ CARD_PAYOUT_PROVIDER: 'none' }).CARD_PAYOUT_PROVIDER).toBe('none');
      const problems = (source: Record<string, string>) => {
        try {
          return parseEnv({ PUBLIC_ORIGIN: 'https://shop.example.com', ...source })
            .CARD_PAYOUT_PROVIDER;
        } catch (error) {
          return (error as Error).message
            .split('\n')
            .filter((line) => /YUNZHANGHU|CARD_/.test(line));
        }
      };
      // Production's other settings are missing too: only these lines are looked at.
      expect(problems({})).toEqual([]);
      const settings = {
        YUNZHANGHU_DEALER_ID: '27310001',
        YUNZHANGHU_BROKER_ID: 'yiyun73',
        YUNZHANGHU_APP_KEY: 'example-app-key-0001',
        YUNZHANGHU_DES3_KEY: 'example-des3-key-0000001',
      };
      expect(problems({ CARD_PAYOUT_PROVIDER: 'yunzhanghu' })).toEqual(
        Object.keys(settings).map(
          (name) =>
            `Missing environment variable ${name}: is required with CARD_PAYOUT_PROVIDER=yunzhanghu in production`,
        ),
      );
      expect(problems({ CARD_PAYOUT_PROVIDER: 'yunzhanghu', ...settings })).toEqual([]);
      expect(
        problems({ CARD_PAYOUT_PROVIDER: 'yunzhanghu', ...settings, YUNZHANGHU_DES3_KEY: 'short' }),
      ).toEqual([
        'Invalid environment variable YUNZHANGHU_DES3_KEY="***": must be the 24-character 3DES key',
      ]);
    });

    it('takes Aliyun keys in a demo as a pair or not at all', () => {
      expect(parseEnv({ SMS_PROVIDER: 'aliyun' }).ALIYUN_ACCESS_KEY_ID).toBeUndefined();
      expect(() => parseEnv({ ALIYUN_ACCESS_KEY_ID: 'LTAI5tExampleKeyId0000' })).toThrow(
        'Missing environment variable ALIYUN_ACCESS_KEY_SECRET: is required with the other ALIYUN_ACCESS_KEY_* setting',
      );
      expect(() => parseEnv({ ALIYUN_ACCESS_KEY_SECRET: 'ExampleSecret0000000000000000' })).toThrow(
        'Missing environment variable ALIYUN_ACCESS_KEY_ID: is required with the other ALIYUN_ACCESS_KEY_* setting',
      );
      expect(
        parseEnv({
          SMS_PROVIDER: 'aliyun',
          ALIYUN_ACCESS_KEY_ID: 'LTAI5tExampleKeyId0000',
          ALIYUN_ACCESS_KEY_SECRET: 'ExampleSecret0000000000000000',
          ALIYUN_SMS_BASE_URL: 'http://127.0.0.1:4321',
        }),
      ).toMatchObject({
        SHOP_MODE: 'demo',
        SMS_PROVIDER: 'aliyun',
        ALIYUN_SMS_BASE_URL: 'http://127.0.0.1:4321',
      });
      expect(() => parseEnv({ ALIYUN_SMS_BASE_URL: 'https://dysmsapi.aliyuncs.com/x' })).toThrow(
        'Invalid environment variable ALIYUN_SMS_BASE_URL="https://dysmsapi.aliyuncs.com/x": must be http(s)://host[:port] with nothing after it',
      );
    });

    it('needs the official account in production, and the wechat provider there', () => {
      const problems = (source: Record<string, string>) => {
        try {
          parseEnv(source);
          return [];
        } catch (error) {
          return (error as Error).message.split('\n');
        }
      };
      const lines = problems({ SHOP_MODE: 'production', MESSAGING_APP_PROVIDER: 'sandbox' });
      expect(lines).toContain(
        'Missing environment variable WECHAT_APP_ID: is required in production',
      );
      expect(lines).toContain(
        'Missing environment variable WECHAT_APP_SECRET: is required in production',
      );
      expect(lines).toContain(
        'Invalid environment variable MESSAGING_APP_PROVIDER="sandbox": must be wechat in production (the sandbox is for demos)',
      );
      // A demo: the sandbox's alias is accepted; the account all or none, its secret never shown.
      expect(parseEnv({ MESSAGING_APP_PROVIDER: 'sandbox' }).MESSAGING_APP_PROVIDER).toBe(
        'sandbox',
      );
      const half = problems({ WECHAT_APP_SECRET: 'abcdef0123456789abcdef0123456789' });
      expect(half).toEqual([
        'Missing environment variable WECHAT_APP_ID: is required with the other WECHAT_APP_* setting',
      ]);
      expect(
        parseEnv({
          WECHAT_APP_ID: 'wx1234567890abcdef',
          WECHAT_APP_SECRET: 'abcdef0123456789abcdef0123456789',
        }),
      ).toMatchObject({ WECHAT_APP_ID: 'wx1234567890abcdef' });
      expect(
        problems({ WECHAT_APP_ID: 'wx1', WECHAT_APP_SECRET: 'short' }).join('\n'),
      ).not.toContain('short');
    });

    it('never lets the dev outbox on in production', () => {
      let message = '';
      try {
        parseEnv({ PUBLIC_ORIGIN: 'https://shop.example.com', SMS_DEV_OUTBOX: '1' });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toContain(
        'Invalid environment variable SMS_DEV_OUTBOX="1": cannot be on in production (it hands out login codes)',
      );
    });
  });

  describe('Tencent Cloud', () => {
    const lines = (source: Record<string, string>) => {
      try {
        parseEnv(source);
        return [];
      } catch (error) {
        return (error as Error).message.split('\n');
      }
    };

    it('needs faceid and its keys in production', () => {
      expect(lines({ SHOP_MODE: 'production' })).toContain(
        'Missing environment variable IDENTITY_PROVIDER: must be tencentcloud in production (the local check asks no authority)',
      );
      const named = lines({ SHOP_MODE: 'production', IDENTITY_PROVIDER: 'tencentcloud' });
      expect(named).toContain(
        'Missing environment variable TENCENTCLOUD_SECRET_ID: is required with IDENTITY_PROVIDER=tencentcloud in production',
      );
      expect(named).toContain(
        'Missing environment variable TENCENTCLOUD_SECRET_KEY: is required with IDENTITY_PROVIDER=tencentcloud in production',
      );
      expect(named.some((line) => line.includes('variable IDENTITY_PROVIDER:'))).toBe(false);
    });

    it('runs a demo on the sandbox with no keys, and takes given keys only as a pair', () => {
      const demo = parseEnv({ IDENTITY_PROVIDER: 'tencentcloud' });
      expect(demo.IDENTITY_PROVIDER).toBe('tencentcloud');
      expect(demo.TENCENTCLOUD_SECRET_ID).toBeUndefined();
      expect(demo.IDENTITY_CHECKS_PER_DAY).toBe(5);
      // A demo checks identities against the sandbox unless told to check formats alone.
      expect(parseEnv({}).IDENTITY_PROVIDER).toBe('tencentcloud');
      expect(parseEnv({ IDENTITY_PROVIDER: 'local' }).IDENTITY_PROVIDER).toBe('local');
      expect(lines({ TENCENTCLOUD_SECRET_ID: 'AKIDz8krbsJ5yKBZQpn74WFkmLPx3' })).toEqual([
        'Missing environment variable TENCENTCLOUD_SECRET_KEY: is required with the other TENCENTCLOUD_SECRET_* setting',
      ]);
    });

    it('refuses malformed values without printing a secret', () => {
      expect(lines({ TENCENTCLOUD_SMS_SDK_APP_ID: 'abc' })).toEqual([
        'Invalid environment variable TENCENTCLOUD_SMS_SDK_APP_ID="abc": must be the SMS SdkAppId (1400…)',
      ]);
      expect(
        lines({
          TENCENTCLOUD_SECRET_ID: 'AKIDz8krbsJ5yKBZQpn74WFkmLPx3',
          TENCENTCLOUD_SECRET_KEY: 'short',
        }),
      ).toEqual([
        'Invalid environment variable TENCENTCLOUD_SECRET_KEY="***": must be a SecretKey',
      ]);
      expect(
        lines({ TENCENTCLOUD_FACEID_BASE_URL: 'https://faceid.tencentcloudapi.com/v1' }),
      ).toEqual([
        'Invalid environment variable TENCENTCLOUD_FACEID_BASE_URL="https://faceid.tencentcloudapi.com/v1": must be http(s)://host[:port]',
      ]);
    });
  });
});
