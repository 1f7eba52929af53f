/**
 * The Aliyun SMS sandbox of a demo: answers SendSms (dysmsapi 2017-05-25) at this server's root,
 * where the vendor-root hook hands it every request carrying x-acs-action, as Aliyun would: the
 * signature V3 checked with the demo account's secret (aliyun-account.server.ts), Aliyun's error
 * codes, HTTP statuses and JSON, and the message "delivered" into the dev outbox, its text made
 * from the approved template as the phone would show it. Its approved signatures are the
 * account's own and each open shop's name (a code is signed with the shop it is for). The adapter
 * (aliyun.server.ts) and the vendor's own SDK work against it unchanged.
 */
import { randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { env, type Env } from '#lib/platform/env.server.ts';
import { aliyunSandboxAccount, type AliyunAccount } from './aliyun-account.server.ts';
import { ALIYUN_SMS_ACTION, ALIYUN_SMS_VERSION } from './aliyun.server.ts';
import { ACS3_ALGORITHM, acs3Signature, sha256Hex } from './aliyun-signature.server.ts';
import { recordOutbox } from './outbox.server.ts';
import { isOpenShopName } from '#lib/shop/index.server.ts';

/** The approved verification-code template's content; ${code} is its one variable. */
export const SANDBOX_TEMPLATE_TEXT = '您的验证码为：${code}，该验证码5分钟内有效，请勿泄漏于他人！';
/** How far x-acs-date may be from the sandbox's clock, as Aliyun allows. */
const CLOCK_SKEW_MS = 15 * 60_000;
/** Headers every signature must cover (Aliyun: every common header there is). */
const MUST_SIGN = [
  'host',
  'x-acs-action',
  'x-acs-content-sha256',
  'x-acs-date',
  'x-acs-signature-nonce',
  'x-acs-version',
];
const HOST_ID = 'dysmsapi.aliyuncs.com';

/** Nonces seen within the clock skew: a replayed request is refused, as Aliyun does. */
const seenNonces = new Map<string, number>();

function rememberNonce(nonce: string, now: number): boolean {
  for (const [seen, at] of seenNonces) if (now - at > 2 * CLOCK_SKEW_MS) seenNonces.delete(seen);
  if (seenNonces.has(nonce)) return false;
  seenNonces.set(nonce, now);
  return true;
}

function answer(status: number, body: Record<string, string | number>): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      'content-type': 'application/json;charset=utf-8',
      'x-acs-request-id': String(body['RequestId']),
      'cache-control': 'no-store',
    },
  });
}

/** A gateway refusal: Aliyun's error JSON with the HTTP status it goes with. */
function gatewayError(status: number, code: string, message: string): Response {
  const requestId = randomUUID().toUpperCase();
  return answer(status, {
    RequestId: requestId,
    HostId: HOST_ID,
    Code: code,
    Message: message,
    Recommend: `https://api.aliyun.com/troubleshoot?q=${code}&product=Dysmsapi&requestId=${requestId}`,
  });
}

/** A business refusal of SendSms: HTTP 200 with the isv.* code, as Aliyun answers it. */
function refused(code: string, message: string): Response {
  return answer(200, { RequestId: randomUUID().toUpperCase(), Code: code, Message: message });
}

function sameHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}

/** SendSms (and GetSmsSign, GetSmsTemplate) as Aliyun answers them, or Aliyun's refusal. */
export async function answerAliyun(
  request: Request,
  db: DbOrTx,
  config: Env = env(),
  now: () => Date = () => new Date(),
): Promise<Response> {
  const account = await aliyunSandboxAccount(db, config);
  const url = new URL(request.url);
  const authorization = request.headers.get('authorization') ?? '';
  const auth =
    /^ACS3-HMAC-SHA256 Credential=([^,\s]+),\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/.exec(
      authorization,
    );
  if (!auth) {
    return gatewayError(
      400,
      'IncompleteSignature',
      `The request signature does not conform to Aliyun standards (Authorization must be ${ACS3_ALGORITHM} Credential=…,SignedHeaders=…,Signature=…).`,
    );
  }
  const [, keyId, signedList, signature] = auth as unknown as [string, string, string, string];
  const signedNames = signedList.split(';');
  const unsigned = MUST_SIGN.filter(
    (name) => !signedNames.includes(name) || !request.headers.has(name),
  );
  if (unsigned.length > 0) {
    return gatewayError(
      400,
      'IncompleteSignature',
      `The request signature does not conform to Aliyun standards: ${unsigned.join(', ')} must be present and signed.`,
    );
  }
  if (keyId !== account.accessKeyId) {
    return gatewayError(404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.');
  }
  const date = Date.parse(request.headers.get('x-acs-date')!);
  if (!Number.isFinite(date) || Math.abs(now().getTime() - date) > CLOCK_SKEW_MS) {
    return gatewayError(
      400,
      'InvalidTimeStamp.Expired',
      `Specified time stamp or date value is expired.`,
    );
  }
  const body = new Uint8Array(await request.arrayBuffer());
  const payloadHash = request.headers.get('x-acs-content-sha256')!;
  const headers = Object.fromEntries(
    signedNames.map((name) => [name, request.headers.get(name) ?? ''] as const),
  );
  const query = [...url.searchParams.entries()];
  const expected = acs3Signature(
    { method: request.method, path: url.pathname, query, headers, payloadHash },
    account.accessKeySecret,
  );
  if (!sameHex(expected, signature) || sha256Hex(body) !== payloadHash) {
    return gatewayError(
      400,
      'SignatureDoesNotMatch',
      'Specified signature does not match our calculation.',
    );
  }
  if (!rememberNonce(request.headers.get('x-acs-signature-nonce')!, now().getTime())) {
    return gatewayError(400, 'SignatureNonceUsed', 'Specified signature nonce was used already.');
  }
  const action = ACTIONS[request.headers.get('x-acs-action')!];
  if (!action || request.headers.get('x-acs-version') !== ALIYUN_SMS_VERSION) {
    return gatewayError(
      404,
      'InvalidAction.NotFound',
      'Specified api is not found, please check your url and method.',
    );
  }
  // The parameters: the query, and a form body when one is sent.
  const params = new URLSearchParams(url.search);
  if (request.headers.get('content-type')?.startsWith('application/x-www-form-urlencoded')) {
    for (const [key, value] of new URLSearchParams(new TextDecoder().decode(body))) {
      params.set(key, value);
    }
  }
  return action(params, account, db, now);
}

type Action = (
  params: URLSearchParams,
  account: AliyunAccount,
  db: DbOrTx,
  now: () => Date,
) => Promise<Response>;

/** The sandbox's account approved its sign and template long ago. */
const APPROVED_AT = '2026-01-05 10:00:00';

const ACTIONS: Readonly<Record<string, Action>> = {
  [ALIYUN_SMS_ACTION]: sendSms,
  GetSmsSign: async (params, account) => {
    if (!params.get('SignName')) return missing('SignName');
    if (params.get('SignName') !== account.signName) {
      return refused('isv.SMS_SIGNATURE_ILLEGAL', '该账号下找不到对应签名');
    }
    return ok({
      SignName: account.signName,
      SignStatus: 1,
      CreateDate: APPROVED_AT,
      Reason: '无审批备注',
    });
  },
  GetSmsTemplate: async (params, account) => {
    if (!params.get('TemplateCode')) return missing('TemplateCode');
    if (params.get('TemplateCode') !== account.templateCode) {
      return refused('isv.SMS_TEMPLATE_ILLEGAL', '该账号下找不到对应模板');
    }
    return ok({
      TemplateCode: account.templateCode,
      TemplateName: '验证码',
      TemplateStatus: '1',
      TemplateContent: SANDBOX_TEMPLATE_TEXT,
      CreateDate: APPROVED_AT,
      Reason: '无审批备注',
    });
  },
};

/** The sandbox approved every open shop's name as a signature of the demo account. */
function isShopSignature(db: DbOrTx, signName: string): Promise<boolean> {
  return isOpenShopName(db, signName);
}

function missing(name: string): Response {
  return gatewayError(400, `Missing${name}`, `${name} is mandatory for this action.`);
}

function ok(fields: Record<string, string | number>): Response {
  return answer(200, {
    RequestId: randomUUID().toUpperCase(),
    Code: 'OK',
    Message: 'OK',
    ...fields,
  });
}

async function sendSms(
  params: URLSearchParams,
  account: AliyunAccount,
  db: DbOrTx,
  now: () => Date,
): Promise<Response> {
  for (const name of ['PhoneNumbers', 'SignName', 'TemplateCode']) {
    if (!params.get(name)) return missing(name);
  }
  const phone = /^(?:\+?86|0086)?(1[3-9]\d{9})$/.exec(params.get('PhoneNumbers')!)?.[1];
  if (!phone) return refused('isv.MOBILE_NUMBER_ILLEGAL', '非法手机号');
  const signName = params.get('SignName')!;
  if (signName !== account.signName && !(await isShopSignature(db, signName))) {
    return refused('isv.SMS_SIGNATURE_ILLEGAL', '该账号下找不到对应签名');
  }
  if (params.get('TemplateCode') !== account.templateCode) {
    return refused('isv.SMS_TEMPLATE_ILLEGAL', '该账号下找不到对应模板');
  }
  let variables: unknown;
  try {
    variables = JSON.parse(params.get('TemplateParam') ?? '{}');
  } catch {
    variables = null;
  }
  const code = (variables as { code?: unknown } | null)?.code;
  if (typeof variables !== 'object' || variables === null || Array.isArray(variables)) {
    return refused('isv.INVALID_JSON_PARAM', 'JSON参数不合法，只接受字符串值');
  }
  if (code === undefined)
    return refused('isv.TEMPLATE_MISSING_PARAMETERS', '模板变量缺少对应参数值');
  if (typeof code !== 'string') {
    return refused('isv.INVALID_JSON_PARAM', 'JSON参数不合法，只接受字符串值');
  }

  await recordOutbox(
    db,
    phone,
    `【${signName}】${SANDBOX_TEMPLATE_TEXT.replace('${code}', code)}`,
    now(),
  );
  return ok({
    BizId: `${randomInt(100_000_000, 1_000_000_000)}${randomInt(100_000_000, 1_000_000_000)}^0`,
  });
}
