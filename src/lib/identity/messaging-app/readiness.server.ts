/**
 * `npm run doctor`'s WeChat probe: the exchange of a made-up authorization code. WeChat checks
 * the app id and secret before the code, so 40029 (invalid code) means the account is accepted,
 * and 40013/40125 that it is refused. Harmless: unlike cgi-bin/token, it does not replace the
 * access token the running servers share.
 */
import { randomBytes } from 'node:crypto';
import type { Env } from '#lib/platform/env.server.ts';
import { isUnreachable, unreachableDetail, type Readiness } from '#lib/platform/readiness.ts';
import { WECHAT_API_BASE_URL, WechatErrcode } from './wechat.server.ts';

export async function wechatReadiness(
  config: Pick<Env, 'WECHAT_APP_ID' | 'WECHAT_APP_SECRET' | 'WECHAT_API_BASE_URL'>,
  fetchImpl: typeof fetch = fetch,
): Promise<Readiness> {
  if (!config.WECHAT_APP_ID || !config.WECHAT_APP_SECRET)
    return { state: 'missing', detail: 'WECHAT_APP_ID and WECHAT_APP_SECRET are required' };
  const base = (config.WECHAT_API_BASE_URL ?? WECHAT_API_BASE_URL).replace(/\/+$/, '');
  const query = new URLSearchParams({
    appid: config.WECHAT_APP_ID,
    secret: config.WECHAT_APP_SECRET,
    code: `doctor${randomBytes(8).toString('hex')}`,
    grant_type: 'authorization_code',
  });
  let answer: { errcode?: number; errmsg?: string };
  try {
    const response = await fetchImpl(`${base}/sns/oauth2/access_token?${query.toString()}`, {
      signal: AbortSignal.timeout(8_000),
    });
    answer = (await response.json()) as typeof answer;
  } catch (error) {
    if (isUnreachable(error)) return { state: 'unreachable', detail: unreachableDetail(error) };
    return { state: 'refused', detail: `not WeChat's answer: ${(error as Error).message}` };
  }
  if (answer.errcode === WechatErrcode.INVALID_CODE)
    return {
      state: 'ready',
      detail: 'the exchange of a made-up code answered 40029 (invalid code)',
    };
  return {
    state: 'refused',
    detail: `the exchange of a made-up code answered ${answer.errcode ?? 'no errcode'}: ${answer.errmsg ?? ''}`,
  };
}
