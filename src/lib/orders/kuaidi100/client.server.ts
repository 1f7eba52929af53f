/**
 * The logistics adapter: a Kuaidi100 client (实时查询 and 订阅). The same client talks to the real
 * service and to the built-in sandbox (orders/kuaidi100/sandbox/): only the base URL, the
 * customer and the key differ.
 */
import {
  QUERY_PATH,
  SUBSCRIBE_PATH,
  querySign,
  type QueryAnswer,
  type QueryParam,
  type SubscribeAnswer,
  type SubscribeParam,
} from './protocol.ts';

export interface Kuaidi100Config {
  /** 公司编号 (customer): names the account in real-time queries. */
  customer: string;
  /** 授权key: signs queries, names the account in subscriptions. */
  key: string;
  /** e.g. https://poll.kuaidi100.com/ — the paths are resolved under it. */
  baseUrl: string;
  /** How requests are sent; global fetch unless a test routes them in-process. */
  fetch?: typeof fetch;
}

/** A call the service refused (its returnCode and message), or an answer that was not its own. */
export class Kuaidi100Error extends Error {
  override name = 'Kuaidi100Error';
  readonly returnCode: string;
  readonly detail: string;
  constructor(returnCode: string, message: string) {
    super(`${returnCode}: ${message}`);
    this.returnCode = returnCode;
    this.detail = message;
  }
}

/** The service answers within seconds; a call that hangs is given up and tried again later. */
const TIMEOUT_MS = 10_000;

export class Kuaidi100Client {
  readonly config: Kuaidi100Config;

  constructor(config: Kuaidi100Config) {
    this.config = config;
  }

  private async post(path: string, form: Record<string, string>): Promise<unknown> {
    const send = this.config.fetch ?? fetch;
    const response = await send(new URL(path, this.config.baseUrl), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: new URLSearchParams(form).toString(),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await response.text();
    if (!response.ok) throw new Kuaidi100Error(`HTTP ${response.status}`, text.slice(0, 200));
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new Kuaidi100Error('BAD_ANSWER', text.slice(0, 200));
    }
  }

  /**
   * 实时查询: the parcel's traces as the service knows them now (newest first). A refusal
   * (result false: 查询无结果, 验证签名失败, …) is thrown as a Kuaidi100Error with its returnCode.
   */
  async query(param: QueryParam): Promise<QueryAnswer> {
    const text = JSON.stringify({ resultv2: '1', ...param });
    const { customer, key } = this.config;
    const answer = (await this.post(QUERY_PATH, {
      customer,
      sign: querySign(text, key, customer),
      param: text,
    })) as QueryAnswer;
    if (answer.result === false || !Array.isArray(answer.data)) {
      throw new Kuaidi100Error(answer.returnCode ?? 'BAD_ANSWER', answer.message ?? '');
    }
    return answer;
  }

  /**
   * 订阅: asks the service to push the parcel's traces to `callbackurl` as they come. The answer
   * is returned as given (200 提交成功, 501 重复订阅, 600 bad key, 700/701/702 refused); only an
   * answer that is not the service's shape throws.
   */
  async subscribe(param: Omit<SubscribeParam, 'key'>): Promise<SubscribeAnswer> {
    const full: SubscribeParam = { ...param, key: this.config.key };
    const answer = (await this.post(SUBSCRIBE_PATH, {
      schema: 'json',
      param: JSON.stringify(full),
    })) as Partial<SubscribeAnswer>;
    if (typeof answer.result !== 'boolean' || typeof answer.returnCode !== 'string') {
      throw new Kuaidi100Error('BAD_ANSWER', JSON.stringify(answer).slice(0, 200));
    }
    return { result: answer.result, returnCode: answer.returnCode, message: answer.message ?? '' };
  }
}
