/**
 * The only reader of process.env. Every setting is parsed once with zod; a bad value stops
 * start-up with one line that names the variable.
 */
import { createPrivateKey, createPublicKey } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { parsePublicOrigin } from './origin.ts';

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/** An empty variable counts as unset, so `PORT=` means the default, not port 0. */
const emptyAsUnset = (value: unknown) => (value === '' ? undefined : value);

/** A switch: 1/true/on or 0/false/off, off when unset. */
const flag = z.preprocess(
  emptyAsUnset,
  z
    .enum(['1', 'true', 'on', '0', 'false', 'off'], { error: 'must be 1/true/on or 0/false/off' })
    .default('0')
    .transform((v) => v === '1' || v === 'true' || v === 'on'),
);

/** A PEM key given as its text or as the path of a file holding it; checked by `parse`. */
function pemKey(kind: 'private' | 'public') {
  return optionalText.pipe(
    z
      .string()
      .transform((value, ctx) => {
        const pem = value.includes('-----BEGIN')
          ? value.replace(/\\n/g, '\n')
          : existsSync(value)
            ? readFileSync(value, 'utf8')
            : null;
        if (pem === null) {
          ctx.addIssue({ code: 'custom', message: 'must be a PEM key or the path of a PEM file' });
          return z.NEVER;
        }
        try {
          if (kind === 'private') createPrivateKey(pem);
          else createPublicKey(pem);
        } catch {
          ctx.addIssue({ code: 'custom', message: `is not a readable ${kind} key in PEM` });
          return z.NEVER;
        }
        return pem;
      })
      .optional(),
  );
}

/** The official account; required in production, all or none in a demo. */
const WECHAT_ACCOUNT = ['WECHAT_APP_ID', 'WECHAT_APP_SECRET'] as const;

/** The sandbox official account's app id, used in a demo when WECHAT_APP_ID is not given. */
export const SANDBOX_WECHAT_APP_ID = 'wxsandbox0000000';

/** The merchant's settings; all required with PAYMENT_PROVIDER=wechatpay. */
const WECHATPAY_MERCHANT = [
  'WECHATPAY_MCH_ID',
  'WECHATPAY_MCH_SERIAL',
  'WECHATPAY_MCH_PRIVATE_KEY',
  'WECHATPAY_API_V3_KEY',
] as const;
const WECHATPAY_PLATFORM = ['WECHATPAY_PLATFORM_KEY_ID', 'WECHATPAY_PLATFORM_PUBLIC_KEY'] as const;

/** What a demo sends its codes through when SMS_PROVIDER is unset: the real adapter, the sandbox. */
const DEMO_SMS_PROVIDER = 'aliyun';
/** The SMS providers SMS_PROVIDER may name. */
export const SMS_PROVIDERS = ['tencentcloud', 'aliyun', 'console'] as const;

/** Aliyun SMS: all required with SMS_PROVIDER=aliyun in production. */
const ALIYUN_KEYS = ['ALIYUN_ACCESS_KEY_ID', 'ALIYUN_ACCESS_KEY_SECRET'] as const;
const ALIYUN_SMS = [...ALIYUN_KEYS, 'ALIYUN_SMS_SIGN_NAME', 'ALIYUN_SMS_TEMPLATE_CODE'] as const;

const envObject = z.object({
  /**
   * demo: every outside service is the built-in sandbox, the demo data, the 演示环境 ribbon.
   * production: every provider named and configured, no sandbox, no dev outbox. Unset: production
   * when PUBLIC_ORIGIN is set, else demo (a public demo says SHOP_MODE=demo).
   */
  SHOP_MODE: z.preprocess(emptyAsUnset, z.enum(['demo', 'production']).optional()),
  PORT: z.preprocess(emptyAsUnset, z.coerce.number().int().min(0).max(65535).default(4321)),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1).default('./.data'),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  /** The origin shoppers use (https://shop.example.com): pins every absolute URL. */
  PUBLIC_ORIGIN: optionalText.pipe(
    z
      .string()
      .transform((value, ctx) => {
        const origin = parsePublicOrigin(value);
        if (origin === null) {
          ctx.addIssue({
            code: 'custom',
            message: 'must be http(s)://host[:port] with nothing after it',
          });
          return z.NEVER;
        }
        return origin;
      })
      .optional(),
  ),
  DEFAULT_SHOP_ID: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,32}$/, 'must be a shop id of letters, digits, _ or -')
    .default('1001'),
  /**
   * Who sends the text messages: aliyun (Aliyun SMS with the ALIYUN_* settings; in a demo its
   * sandbox) or console (a demo only: the message is logged and kept in the dev outbox).
   */
  SMS_PROVIDER: z.preprocess(emptyAsUnset, z.enum(SMS_PROVIDERS).optional()),
  /** Serve GET /api/dev/sms-outbox (a demo only): for tests and local demos, never public. */
  SMS_DEV_OUTBOX: flag,
  /**
   * How many reverse proxies stand in front of the shop (1/true/on: one; a number for a chain,
   * e.g. 2 for a CDN and a load balancer): the client address is that many X-Forwarded-For hops
   * from the right, and X-Forwarded-Proto/-Host are believed. 0/false/off (the default): none.
   */
  TRUST_PROXY: z.preprocess(
    emptyAsUnset,
    z
      .string()
      .default('0')
      .transform((v, ctx) => {
        if (v === 'true' || v === 'on') return 1;
        if (v === 'false' || v === 'off') return 0;
        if (/^[0-9]$/.test(v)) return Number(v);
        ctx.addIssue({ code: 'custom', message: 'must be a number of proxies (0-9) or on/off' });
        return z.NEVER;
      }),
  ),
  /**
   * sandbox (the default): the built-in gateway under /sandbox/wechatpay/, spoken to by the real
   * adapter. wechatpay: WeChat Pay API v3 with the WECHATPAY_* settings.
   */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'wechatpay']).default('sandbox'),
  WECHATPAY_MCH_ID: optionalText.pipe(
    z
      .string()
      .regex(/^[0-9]{6,32}$/, 'must be the merchant number (digits)')
      .optional(),
  ),
  WECHATPAY_MCH_SERIAL: optionalText.pipe(
    z
      .string()
      .regex(/^[0-9A-Fa-f]{8,64}$/, 'must be the certificate serial (hex)')
      .optional(),
  ),
  WECHATPAY_MCH_PRIVATE_KEY: pemKey('private'),
  WECHATPAY_API_V3_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^[\x21-\x7e]{32}$/, 'must be the 32-character API v3 key')
      .optional(),
  ),
  WECHATPAY_PLATFORM_KEY_ID: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_]{8,64}$/, 'must be a public-key id or certificate serial')
      .optional(),
  ),
  WECHATPAY_PLATFORM_PUBLIC_KEY: pemKey('public'),
  WECHATPAY_BASE_URL: z
    .string()
    .trim()
    .url('must be an https URL')
    .regex(/^https?:\/\//, 'must be an https URL')
    .default('https://api.mch.weixin.qq.com/'),
  // ── Kuaidi100 ──
  /** kuaidi100 (the only one): 实时查询 and 订阅推送; in a demo against /sandbox/kuaidi100/. */
  LOGISTICS_PROVIDER: z.preprocess(emptyAsUnset, z.enum(['kuaidi100']).default('kuaidi100')),
  /** 公司编号 (customer) of the Kuaidi100 account. */
  KUAIDI100_CUSTOMER: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9]{4,64}$/, 'must be the customer code (letters and digits)')
      .optional(),
  ),
  /** 授权key of the account. */
  KUAIDI100_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9]{4,64}$/, 'must be the authorisation key (letters and digits)')
      .optional(),
  ),
  /** The salt each subscription names; Kuaidi100 signs its pushes with it. */
  KUAIDI100_SALT: optionalText.pipe(
    z
      .string()
      .regex(/^[\x21-\x7e]{8,64}$/, 'must be 8 to 64 printable characters')
      .optional(),
  ),
  /** Unset: https://poll.kuaidi100.com/ in production, this server's /sandbox/kuaidi100/ in a demo. */
  KUAIDI100_BASE_URL: optionalText.pipe(
    z
      .string()
      .url('must be an https URL')
      .regex(/^https?:\/\//, 'must be an https URL')
      .optional(),
  ),
  // ── Invoices (诺诺 open platform) ──
  /** nuonuo (the only one): 诺诺's open platform; in a demo against /sandbox/nuonuo/. */
  INVOICE_PROVIDER: z.preprocess(emptyAsUnset, z.enum(['nuonuo']).default('nuonuo')),
  /** The 诺诺 app's appKey (自用型应用). */
  NUONUO_APP_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9]{4,64}$/, 'must be the appKey (letters and digits)')
      .optional(),
  ),
  /** The app's appSecret: signs every call (X-Nuonuo-Sign) and fetches its access token. */
  NUONUO_APP_SECRET: optionalText.pipe(
    z
      .string()
      .regex(/^[\x21-\x7e]{8,128}$/, 'must be the appSecret (8 to 128 printable characters)')
      .optional(),
  ),
  /** The seller's 纳税人识别号 the account issues for (userTax, salerTaxNum). */
  NUONUO_TAX_NO: optionalText.pipe(
    z
      .string()
      .regex(/^[0-9A-Z]{15,20}$/, 'must be a 纳税人识别号 (15 to 20 digits and upper-case letters)')
      .optional(),
  ),
  /** 开票员: the name the 数电 account's tax-bureau login is registered with (clerk). */
  NUONUO_CLERK: optionalText.pipe(z.string().max(20, 'must be at most 20 characters').optional()),
  /** Unset: 诺诺's own hosts in production, this server's /sandbox/nuonuo/ in a demo. */
  NUONUO_BASE_URL: optionalText.pipe(
    z
      .string()
      .url('must be an https URL')
      .regex(/^https?:\/\//, 'must be an https URL')
      .optional(),
  ),
  // ── Card payouts (云账户, decision 055) ──
  /**
   * yunzhanghu: keepers' own cards are paid through 云账户 (in a demo against /sandbox/yunzhanghu
   * on this server, with its keys unless YUNZHANGHU_* are given); none: no card payouts in
   * production (the default there).
   */
  CARD_PAYOUT_PROVIDER: z.preprocess(emptyAsUnset, z.enum(['yunzhanghu', 'none']).optional()),
  /** 平台企业 ID (dealer_id). */
  YUNZHANGHU_DEALER_ID: optionalText.pipe(
    z
      .string()
      .regex(/^\d{4,20}$/, 'must be the dealer id (digits)')
      .optional(),
  ),
  /** 综合服务主体 ID (broker_id). */
  YUNZHANGHU_BROKER_ID: optionalText.pipe(
    z
      .string()
      .regex(/^[\w-]{2,40}$/, 'must be the broker id')
      .optional(),
  ),
  /** The App Key: signs every request (sign_type sha256). */
  YUNZHANGHU_APP_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^[\x21-\x7e]{8,128}$/, 'must be the App Key')
      .optional(),
  ),
  /** The 3DES key: 24 characters, encrypts every request's data. */
  YUNZHANGHU_DES3_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^[\x21-\x7e]{24}$/, 'must be the 24-character 3DES key')
      .optional(),
  ),
  /** Unset: https://api-service.yunzhanghu.com in production, /sandbox/yunzhanghu in a demo. */
  YUNZHANGHU_BASE_URL: optionalText.pipe(
    z
      .string()
      .url('must be an https URL')
      .regex(/^https?:\/\//, 'must be an https URL')
      .optional(),
  ),
  // ── WeChat official account (sign-in inside WeChat, JS-SDK) ──
  /** `wechat`: web authorization and JS-SDK; in demo mode against the sandbox gateway. */
  MESSAGING_APP_PROVIDER: z.preprocess(
    emptyAsUnset,
    z.enum(['wechat', 'sandbox']).default('wechat'),
  ),
  WECHAT_APP_ID: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be an app id of letters, digits, _ or -')
      .optional(),
  ),
  WECHAT_APP_SECRET: optionalText.pipe(
    z
      .string()
      .regex(/^[\x21-\x7e]{16,64}$/, "must be the official account's AppSecret")
      .optional(),
  ),
  /** The authorize page's host (real: https://open.weixin.qq.com). */
  WECHAT_OPEN_BASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^https?:\/\/[^\s]+$/, 'must be an http(s) URL')
      .optional(),
  ),
  /** The API's host (real: https://api.weixin.qq.com). */
  WECHAT_API_BASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^https?:\/\/[^\s]+$/, 'must be an http(s) URL')
      .optional(),
  ),
  // ── Tencent Cloud ──
  /** API 3.0 keys (SMS and faceid). In a demo the sandbox makes its own when these are unset. */
  TENCENTCLOUD_SECRET_ID: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9]{16,64}$/, 'must be a SecretId (letters and digits)')
      .optional(),
  ),
  TENCENTCLOUD_SECRET_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^[\x21-\x7e]{16,64}$/, 'must be a SecretKey')
      .optional(),
  ),
  TENCENTCLOUD_SMS_SDK_APP_ID: optionalText.pipe(
    z
      .string()
      .regex(/^14\d{8}$/, 'must be the SMS SdkAppId (1400…)')
      .optional(),
  ),
  /** The approved sign name (签名), e.g. 腾讯云. */
  TENCENTCLOUD_SMS_SIGN_NAME: optionalText.pipe(z.string().max(32).optional()),
  /** The approved template: `{1}` the code, `{2}` its minutes. */
  TENCENTCLOUD_SMS_TEMPLATE_ID: optionalText.pipe(
    z
      .string()
      .regex(/^\d{1,16}$/, 'must be the template id (digits)')
      .optional(),
  ),
  /** Default: https://sms.tencentcloudapi.com, or this shop's own origin in a demo. */
  TENCENTCLOUD_SMS_BASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^https?:\/\/[^/?#]+\/?$/, 'must be http(s)://host[:port]')
      .optional(),
  ),
  /**
   * ID two-element and bank-card four-element checks. tencentcloud (a demo's default): faceid,
   * against the sandbox on this shop's origin in a demo; required in production. local: format
   * and check digits on this server only, asking no authority (named, for tests).
   */
  IDENTITY_PROVIDER: z.preprocess(emptyAsUnset, z.enum(['local', 'tencentcloud']).optional()),
  /** Default: https://faceid.tencentcloudapi.com, or this shop's own origin in a demo. */
  TENCENTCLOUD_FACEID_BASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^https?:\/\/[^/?#]+\/?$/, 'must be http(s)://host[:port]')
      .optional(),
  ),
  /** Paid identity checks one user may start per day (kept results are free). */
  IDENTITY_CHECKS_PER_DAY: z.preprocess(
    emptyAsUnset,
    z.coerce.number().int().min(1).max(100).default(5),
  ),
  // ── Aliyun SMS ──
  ALIYUN_ACCESS_KEY_ID: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9]{8,64}$/, 'must be an AccessKey ID (letters and digits)')
      .optional(),
  ),
  ALIYUN_ACCESS_KEY_SECRET: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9]{16,64}$/, 'must be an AccessKey secret (letters and digits)')
      .optional(),
  ),
  /** The approved signature, without the 【】 (e.g. 小店). */
  ALIYUN_SMS_SIGN_NAME: optionalText.pipe(
    z.string().max(24, 'must be at most 24 characters').optional(),
  ),
  /** The approved template (SMS_ and digits) whose one variable is ${code}. */
  ALIYUN_SMS_TEMPLATE_CODE: optionalText.pipe(
    z
      .string()
      .regex(/^SMS_[0-9]{4,20}$/, 'must be a template code such as SMS_154950909')
      .optional(),
  ),
  /** Unset: https://dysmsapi.aliyuncs.com in production, this server itself in a demo. */
  ALIYUN_SMS_BASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^https?:\/\/[^/?#]+\/?$/, 'must be http(s)://host[:port] with nothing after it')
      .optional(),
  ),
  // ── WeChat Pay transfer bills (payouts, decision 033) ──
  /**
   * wechatpay (the default): keepers withdraw to their WeChat balance (微信零钱) by WeChat Pay
   * 商家转账 on the WECHATPAY_* merchant and base URL of payments (the sandbox gateway in demo
   * mode). none: no transfers. Bank cards are paid by the sandbox in demo mode only.
   */
  PAYOUT_PROVIDER: z.enum(['wechatpay', 'none']).default('wechatpay'),
  /** The merchant's transfer scene: 1005 佣金报酬 (commission) unless another was granted. */
  WECHATPAY_TRANSFER_SCENE_ID: z
    .string()
    .trim()
    .regex(/^\d{1,16}$/, 'must be a transfer scene id (digits)')
    .default('1005'),
  /**
   * A demo standing in for the outside world of other shops: their origins, comma-separated,
   * which the sandboxes treat as registered with the vendor (WeChat's 网页授权域名).
   */
  SANDBOX_MERCHANT_ORIGINS: optionalText
    .pipe(
      z
        .string()
        .transform((value, ctx) => {
          const origins = value.split(',').map((part) => parsePublicOrigin(part.trim()));
          if (origins.some((o) => o === null)) {
            ctx.addIssue({
              code: 'custom',
              message: 'must be http(s)://host[:port] origins, comma-separated',
            });
            return z.NEVER;
          }
          return origins as string[];
        })
        .optional(),
    )
    .transform((v) => v ?? []),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
});

type RawEnv = z.infer<typeof envObject>;
type Issue = { addIssue(issue: { code: 'custom'; path: string[]; message: string }): void };

/**
 * Adds one issue per variable of `names` that is unset, saying `why` ("is required in production",
 * "is required with SMS_PROVIDER=aliyun"). Answers whether any was missing.
 */
export function requireSettings(
  ctx: Issue,
  v: Record<string, unknown>,
  names: readonly string[],
  why: string,
): boolean {
  let missing = false;
  for (const name of names) {
    if (v[name] === undefined) {
      ctx.addIssue({ code: 'custom', path: [name], message: why });
      missing = true;
    }
  }
  return missing;
}

/** The mode the settings ask for (see SHOP_MODE). */
export function shopMode(v: Pick<RawEnv, 'SHOP_MODE' | 'PUBLIC_ORIGIN'>): 'demo' | 'production' {
  return v.SHOP_MODE ?? (v.PUBLIC_ORIGIN === undefined ? 'demo' : 'production');
}

const checkedEnv = envObject.superRefine((v, ctx) => {
  if (shopMode(v) === 'production') {
    // Every absolute URL comes from PUBLIC_ORIGIN: the Host header is believed only in a demo.
    requireSettings(ctx, v, ['PUBLIC_ORIGIN'], 'is required in production');
    // A sandbox in production would hand out money, codes and identities for free.
    if (v.PAYMENT_PROVIDER !== 'wechatpay') {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_PROVIDER'],
        message: 'must be wechatpay in production (the sandbox is for demos)',
      });
    }
    if (v.SMS_DEV_OUTBOX) {
      ctx.addIssue({
        code: 'custom',
        path: ['SMS_DEV_OUTBOX'],
        message: 'cannot be on in production (it hands out login codes)',
      });
    }
  }
  if (v.PAYMENT_PROVIDER === 'wechatpay') {
    requireSettings(
      ctx,
      v,
      [...WECHATPAY_MERCHANT, ...WECHATPAY_PLATFORM],
      'is required with PAYMENT_PROVIDER=wechatpay',
    );
    // The gateway posts its notifications to a public address.
    requireSettings(ctx, v, ['PUBLIC_ORIGIN'], 'is required with PAYMENT_PROVIDER=wechatpay');
  } else if (WECHATPAY_MERCHANT.some((name) => v[name] !== undefined)) {
    // The sandbox takes given merchant keys only as a whole (its platform key is always its own).
    requireSettings(
      ctx,
      v,
      WECHATPAY_MERCHANT,
      'is required with the other WECHATPAY_MCH_* settings',
    );
  }
  // Each provider's settings follow (one block per provider).
  // ── Kuaidi100 ──
  if (shopMode(v) === 'production') {
    requireSettings(
      ctx,
      v,
      ['KUAIDI100_CUSTOMER', 'KUAIDI100_KEY', 'KUAIDI100_SALT'],
      'is required in production',
    );
  } else if (v.KUAIDI100_CUSTOMER !== undefined || v.KUAIDI100_KEY !== undefined) {
    // The sandbox takes a given account only as a whole (else it makes its own).
    requireSettings(
      ctx,
      v,
      ['KUAIDI100_CUSTOMER', 'KUAIDI100_KEY'],
      'is required with the other KUAIDI100_* account setting',
    );
  }
  // ── Card payouts (云账户) ──
  if (v.CARD_PAYOUT_PROVIDER === 'yunzhanghu' && shopMode(v) === 'production') {
    requireSettings(
      ctx,
      v,
      ['YUNZHANGHU_DEALER_ID', 'YUNZHANGHU_BROKER_ID', 'YUNZHANGHU_APP_KEY', 'YUNZHANGHU_DES3_KEY'],
      'is required with CARD_PAYOUT_PROVIDER=yunzhanghu in production',
    );
  }
  // ── Invoices (诺诺) ──
  if (shopMode(v) === 'production') {
    requireSettings(
      ctx,
      v,
      ['NUONUO_APP_KEY', 'NUONUO_APP_SECRET', 'NUONUO_TAX_NO', 'NUONUO_CLERK'],
      'is required in production',
    );
  } else if (v.NUONUO_APP_KEY !== undefined || v.NUONUO_APP_SECRET !== undefined) {
    // The sandbox takes a given app only as a whole (else it makes its own).
    requireSettings(
      ctx,
      v,
      ['NUONUO_APP_KEY', 'NUONUO_APP_SECRET'],
      'is required with the other NUONUO_APP_* setting',
    );
  }
  // ── WeChat official account ──
  if (shopMode(v) === 'production') {
    requireSettings(ctx, v, WECHAT_ACCOUNT, 'is required in production');
    if (v.MESSAGING_APP_PROVIDER !== 'wechat') {
      ctx.addIssue({
        code: 'custom',
        path: ['MESSAGING_APP_PROVIDER'],
        message: 'must be wechat in production (the sandbox is for demos)',
      });
    }
  } else if (WECHAT_ACCOUNT.some((name) => v[name] !== undefined)) {
    // The sandbox gateway takes a given account only as a whole (else it uses its own).
    requireSettings(ctx, v, WECHAT_ACCOUNT, 'is required with the other WECHAT_APP_* setting');
  }
  // ── Tencent Cloud ──
  const production = shopMode(v) === 'production';
  if (production && v.IDENTITY_PROVIDER !== 'tencentcloud') {
    ctx.addIssue({
      code: 'custom',
      path: ['IDENTITY_PROVIDER'],
      message: 'must be tencentcloud in production (the local check asks no authority)',
    });
  }
  const smsOnTencent = v.SMS_PROVIDER === 'tencentcloud';
  const keys = ['TENCENTCLOUD_SECRET_ID', 'TENCENTCLOUD_SECRET_KEY'] as const;
  const sms = [
    'TENCENTCLOUD_SMS_SDK_APP_ID',
    'TENCENTCLOUD_SMS_SIGN_NAME',
    'TENCENTCLOUD_SMS_TEMPLATE_ID',
  ] as const;
  if (production && v.IDENTITY_PROVIDER === 'tencentcloud') {
    requireSettings(ctx, v, keys, 'is required with IDENTITY_PROVIDER=tencentcloud in production');
  }
  if (production && smsOnTencent) {
    requireSettings(
      ctx,
      v,
      [...keys, ...sms],
      'is required with SMS_PROVIDER=tencentcloud in production',
    );
  }
  // A demo's sandbox takes given keys only as a pair (it makes both otherwise).
  if (keys.some((name) => v[name] !== undefined)) {
    requireSettings(ctx, v, keys, 'is required with the other TENCENTCLOUD_SECRET_* setting');
  }
  // ── Aliyun SMS ──
  if (shopMode(v) === 'production' && (v.SMS_PROVIDER ?? 'console') === 'console') {
    // The console provider hands codes to whoever reads the log: no shopper would get one.
    ctx.addIssue({
      code: 'custom',
      path: ['SMS_PROVIDER'],
      message: `must be ${SMS_PROVIDERS.filter((name) => name !== 'console').join(' or ')} in production (console is for demos)`,
    });
  }
  if (v.SMS_PROVIDER === 'aliyun' && shopMode(v) === 'production') {
    requireSettings(ctx, v, ALIYUN_SMS, 'is required with SMS_PROVIDER=aliyun in production');
  } else if (ALIYUN_KEYS.some((name) => v[name] !== undefined)) {
    // The sandbox takes given keys only as a pair (it makes its own when none are given).
    requireSettings(ctx, v, ALIYUN_KEYS, 'is required with the other ALIYUN_ACCESS_KEY_* setting');
  }
  // ── WeChat Pay transfer bills ──
  // Transfers (PAYOUT_PROVIDER=wechatpay) ride on the payment merchant: its keys are required
  // with PAYMENT_PROVIDER=wechatpay above, which production requires; a demo's sandbox gateway
  // takes them as it takes payments.
});

const envSchema = checkedEnv.transform((v) => ({
  ...v,
  SHOP_MODE: shopMode(v),
  // A demo sends its codes through the Aliyun adapter to the built-in sandbox (decision 031);
  // production names its vendor.
  SMS_PROVIDER: v.SMS_PROVIDER ?? DEMO_SMS_PROVIDER,
  // A demo pays cards through 云账户's sandbox; production only when told to.
  CARD_PAYOUT_PROVIDER:
    v.CARD_PAYOUT_PROVIDER ??
    (shopMode(v) === 'demo' ? ('yunzhanghu' as const) : ('none' as const)),
  // A demo checks identities with the real faceid adapter against its sandbox; production names
  // it (checked above).
  IDENTITY_PROVIDER: v.IDENTITY_PROVIDER ?? ('tencentcloud' as const),
}));

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {
  override name = 'EnvError';
}

/** A secret's value is never printed, not even a wrong one. */
const SECRET_NAME = /KEY|SECRET|SALT|TOKEN/;

/**
 * Parses an environment record; throws an EnvError whose message has one line per variable that
 * is missing or bad, each naming it.
 */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  const lines = new Map<string, string>();
  for (const issue of result.error.issues) {
    const name = String(issue.path[0] ?? 'environment');
    if (lines.has(name)) continue;
    const value = source[name];
    if (value === undefined || value === '') {
      lines.set(name, `Missing environment variable ${name}: ${issue.message}`);
      continue;
    }
    const shown = SECRET_NAME.test(name) ? '***' : maskSecrets(value);
    lines.set(
      name,
      `Invalid environment variable ${name}=${JSON.stringify(shown)}: ${issue.message}`,
    );
  }
  throw new EnvError([...lines.values()].join('\n'));
}

/** Hides a password in a URL-like value before it is printed. */
export function maskSecrets(value: string): string {
  return value.replace(/(\/\/[^:/@]*:)[^@]*@/, '$1***@');
}

let cached: Env | undefined;

/** The process configuration, parsed on first use. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** The official account's app id (JS-SDK, sign-in, payments): the configured one, else the sandbox's. */
export function wechatAppId(config: Pick<Env, 'WECHAT_APP_ID'> = env()): string {
  return config.WECHAT_APP_ID ?? SANDBOX_WECHAT_APP_ID;
}
