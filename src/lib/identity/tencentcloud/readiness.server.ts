/**
 * `npm run doctor`'s Tencent Cloud probes, each one call that costs nothing: faceid's
 * IdCardVerification of an ID number that cannot exist (Result -2 is not charged; an answer at
 * all means the keys were accepted), and SMS's PullSmsSendStatus (the app's delivery receipts,
 * which also checks the SdkAppId belongs to the keys).
 */
import type { Env } from '#lib/platform/env.server.ts';
import { isUnreachable, unreachableDetail, type Readiness } from '#lib/platform/readiness.ts';
import { callTencentCloud, TencentCloudError } from './client.server.ts';
import { FACEID_API_VERSION, TENCENTCLOUD_FACEID_HOST } from './faceid.server.ts';
import { SMS_API_VERSION, TENCENTCLOUD_SMS_HOST } from '#lib/identity/sms/tencentcloud.server.ts';

async function probe(
  ask: () => Promise<Record<string, unknown>>,
  ready: (answer: Record<string, unknown>) => Readiness,
): Promise<Readiness> {
  try {
    return ready(await ask());
  } catch (error) {
    if (error instanceof TencentCloudError) {
      return { state: 'refused', detail: `${error.code}: ${error.message}` };
    }
    if (isUnreachable(error)) return { state: 'unreachable', detail: unreachableDetail(error) };
    throw error;
  }
}

const credentials = (config: Env) => ({
  secretId: config.TENCENTCLOUD_SECRET_ID!,
  secretKey: config.TENCENTCLOUD_SECRET_KEY!,
});

export function faceidReadiness(config: Env, fetchImpl?: typeof fetch): Promise<Readiness> {
  if (config.IDENTITY_PROVIDER !== 'tencentcloud') {
    return Promise.resolve({ state: 'missing', detail: 'IDENTITY_PROVIDER is not tencentcloud' });
  }
  return probe(
    () =>
      callTencentCloud({
        credentials: credentials(config),
        baseUrl: config.TENCENTCLOUD_FACEID_BASE_URL ?? TENCENTCLOUD_FACEID_HOST,
        service: 'faceid',
        action: 'IdCardVerification',
        version: FACEID_API_VERSION,
        payload: { IdCard: '000000000000000000', Name: '测试' },
        fetch: fetchImpl,
      }),
    (answer) => ({
      state: 'ready',
      detail: `IdCardVerification of an impossible number answered Result ${String(answer['Result'])} (not charged)`,
    }),
  );
}

export function tencentCloudSmsReadiness(
  config: Env,
  fetchImpl?: typeof fetch,
): Promise<Readiness> {
  return probe(
    () =>
      callTencentCloud({
        credentials: credentials(config),
        baseUrl: config.TENCENTCLOUD_SMS_BASE_URL ?? TENCENTCLOUD_SMS_HOST,
        service: 'sms',
        action: 'PullSmsSendStatus',
        version: SMS_API_VERSION,
        region: 'ap-guangzhou',
        payload: { Limit: 1, SmsSdkAppId: config.TENCENTCLOUD_SMS_SDK_APP_ID },
        fetch: fetchImpl,
      }),
    () => ({ state: 'ready', detail: 'PullSmsSendStatus of the SdkAppId answered' }),
  );
}
