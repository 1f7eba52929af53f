/**
 * One Tencent Cloud API 3.0 call: a signed JSON POST to the root of the service's host, answered
 * `{ Response: { ..., RequestId } }` or `{ Response: { Error: { Code, Message }, RequestId } }`.
 * The SMS and faceid adapters speak through it; the base URL is the vendor's host, or this shop's
 * own origin in a demo, where the Tencent Cloud sandbox answers the root (decision 035).
 */
import { tc3Authorization } from './tc3.ts';

export interface TencentCloudCredentials {
  secretId: string;
  secretKey: string;
}

/** The vendor answered with an error: its code (AuthFailure.SignatureFailure, …) and message. */
export class TencentCloudError extends Error {
  override name = 'TencentCloudError';
  readonly code: string;
  readonly requestId: string | null;
  constructor(code: string, message: string, requestId: string | null) {
    super(`${code}: ${message}`);
    this.code = code;
    this.requestId = requestId;
  }
}

export interface TencentCloudCall {
  credentials: TencentCloudCredentials;
  /** https://sms.tencentcloudapi.com, or the sandbox's origin. */
  baseUrl: string;
  /** The credential scope's service: sms, faceid. */
  service: string;
  action: string;
  version: string;
  region?: string | undefined;
  payload: Record<string, unknown>;
  fetch?: typeof fetch | undefined;
  now?: (() => Date) | undefined;
  /** Milliseconds before the call is abandoned. */
  timeoutMs?: number;
}

/** Makes the call; the Response object on success, a TencentCloudError for the vendor's Error. */
export async function callTencentCloud(call: TencentCloudCall): Promise<Record<string, unknown>> {
  const url = new URL('/', call.baseUrl);
  const body = JSON.stringify(call.payload);
  const timestamp = Math.floor((call.now?.() ?? new Date()).getTime() / 1000);
  const headers: Record<string, string> = {
    'content-type': 'application/json; charset=utf-8',
    host: url.host,
    'x-tc-action': call.action,
  };
  const authorization = tc3Authorization({
    ...call.credentials,
    service: call.service,
    timestamp,
    request: {
      method: 'POST',
      path: '/',
      query: '',
      headers,
      signedHeaders: 'content-type;host;x-tc-action',
      body,
    },
  });
  const doFetch = call.fetch ?? fetch;
  const response = await doFetch(url, {
    method: 'POST',
    headers: {
      Authorization: authorization,
      'Content-Type': headers['content-type']!,
      'X-TC-Action': call.action,
      'X-TC-Timestamp': String(timestamp),
      'X-TC-Version': call.version,
      ...(call.region ? { 'X-TC-Region': call.region } : {}),
    },
    body,
    signal: AbortSignal.timeout(call.timeoutMs ?? 10_000),
  });
  if (!response.ok) {
    throw new Error(`Tencent Cloud ${call.action}: HTTP ${response.status}`);
  }
  const answer = (await response.json()) as { Response?: Record<string, unknown> };
  const result = answer.Response;
  if (!result || typeof result !== 'object') {
    throw new Error(`Tencent Cloud ${call.action}: an answer without Response`);
  }
  const error = result['Error'] as { Code?: unknown; Message?: unknown } | undefined;
  if (error) {
    throw new TencentCloudError(
      String(error.Code ?? 'InternalError'),
      String(error.Message ?? ''),
      typeof result['RequestId'] === 'string' ? result['RequestId'] : null,
    );
  }
  return result;
}
