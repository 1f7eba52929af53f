/**
 * `npm run doctor`'s payment probe: the query of an order number that was never used. The
 * gateway checks the signature first, so ORDER_NOT_EXIST means the merchant's keys are accepted;
 * a signature or merchant error means they are refused.
 */
import { randomBytes } from 'node:crypto';
import type { Env } from '#lib/platform/env.server.ts';
import { isUnreachable, unreachableDetail, type Readiness } from '#lib/platform/readiness.ts';
import { merchantClient } from './gateway.server.ts';
import { GatewayError } from './wechatpay/client.server.ts';

export async function paymentReadiness(config: Env, fetchImpl?: typeof fetch): Promise<Readiness> {
  const client = merchantClient(config, fetchImpl ? { fetch: fetchImpl } : {});
  const probe = `DOCTOR${randomBytes(8).toString('hex')}`;
  try {
    await client.queryByOutTradeNo(probe);
    return { state: 'refused', detail: `an unknown order ${probe} was found: not the gateway` };
  } catch (error) {
    if (error instanceof GatewayError) {
      if (error.code === 'ORDER_NOT_EXIST' || error.code === 'RESOURCE_NOT_EXISTS') {
        return { state: 'ready', detail: `query of an unknown order answered ${error.code}` };
      }
      return { state: 'refused', detail: `${error.status} ${error.code}: ${error.detail}` };
    }
    if (isUnreachable(error)) return { state: 'unreachable', detail: unreachableDetail(error) };
    throw error;
  }
}
