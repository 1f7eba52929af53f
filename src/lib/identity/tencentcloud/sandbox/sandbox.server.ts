/**
 * The Tencent Cloud sandbox: API 3.0 at the root of this shop's host (Tencent Cloud's SDKs take
 * only a host for an endpoint), answering SendSms and PullSmsSendStatus (sms, 2021-01-11),
 * IdCardVerification, BankCard4EVerification and CheckBankCardInformation (faceid, 2018-03-01) as
 * the real service does. A request must be a JSON
 * POST signed TC3-HMAC-SHA256 with the sandbox's SecretKey; every answer is HTTP 200
 * `{ Response: { ..., RequestId } }`, failures `{ Response: { Error: { Code, Message } } }` with
 * the vendor's own codes. A delivered message goes into the SMS outbox (recordOutbox); the
 * faceid results are deterministic (decision 035 lists the rules).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { smsOutbox } from '#lib/platform/db/schema.ts';
import { recordOutbox } from '#lib/identity/sms/outbox.server.ts';
import { cleanIdNumber, idNumberProblem, isRealName } from '#lib/identity/real-name.ts';
import { verifyTc3 } from '#lib/identity/tencentcloud/tc3.ts';
import { tencentCloudSandboxKeys, type TencentCloudSandboxKeys } from './keys.server.ts';

/** A request body the sandbox reads at most. */
const MAX_BODY_BYTES = 64 * 1024;
/** One message per number per 30 seconds, as the vendor's default frequency policy. */
const THIRTY_SECONDS_MS = 30_000;

class Refusal extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

type Params = Record<string, unknown>;

interface Call {
  db: DbOrTx;
  keys: TencentCloudSandboxKeys;
  params: Params;
  now: Date;
}

interface Action {
  service: 'sms' | 'faceid';
  version: string;
  handle: (call: Call) => Promise<Params>;
}

const ACTIONS: Readonly<Record<string, Action>> = {
  SendSms: { service: 'sms', version: '2021-01-11', handle: sendSms },
  PullSmsSendStatus: { service: 'sms', version: '2021-01-11', handle: pullSmsSendStatus },
  IdCardVerification: { service: 'faceid', version: '2018-03-01', handle: idCardVerification },
  BankCard4EVerification: {
    service: 'faceid',
    version: '2018-03-01',
    handle: bankCard4EVerification,
  },
  CheckBankCardInformation: {
    service: 'faceid',
    version: '2018-03-01',
    handle: checkBankCardInformation,
  },
};

export interface TencentCloudSandboxOptions {
  now?: Date;
}

/** Answers one request to the root of the host that carries X-TC-Action. */
export async function answerTencentCloud(
  request: Request,
  db: DbOrTx,
  options: TencentCloudSandboxOptions = {},
): Promise<Response> {
  const requestId = randomUUID();
  const now = options.now ?? new Date();
  try {
    const result = await dispatch(request, db, now);
    return reply({ ...result, RequestId: requestId });
  } catch (error) {
    let refusal: Refusal;
    if (error instanceof Refusal) refusal = error;
    else {
      console.error('[sandbox-tencentcloud]', request.headers.get('x-tc-action'), error);
      refusal = new Refusal('InternalError', 'An internal error has occurred.');
    }
    return reply({
      Error: { Code: refusal.code, Message: refusal.message },
      RequestId: requestId,
    });
  }
}

function reply(response: Params): Response {
  return new Response(JSON.stringify({ Response: response }), {
    status: 200,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
  });
}

async function dispatch(request: Request, db: DbOrTx, now: Date): Promise<Params> {
  const name = request.headers.get('x-tc-action') ?? '';
  const action = Object.hasOwn(ACTIONS, name) ? ACTIONS[name] : undefined;
  if (!action) throw new Refusal('InvalidAction', `The action ${name} does not exist.`);
  if (
    request.method !== 'POST' ||
    !/^application\/json/i.test(request.headers.get('content-type') ?? '')
  ) {
    throw new Refusal('InvalidParameter', 'The sandbox answers JSON POST requests only.');
  }
  const body = Buffer.from(await request.arrayBuffer());
  if (body.length > MAX_BODY_BYTES) throw new Refusal('InvalidParameter', 'The body is too large.');
  const keys = await tencentCloudSandboxKeys(db);
  const url = new URL(request.url);
  const headers: Record<string, string> = {};
  request.headers.forEach((value, key) => (headers[key] = value));
  const host = headers['host'] ?? url.host;
  const hostname = host.replace(/:\d+$/, '');
  const verdict = verifyTc3({
    method: request.method,
    path: url.pathname,
    query: url.search.slice(1),
    headers,
    body,
    hosts: [...new Set([host, hostname])],
    secretKeyOf: (id) => (id === keys.secretId ? keys.secretKey : undefined),
    // The service of the credential scope: the action's, or (as the SDKs take it) the first
    // label of the host, which for the sandbox's host is not the service's name.
    services: [action.service, hostname.split('.')[0]!],
    now,
  });
  if (!verdict.ok) throw new Refusal(verdict.code, verdict.message);
  if (request.headers.get('x-tc-version') !== action.version) {
    throw new Refusal('NoSuchVersion', `The API version of ${name} is ${action.version}.`);
  }
  let params: unknown;
  try {
    params = JSON.parse(body.toString('utf8') || '{}');
  } catch {
    throw new Refusal('InvalidParameter', 'The body is not JSON.');
  }
  if (!params || typeof params !== 'object' || Array.isArray(params)) {
    throw new Refusal('InvalidParameter', 'The body is not a JSON object.');
  }
  return action.handle({ db, keys, params: params as Params, now });
}

function text(params: Params, name: string): string {
  const value = params[name];
  if (value === undefined || value === null || value === '') {
    throw new Refusal('MissingParameter', `The request is missing a required parameter ${name}.`);
  }
  if (typeof value !== 'string') {
    throw new Refusal('InvalidParameter', `The parameter ${name} must be a string.`);
  }
  return value;
}

function texts(params: Params, name: string): string[] {
  const value = params[name];
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
    throw new Refusal('InvalidParameter', `The parameter ${name} must be an array of strings.`);
  }
  return value as string[];
}

/** +8613800000001, 8613800000001 or 13800000001 → 13800000001; null for anything else. */
function mainlandPhone(number: string): string | null {
  return /^(?:\+?86|0086)?(1\d{10})$/.exec(number)?.[1] ?? null;
}

/** The sandbox template: 【sign】您的验证码为{1}，{2}分钟内有效，请勿泄露。 */
export function sandboxSmsText(sign: string, params: readonly string[]): string {
  return `【${sign}】您的验证码为${params[0]}，${params[1]}分钟内有效，请勿泄露。`;
}

function checkSdkAppId(params: Params, keys: TencentCloudSandboxKeys): void {
  if (text(params, 'SmsSdkAppId') !== keys.sdkAppId) {
    throw new Refusal(
      'UnauthorizedOperation.SmsSdkAppIdVerifyFail',
      'The SmsSdkAppId does not belong to this account.',
    );
  }
}

/** Delivery receipts: the sandbox's messages are delivered when sent, so none is ever pending. */
async function pullSmsSendStatus({ keys, params }: Call): Promise<Params> {
  const limit = params['Limit'];
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > 100) {
    throw new Refusal('InvalidParameterValue', 'Limit must be an integer from 1 to 100.');
  }
  checkSdkAppId(params, keys);
  return { PullSmsSendStatusSet: [] };
}

async function sendSms({ db, keys, params, now }: Call): Promise<Params> {
  const phones = texts(params, 'PhoneNumberSet');
  if (phones.length === 0) {
    throw new Refusal(
      'MissingParameter',
      'The request is missing a required parameter PhoneNumberSet.',
    );
  }
  if (phones.length > 200) {
    throw new Refusal('LimitExceeded.PhoneNumberCountLimit', 'More than 200 phone numbers.');
  }
  checkSdkAppId(params, keys);
  const templateId = text(params, 'TemplateId');
  if (params['SignName'] !== keys.signName) {
    throw new Refusal(
      'FailedOperation.SignatureIncorrectOrUnapproved',
      'The signature is in incorrect format or has not been approved.',
    );
  }
  if (templateId !== keys.templateId) {
    throw new Refusal(
      'FailedOperation.TemplateIncorrectOrUnapproved',
      'The template is not approved or its content does not match.',
    );
  }
  const values = texts(params, 'TemplateParamSet');
  if (values.length !== 2) {
    throw new Refusal(
      'FailedOperation.TemplateParamSetNotMatchApprovedTemplate',
      'The template parameters do not match the approved template ({1} and {2}).',
    );
  }
  const session = typeof params['SessionContext'] === 'string' ? params['SessionContext'] : '';
  const statuses: Params[] = [];
  for (const number of phones) {
    const phone = mainlandPhone(number);
    const status = { PhoneNumber: number, SessionContext: session, IsoCode: 'CN' };
    if (!phone) {
      statuses.push({
        ...status,
        SerialNo: '',
        Fee: 0,
        Code: 'InvalidParameterValue.IncorrectPhoneNumber',
        Message: 'incorrect phone number',
        IsoCode: 'DEF',
      });
      continue;
    }
    const [recent] = await db
      .select({ id: smsOutbox.id })
      .from(smsOutbox)
      .where(
        and(
          eq(smsOutbox.phone, phone),
          gt(smsOutbox.createdAt, new Date(now.getTime() - THIRTY_SECONDS_MS)),
        ),
      )
      .limit(1);
    if (recent) {
      statuses.push({
        ...status,
        SerialNo: '',
        Fee: 0,
        Code: 'LimitExceeded.PhoneNumberThirtySecondLimit',
        Message:
          'the number of sms messages sent from a single mobile number within 30 seconds exceeds the upper limit',
      });
      continue;
    }
    await recordOutbox(db, phone, sandboxSmsText(keys.signName, values), now);
    statuses.push({
      ...status,
      SerialNo: `2019:${randomUUID().replace(/-/g, '')}`,
      Fee: 1,
      Code: 'Ok',
      Message: 'send success',
    });
  }
  return { SendStatusSet: statuses };
}

/**
 * The deterministic "authorities" of the sandbox, for a well-formed name and ID number:
 * an ID number whose sequence code (digits 15–17) is 000 is not on record; a name ending in 某
 * does not match the number; every other pair matches.
 */
function registry(name: string, idNumber: string): 'match' | 'mismatch' | 'unknown' {
  if (idNumber.slice(14, 17) === '000') return 'unknown';
  if (name.endsWith('某')) return 'mismatch';
  return 'match';
}

async function idCardVerification({ params, now }: Call): Promise<Params> {
  const idNumber = cleanIdNumber(text(params, 'IdCard'));
  const name = text(params, 'Name').trim();
  const answer = (Result: string, Description: string) => ({
    Result,
    Description,
    Name: name,
    IdCard: idNumber,
  });
  if (idNumberProblem(idNumber, now)) return answer('-2', '非法身份证号(长度、校验位等不正确)');
  if (!isRealName(name)) return answer('-3', '非法姓名(长度、格式等不正确)');
  switch (registry(name, idNumber)) {
    case 'unknown':
      return answer('-5', '证件库中无此身份证记录');
    case 'mismatch':
      return answer('-1', '姓名和身份证号不一致');
    case 'match':
      return answer('0', '姓名和身份证号一致');
  }
}

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * Bank-card four elements: the card must be 12–19 digits passing the Luhn check, the phone a
 * mainland mobile number; a phone ending in 0000 is not the one the bank holds (认证未通过),
 * otherwise the person's name and number decide as in IdCardVerification.
 */
async function bankCard4EVerification({ params, now }: Call): Promise<Params> {
  const name = text(params, 'Name').trim();
  const card = text(params, 'BankCard').replace(/\s/g, '');
  const phone = text(params, 'Phone').trim();
  const idNumber = cleanIdNumber(text(params, 'IdCard'));
  const certType = params['CertType'];
  const answer = (Result: string, Description: string) => ({ Result, Description });
  if (certType !== undefined && certType !== 0) {
    return answer('-20', '该证件号暂不支持核验，当前仅支持二代身份证');
  }
  if (!isRealName(name)) return answer('-2', '姓名校验不通过');
  if (idNumberProblem(idNumber, now)) return answer('-3', '身份证号码有误');
  if (!/^\d{12,19}$/.test(card) || !luhnValid(card)) return answer('-4', '银行卡号码有误');
  if (!/^1\d{10}$/.test(phone)) return answer('-5', '手机号码不合法');
  if (phone.endsWith('0000') || registry(name, idNumber) !== 'match') {
    return answer('-1', '认证未通过');
  }
  return answer('0', '认证通过');
}

/** The sandbox's card register: issuer prefixes it knows, with the bank and the card's kind. */
const SANDBOX_ISSUERS: readonly (readonly [prefix: string, bank: string, kind: 1 | 2])[] = [
  ['622575', '招商银行', 2],
  ['625802', '招商银行', 2],
  ['438088', '中国建设银行', 2],
  ['518710', '中国农业银行', 2],
  ['6212', '中国工商银行', 1],
  ['6222', '中国工商银行', 1],
  ['6228', '中国农业银行', 1],
  ['6217', '中国建设银行', 1],
  ['6227', '中国建设银行', 1],
  ['6214', '招商银行', 1],
  ['6225', '招商银行', 1],
];

/**
 * A card's facts: a number that is not 12–19 digits passing the Luhn check is 卡号无效 (-5); one
 * starting 9 is 银行卡不存在 (-3); any other is found (查询成功), a 借记卡 (AccountType 1) of the
 * bank its prefix names, or a 贷记卡 (2) for the credit prefixes above.
 */
async function checkBankCardInformation({ params }: Call): Promise<Params> {
  const card = text(params, 'BankCard').replace(/\s/g, '');
  if (!/^\d{12,19}$/.test(card) || !luhnValid(card)) {
    return { Result: '-5', Description: '卡号无效' };
  }
  if (card.startsWith('9')) return { Result: '-3', Description: '银行卡不存在' };
  const [, bank, kind] = SANDBOX_ISSUERS.find(([prefix]) => card.startsWith(prefix)) ?? [
    '',
    '其他银行',
    1,
  ];
  return { Result: '0', Description: '查询成功', AccountBank: bank, AccountType: kind };
}

/**
 * A fetch that answers Tencent Cloud calls in-process (scripts and tests: the adapters and the
 * protocol are the real ones, only the network is left out).
 */
export function tencentCloudSandboxFetch(
  db: DbOrTx,
  options: { now?: () => Date } = {},
): typeof fetch {
  return ((input: RequestInfo | URL, init?: RequestInit) =>
    answerTencentCloud(
      new Request(input, init),
      db,
      options.now ? { now: options.now() } : {},
    )) as typeof fetch;
}
