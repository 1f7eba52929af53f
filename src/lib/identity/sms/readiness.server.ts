/**
 * `npm run doctor`'s SMS probe: with Aliyun, GetSmsSign and GetSmsTemplate for the configured
 * sign and template. Both are signed like a send, so an answer means the AccessKey is accepted;
 * then the sign and the template must be approved (status 1), or no message would go out. Nothing
 * is sent to anyone.
 */
import type { Env } from '#lib/platform/env.server.ts';
import { isUnreachable, unreachableDetail, type Readiness } from '#lib/platform/readiness.ts';
import { ALIYUN_SMS_HOST, aliyunCall, type AliyunSmsConfig } from './aliyun.server.ts';
import { SmsRefusedError } from './index.server.ts';

/** Aliyun's review states of a sign or a template. */
const REVIEW: Record<number, string> = {
  0: '审核中 (in review)',
  1: 'approved',
  2: '审核失败 (rejected)',
  10: '取消审核 (withdrawn)',
};

export async function smsReadiness(config: Env, fetchImpl?: typeof fetch): Promise<Readiness> {
  if (config.SMS_PROVIDER !== 'aliyun') {
    return {
      state: 'refused',
      detail: `SMS_PROVIDER=${config.SMS_PROVIDER} sends no text message`,
    };
  }
  const aliyun: AliyunSmsConfig = {
    accessKeyId: config.ALIYUN_ACCESS_KEY_ID!,
    accessKeySecret: config.ALIYUN_ACCESS_KEY_SECRET!,
    signName: config.ALIYUN_SMS_SIGN_NAME!,
    templateCode: config.ALIYUN_SMS_TEMPLATE_CODE!,
    baseUrl: config.ALIYUN_SMS_BASE_URL ?? ALIYUN_SMS_HOST,
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  };
  try {
    const sign = await aliyunCall(aliyun, 'GetSmsSign', { SignName: aliyun.signName });
    const template = await aliyunCall(aliyun, 'GetSmsTemplate', {
      TemplateCode: aliyun.templateCode,
    });
    const problems = [
      String(sign['SignStatus']) === '1'
        ? null
        : `sign ${aliyun.signName} is ${REVIEW[Number(sign['SignStatus'])] ?? `in state ${String(sign['SignStatus'])}`}`,
      String(template['TemplateStatus']) === '1'
        ? null
        : `template ${aliyun.templateCode} is ${REVIEW[Number(template['TemplateStatus'])] ?? `in state ${String(template['TemplateStatus'])}`}`,
    ].filter((problem) => problem !== null);
    if (problems.length > 0) return { state: 'refused', detail: problems.join('; ') };
    return {
      state: 'ready',
      detail: `Aliyun SMS: sign ${aliyun.signName} and template ${aliyun.templateCode} approved`,
    };
  } catch (error) {
    if (error instanceof SmsRefusedError) {
      return { state: 'refused', detail: `${error.vendorCode}: ${error.message}` };
    }
    if (isUnreachable(error)) return { state: 'unreachable', detail: unreachableDetail(error) };
    throw error;
  }
}
