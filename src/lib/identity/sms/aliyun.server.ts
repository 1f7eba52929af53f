/**
 * Aliyun SMS (dysmsapi 2017-05-25, SendSms) with the request signature V3, the way the official
 * SDK @alicloud/dysmsapi20170525 calls it: POST / with the parameters in the query string, the
 * action and version in x-acs-* headers, an empty body. One message per call; a refusal (any
 * Code but OK) becomes an SmsRefusedError carrying Aliyun's code. Never retried: SendSms is not
 * idempotent, so a lost answer is a failed send and the shopper asks again.
 */
import { randomBytes } from 'node:crypto';
import { SmsRefusedError, type SmsMessage, type SmsProvider } from './index.server.ts';
import { acs3Authorization, acsDate, acsEncode, sha256Hex } from './aliyun-signature.server.ts';

/** Aliyun SMS's endpoint (the central one, as the SDK picks it). */
export const ALIYUN_SMS_HOST = 'https://dysmsapi.aliyuncs.com';
export const ALIYUN_SMS_ACTION = 'SendSms';
export const ALIYUN_SMS_VERSION = '2017-05-25';
/** Aliyun asks for at least a second; a send that takes longer than this has failed. */
const TIMEOUT_MS = 10_000;

export interface AliyunSmsConfig {
  accessKeyId: string;
  accessKeySecret: string;
  /** The approved signature, without 【】. */
  signName: string;
  /**
   * Each shop's name is an approved signature of the account too (the demo's sandbox): a message
   * sent for a shop is signed with its name.
   */
  signPerShop?: boolean;
  /** The approved template whose one variable is ${code}. */
  templateCode: string;
  /** https://dysmsapi.aliyuncs.com, or a sandbox's origin. */
  baseUrl: string;
  fetch?: typeof fetch;
  now?: () => Date;
}

/** What Aliyun's refusals mean, for the log (the shopper reads one text for all of them). */
export const ALIYUN_REFUSALS: Readonly<Record<string, string>> = {
  'isv.BUSINESS_LIMIT_CONTROL': "over Aliyun's sending frequency limit for this phone",
  'isv.DAY_LIMIT_CONTROL': "over the account's daily limit",
  'isv.SMS_TEMPLATE_ILLEGAL': 'the template is not approved or not of this account',
  'isv.SMS_SIGNATURE_ILLEGAL': 'the signature is not approved or not of this account',
  'isv.SMS_SIGN_ILLEGAL': 'the signature is not approved or not of this account',
  'isv.AMOUNT_NOT_ENOUGH': "the account's balance is too low",
  'isv.OUT_OF_SERVICE': 'the account is suspended',
  'isv.MOBILE_NUMBER_ILLEGAL': 'the phone number is not valid',
  'isv.BLACK_KEY_CONTROL_LIMIT': 'the phone number is blocked',
  'isv.TEMPLATE_MISSING_PARAMETERS': 'the template wants a variable not given',
  'isv.INVALID_JSON_PARAM': 'TemplateParam is not a JSON object of strings',
  'isp.RAM_PERMISSION_DENY': 'the AccessKey may not send SMS',
  'isv.PRODUCT_UN_SUBSCRIPT': 'the SMS service is not activated',
  InvalidAccessKeyId: 'the AccessKey ID is unknown',
  'InvalidAccessKeyId.NotFound': 'the AccessKey ID is unknown',
  SignatureDoesNotMatch: 'the AccessKey secret is wrong',
  'InvalidTimeStamp.Expired': "the server's clock is off",
  Throttling: 'too many calls at once',
};

/** Aliyun's JSON answer: Code, Message, RequestId and the action's own fields. */
export interface AliyunAnswer {
  Code?: string;
  Message?: string;
  RequestId?: string;
  [field: string]: unknown;
}

/**
 * One dysmsapi call (POST /, the parameters in the query string, an empty body, signed V3), as
 * the SDK makes it. Answers Aliyun's JSON when its Code is OK; any other is an SmsRefusedError.
 */
export async function aliyunCall(
  config: AliyunSmsConfig,
  action: string,
  params: Readonly<Record<string, string>>,
): Promise<AliyunAnswer> {
  const doFetch = config.fetch ?? fetch;
  const now = config.now ?? (() => new Date());
  const url = new URL(`${config.baseUrl.replace(/\/+$/, '')}/`);
  const query = Object.entries(params);
  const payloadHash = sha256Hex('');
  const signed = {
    host: url.host,
    'x-acs-action': action,
    'x-acs-version': ALIYUN_SMS_VERSION,
    'x-acs-date': acsDate(now()),
    'x-acs-signature-nonce': randomBytes(16).toString('hex'),
    'x-acs-content-sha256': payloadHash,
  };
  const authorization = acs3Authorization(
    { method: 'POST', path: '/', query, headers: signed, payloadHash },
    config.accessKeyId,
    config.accessKeySecret,
  );
  const search = query.map(([key, value]) => `${key}=${acsEncode(value)}`).join('&');
  const { host: _host, ...headers } = signed; // fetch writes Host from the URL itself
  const response = await doFetch(`${url.origin}/?${search}`, {
    method: 'POST',
    headers: { ...headers, accept: 'application/json', authorization },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const text = await response.text();
  let answer: AliyunAnswer = {};
  try {
    answer = JSON.parse(text) as AliyunAnswer;
  } catch {
    // Not Aliyun's JSON (a proxy's error page): refused by HTTP status below.
  }
  if (response.ok && answer.Code === 'OK') return answer;
  const code = answer.Code ?? `HTTP ${response.status}`;
  const why = ALIYUN_REFUSALS[code];
  throw new SmsRefusedError(
    'aliyun',
    code,
    `${why ? `${why}: ` : ''}${answer.Message ?? text.slice(0, 200)} (HTTP ${response.status}, RequestId ${answer.RequestId ?? '-'})`,
  );
}

export function aliyunSms(config: AliyunSmsConfig): SmsProvider {
  return {
    async send(message: SmsMessage) {
      await aliyunCall(config, ALIYUN_SMS_ACTION, {
        PhoneNumbers: message.phone,
        SignName: (config.signPerShop && message.signature) || config.signName,
        TemplateCode: config.templateCode,
        TemplateParam: JSON.stringify({ code: message.code }),
      });
    },
  };
}
