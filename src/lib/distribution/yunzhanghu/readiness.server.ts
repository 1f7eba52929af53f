/**
 * `npm run doctor`'s 云账户 probe: the query of an order that does not exist. The platform checks
 * the dealer, the signature and the encryption before it looks for the order, so "no such order"
 * (2018) means the credentials are accepted; any other code names what it refused. Harmless:
 * nothing is paid or made.
 */
import { randomBytes } from 'node:crypto';
import type { Env } from '#lib/platform/env.server.ts';
import { isUnreachable, unreachableDetail, type Readiness } from '#lib/platform/readiness.ts';
import {
  ORDER_NOT_FOUND,
  YUNZHANGHU_BASE_URL,
  YunzhanghuError,
  yunzhanghuClient,
} from './client.server.ts';

export async function yunzhanghuReadiness(
  config: Pick<
    Env,
    | 'CARD_PAYOUT_PROVIDER'
    | 'YUNZHANGHU_DEALER_ID'
    | 'YUNZHANGHU_BROKER_ID'
    | 'YUNZHANGHU_APP_KEY'
    | 'YUNZHANGHU_DES3_KEY'
    | 'YUNZHANGHU_BASE_URL'
  >,
  fetchImpl: typeof fetch = fetch,
): Promise<Readiness> {
  if (config.CARD_PAYOUT_PROVIDER !== 'yunzhanghu')
    return { state: 'ready', detail: 'not used: CARD_PAYOUT_PROVIDER=none, no bank-card payouts' };
  const { YUNZHANGHU_DEALER_ID, YUNZHANGHU_BROKER_ID, YUNZHANGHU_APP_KEY, YUNZHANGHU_DES3_KEY } =
    config;
  if (!YUNZHANGHU_DEALER_ID || !YUNZHANGHU_BROKER_ID || !YUNZHANGHU_APP_KEY || !YUNZHANGHU_DES3_KEY)
    return {
      state: 'missing',
      detail:
        'YUNZHANGHU_DEALER_ID, YUNZHANGHU_BROKER_ID, YUNZHANGHU_APP_KEY and YUNZHANGHU_DES3_KEY are required',
    };
  const client = yunzhanghuClient({
    dealerId: YUNZHANGHU_DEALER_ID,
    brokerId: YUNZHANGHU_BROKER_ID,
    appKey: YUNZHANGHU_APP_KEY,
    des3Key: YUNZHANGHU_DES3_KEY,
    baseUrl: config.YUNZHANGHU_BASE_URL ?? YUNZHANGHU_BASE_URL,
    fetch: fetchImpl,
  });
  try {
    const order = await client.order(`doctor${randomBytes(8).toString('hex')}`);
    return order === null
      ? {
          state: 'ready',
          detail: `the query of a made-up order answered ${ORDER_NOT_FOUND} (no such order)`,
        }
      : { state: 'refused', detail: 'the query of a made-up order found one' };
  } catch (error) {
    if (error instanceof YunzhanghuError)
      return { state: 'refused', detail: `the query of a made-up order answered ${error.message}` };
    if (isUnreachable(error)) return { state: 'unreachable', detail: unreachableDetail(error) };
    return { state: 'refused', detail: `not 云账户's answer: ${(error as Error).message}` };
  }
}
