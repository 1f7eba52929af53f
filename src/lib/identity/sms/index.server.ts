/**
 * Sending text messages. Every provider speaks the same small interface; env().SMS_PROVIDER
 * picks one: `tencentcloud` (Tencent Cloud SMS) or `aliyun` (Aliyun SMS), in a demo each against
 * its sandbox at this server's root, or `console`
 * (a demo only: the message is logged and kept in the dev outbox).
 */
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { env, type Env } from '#lib/platform/env.server.ts';
import { selfOrigin } from '#lib/platform/self-origin.server.ts';
import { aliyunSandboxAccount } from './aliyun-account.server.ts';
import { consoleSms } from './console.server.ts';

export interface SmsMessage {
  phone: string;
  code: string;
  purpose: 'login' | 'bind' | 'unbind' | 'admin' | 'card';
  /** the whole text, for the console */
  text: string;
  /** The name of the shop the code is sent for, where the account may sign with it. */
  signature?: string;
}

export interface SmsProvider {
  send(message: SmsMessage): Promise<void>;
}

/** The vendor refused the send (frequency limit, unapproved template or sign, balance…). */
export class SmsRefusedError extends Error {
  override name = 'SmsRefusedError';
  // Fields declared apart from the constructor: parameter properties are not erasable syntax
  // (tsconfig erasableSyntaxOnly), the shape is the same.
  readonly vendor: string;
  readonly vendorCode: string;
  constructor(vendor: string, vendorCode: string, message: string) {
    super(message);
    this.vendor = vendor;
    this.vendorCode = vendorCode;
  }
}

export type SmsProviderName = Env['SMS_PROVIDER'];

/** The configured provider. The console provider and the demo's sandbox keys use `db`. */
export function smsProvider(db: DbOrTx, config: Env = env()): SmsProvider {
  switch (config.SMS_PROVIDER) {
    case 'console':
      return consoleSms(db);
    case 'aliyun':
      return configuredAliyun(db, config);
    case 'tencentcloud':
      return configuredTencentCloud(db, config);
  }
}

/** Tencent Cloud SMS as configured, loaded on the first send (as Aliyun, for the same reason). */
function configuredTencentCloud(db: DbOrTx, config: Env): SmsProvider {
  return {
    async send(message) {
      const { tencentCloudSmsFor } = await import('./tencentcloud.server.ts');
      return tencentCloudSmsFor(db, { config }).send(message);
    },
  };
}

/**
 * Aliyun SMS as configured. The adapter is loaded on the first send: it imports SmsRefusedError
 * from this module, so a static import back would close a cycle (scripts/boundaries.ts).
 */
function configuredAliyun(db: DbOrTx, config: Env): SmsProvider {
  return {
    async send(message) {
      const { ALIYUN_SMS_HOST, aliyunSms } = await import('./aliyun.server.ts');
      if (config.SHOP_MODE === 'production') {
        // env.server.ts requires every ALIYUN_* setting but the base URL in production.
        return aliyunSms({
          accessKeyId: config.ALIYUN_ACCESS_KEY_ID!,
          accessKeySecret: config.ALIYUN_ACCESS_KEY_SECRET!,
          signName: config.ALIYUN_SMS_SIGN_NAME!,
          templateCode: config.ALIYUN_SMS_TEMPLATE_CODE!,
          baseUrl: config.ALIYUN_SMS_BASE_URL ?? ALIYUN_SMS_HOST,
        }).send(message);
      }
      // A demo: the demo account (the configured keys, or the sandbox's own per database), and
      // the sandbox itself at this server's root unless a base URL is given. Its account has
      // each demo shop's name approved as a signature, so a code is signed with its shop's.
      const account = await aliyunSandboxAccount(db, config);
      return aliyunSms({
        ...account,
        signPerShop: config.ALIYUN_SMS_SIGN_NAME === undefined,
        baseUrl: config.ALIYUN_SMS_BASE_URL ?? selfOrigin(),
      }).send(message);
    },
  };
}

/**
 * The dev outbox (GET /api/dev/sms-outbox) hands out codes, so it exists only in a demo, and only
 * when asked for (SMS_DEV_OUTBOX, set by the test suite and for local demos). Every provider of a
 * demo fills it: the console provider, and each vendor's sandbox as it "delivers" a message.
 */
export function devOutboxEnabled(
  mode: Env['SHOP_MODE'] = env().SHOP_MODE,
  enabled: boolean = env().SMS_DEV_OUTBOX,
): boolean {
  return mode === 'demo' && enabled;
}
