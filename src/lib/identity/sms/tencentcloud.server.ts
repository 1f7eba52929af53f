/**
 * Tencent Cloud SMS (API 3.0 SendSms, version 2021-01-11): the code goes to the approved
 * template as its parameters [code, minutes], under the approved sign name, from the SDK app.
 * The vendor's refusals (an Error answer, or a send status other than Ok: frequency limits, an
 * unapproved template or sign, no balance) become SmsRefusedError with the vendor's code.
 */
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { env, type Env } from '#lib/platform/env.server.ts';
import { selfOrigin } from '#lib/platform/self-origin.server.ts';
import { callTencentCloud, TencentCloudError } from '#lib/identity/tencentcloud/client.server.ts';
import { tencentCloudSandboxKeys } from '#lib/identity/tencentcloud/sandbox/keys.server.ts';
import { SmsRefusedError, type SmsProvider } from './index.server.ts';

/** The real service's host. */
export const TENCENTCLOUD_SMS_HOST = 'https://sms.tencentcloudapi.com';
export const SMS_API_VERSION = '2021-01-11';
/** How long a code lives, in minutes: the template's second parameter. */
export const CODE_MINUTES = '5';

export interface TencentCloudSmsConfig {
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  signName: string;
  templateId: string;
  baseUrl: string;
  region?: string | undefined;
  fetch?: typeof fetch | undefined;
  now?: (() => Date) | undefined;
}

interface SendStatus {
  Code?: string;
  Message?: string;
  PhoneNumber?: string;
}

export function tencentCloudSms(config: TencentCloudSmsConfig): SmsProvider {
  return {
    async send(message) {
      let answer: Record<string, unknown>;
      try {
        answer = await callTencentCloud({
          credentials: { secretId: config.secretId, secretKey: config.secretKey },
          baseUrl: config.baseUrl,
          service: 'sms',
          action: 'SendSms',
          version: SMS_API_VERSION,
          region: config.region ?? 'ap-guangzhou',
          payload: {
            PhoneNumberSet: [`+86${message.phone}`],
            SmsSdkAppId: config.sdkAppId,
            SignName: config.signName,
            TemplateId: config.templateId,
            TemplateParamSet: [message.code, CODE_MINUTES],
            SessionContext: message.purpose,
          },
          fetch: config.fetch,
          now: config.now,
        });
      } catch (error) {
        if (error instanceof TencentCloudError) {
          throw new SmsRefusedError('tencentcloud', error.code, error.message);
        }
        throw error;
      }
      // A request-level success still answers per number: frequency limits arrive here.
      const [status] = (answer['SendStatusSet'] as SendStatus[] | undefined) ?? [];
      if (!status) throw new Error('Tencent Cloud SendSms: no send status in the answer');
      if (status.Code !== 'Ok') {
        const code = status.Code ?? 'InternalError';
        throw new SmsRefusedError('tencentcloud', code, `${code}: ${status.Message ?? ''}`);
      }
    },
  };
}

/**
 * SMS_PROVIDER=tencentcloud as the settings say: the real service (or TENCENTCLOUD_SMS_BASE_URL)
 * with the TENCENTCLOUD_* account; in a demo this shop's own origin, where the Tencent Cloud
 * sandbox answers, with its account (the configured values where given).
 */
export function tencentCloudSmsFor(
  db: DbOrTx,
  options: { config?: Env; fetch?: typeof fetch } = {},
): SmsProvider {
  let provider: Promise<SmsProvider> | undefined;
  const resolve = () =>
    (provider ??= (async () => {
      const config = options.config ?? env();
      const demo = config.SHOP_MODE === 'demo';
      const account = demo
        ? await tencentCloudSandboxKeys(db, config)
        : {
            secretId: config.TENCENTCLOUD_SECRET_ID!,
            secretKey: config.TENCENTCLOUD_SECRET_KEY!,
            sdkAppId: config.TENCENTCLOUD_SMS_SDK_APP_ID!,
            signName: config.TENCENTCLOUD_SMS_SIGN_NAME!,
            templateId: config.TENCENTCLOUD_SMS_TEMPLATE_ID!,
          };
      return tencentCloudSms({
        ...account,
        baseUrl: config.TENCENTCLOUD_SMS_BASE_URL ?? (demo ? selfOrigin() : TENCENTCLOUD_SMS_HOST),
        fetch: options.fetch,
      });
    })());
  return { send: async (message) => (await resolve()).send(message) };
}
