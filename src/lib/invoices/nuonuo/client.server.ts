/**
 * The 诺诺 open platform's transport: the app's access token (shared through the database,
 * tokens.server.ts) and signed calls to open/v1/services. The same client talks to the real
 * platform and to the built-in sandbox (invoices/nuonuo/sandbox/): only the URLs and keys differ.
 * A refusal or failure is an InvoiceProviderError whose `retryable` says whether waiting helps.
 */
import { randomBytes, randomInt } from 'node:crypto';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { InvoiceProviderError } from '../provider.ts';
import { Code, nuonuoSign, parseLossless, retryableCode } from './protocol.ts';
import { sharedToken, type FreshToken } from './tokens.server.ts';

export interface NuonuoConfig {
  appKey: string;
  appSecret: string;
  /** The seller's 税号 the account issues for: the userTax header and salerTaxNum. */
  taxNo: string;
  /** 开票员: the name the 数电 account's login is registered with. */
  clerk: string;
  /** Where the token is asked for (…/accessToken). */
  tokenUrl: string;
  /** Where the API is called (…/open/v1/services). */
  servicesUrl: string;
  /** How requests are sent; global fetch unless a test routes them in-process. */
  fetch?: typeof fetch;
  /** The clock (timestamps, token expiry); tests move it. */
  now?: () => Date;
}

/** The platform answers within seconds; a call that hangs is given up and tried again later. */
const TIMEOUT_MS = 15_000;

export interface NuonuoAnswer {
  code: string;
  describe: string;
  result: unknown;
}

/** A failure with the network error kept as its cause (doctor tells unreachable from refused). */
export function failure(
  code: string,
  message: string,
  retryable: boolean,
  cause?: unknown,
): InvoiceProviderError {
  const error = new InvoiceProviderError(code, message, retryable);
  if (cause !== undefined) error.cause = cause;
  return error;
}

/** 32 hex characters: the senid each call carries. */
export const newSenid = () => randomBytes(16).toString('hex');
/** 8 digits, never starting with 0: the nonce. */
export const newNonce = () => String(randomInt(10_000_000, 100_000_000));

export class NuonuoClient {
  readonly config: NuonuoConfig;
  private readonly db: DbOrTx;

  constructor(db: DbOrTx, config: NuonuoConfig) {
    this.db = db;
    this.config = config;
  }

  private now(): Date {
    return this.config.now?.() ?? new Date();
  }

  private async send(url: string, init: RequestInit): Promise<string> {
    const send = this.config.fetch ?? fetch;
    let response: Response;
    try {
      response = await send(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      throw failure(
        'UNREACHABLE',
        `诺诺开放平台无法连接：${(error as Error).message}`,
        true,
        error,
      );
    }
    const text = await response.text();
    if (!response.ok) {
      throw failure(`HTTP ${response.status}`, `诺诺开放平台异常：${text.slice(0, 200)}`, true);
    }
    return text;
  }

  /** A new access token from the platform (client credentials). */
  async fetchToken(): Promise<FreshToken> {
    const text = await this.send(this.config.tokenUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8' },
      body: new URLSearchParams({
        client_id: this.config.appKey,
        client_secret: this.config.appSecret,
        grant_type: 'client_credentials',
      }).toString(),
    });
    let answer: Record<string, unknown>;
    try {
      answer = JSON.parse(text) as Record<string, unknown>;
    } catch {
      throw failure('BAD_ANSWER', `诺诺令牌接口应答无法解析：${text.slice(0, 200)}`, true);
    }
    if (typeof answer.access_token === 'string' && answer.access_token) {
      const seconds = Number(answer.expires_in);
      return { value: answer.access_token, expiresIn: seconds > 0 ? seconds : 86_400 };
    }
    const code = typeof answer.error === 'string' ? answer.error : 'BAD_ANSWER';
    const message = String(answer.error_description ?? '诺诺令牌获取失败');
    // 070304/070305 wrong key or secret, 070307 wrong app type: no use retrying. 070306 (50 a
    // month used up) passes only when the month rolls on.
    throw failure(code, `诺诺令牌获取失败：${message}`, code === '070306');
  }

  /** The shared token; `rejected` names one the platform refused, to be replaced. */
  token(rejected?: string): Promise<string> {
    return sharedToken(this.db, this.config.appKey, () => this.fetchToken(), {
      now: () => this.now(),
      rejected,
    });
  }

  /** One signed call with the given token; the platform's answer as it came. */
  async callWith(token: string, method: string, content: unknown): Promise<NuonuoAnswer> {
    const body = JSON.stringify(content);
    const { appKey, appSecret, taxNo } = this.config;
    const senid = newSenid();
    const nonce = newNonce();
    const timestamp = String(Math.floor(this.now().getTime() / 1000));
    const url = new URL(this.config.servicesUrl);
    url.search = new URLSearchParams({ senid, nonce, timestamp, appkey: appKey }).toString();
    const text = await this.send(url.toString(), {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json;charset=UTF-8',
        'X-Nuonuo-Sign': nuonuoSign(appSecret, { appKey, senid, nonce, timestamp, body }),
        accessToken: token,
        userTax: taxNo,
        method,
      },
      body,
    });
    let answer: unknown;
    try {
      answer = parseLossless(text);
    } catch {
      throw failure('BAD_ANSWER', `诺诺应答无法解析：${text.slice(0, 200)}`, true);
    }
    const record = (answer ?? {}) as Record<string, unknown>;
    if (typeof record.code !== 'string' && typeof record.code !== 'number') {
      throw failure('BAD_ANSWER', `诺诺应答缺少返回码：${text.slice(0, 200)}`, true);
    }
    return {
      code: String(record.code),
      describe: typeof record.describe === 'string' ? record.describe : '',
      result: record.result,
    };
  }

  /**
   * A signed call. A token the platform refuses (070301: expired early, or replaced) is
   * refreshed once and the call made again; any other answer is returned as it came.
   */
  async call(method: string, content: unknown): Promise<NuonuoAnswer> {
    const token = await this.token();
    const answer = await this.callWith(token, method, content);
    if (answer.code !== Code.TokenRefused) return answer;
    return this.callWith(await this.token(token), method, content);
  }
}

/** The platform's refusal as an InvoiceProviderError (its own words as the message). */
export function refusal(answer: NuonuoAnswer): InvoiceProviderError {
  return failure(
    answer.code,
    answer.describe || `诺诺开放平台拒绝（${answer.code}）`,
    retryableCode(answer.code),
  );
}
