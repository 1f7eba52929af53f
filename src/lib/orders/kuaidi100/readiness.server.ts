/**
 * `npm run doctor`'s logistics probe: a real-time query of a number nobody shipped. The service
 * checks customer and sign first, so 查询无结果 (500) or a refused number (400) means the account
 * is accepted; 验证签名失败 (503) or an expired key (601) means it is refused.
 */
import { randomBytes } from 'node:crypto';
import type { Env } from '#lib/platform/env.server.ts';
import { isUnreachable, unreachableDetail, type Readiness } from '#lib/platform/readiness.ts';
import { Kuaidi100Client, Kuaidi100Error } from './client.server.ts';
import { KUAIDI100_BASE_URL } from './protocol.ts';

/** What the service answers a well-signed query of an unknown number. */
const ACCEPTED = new Set(['400', '500']);

export async function logisticsReadiness(
  config: Env,
  fetchImpl?: typeof fetch,
): Promise<Readiness> {
  if (!config.KUAIDI100_CUSTOMER || !config.KUAIDI100_KEY) {
    return { state: 'missing', detail: 'KUAIDI100_CUSTOMER and KUAIDI100_KEY are not set' };
  }
  const client = new Kuaidi100Client({
    customer: config.KUAIDI100_CUSTOMER,
    key: config.KUAIDI100_KEY,
    baseUrl: config.KUAIDI100_BASE_URL ?? KUAIDI100_BASE_URL,
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });
  const probe = `DOCTOR${randomBytes(6).toString('hex').toUpperCase()}`;
  try {
    await client.query({ com: 'yuantong', num: probe });
    return { state: 'refused', detail: `an unknown number ${probe} was found: not Kuaidi100` };
  } catch (error) {
    if (error instanceof Kuaidi100Error) {
      if (ACCEPTED.has(error.returnCode)) {
        return {
          state: 'ready',
          detail: `query of an unknown number answered ${error.returnCode} ${error.detail}`,
        };
      }
      return { state: 'refused', detail: `${error.returnCode}: ${error.detail}` };
    }
    if (isUnreachable(error)) return { state: 'unreachable', detail: unreachableDetail(error) };
    throw error;
  }
}
