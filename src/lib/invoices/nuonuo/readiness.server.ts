/**
 * `npm run doctor`'s invoice probe: an access token for the app (client_id + client_secret: the
 * keys are right), then a signed query of an order number nobody used (the signature, the token
 * and the tax number are right: 诺诺 answers it with an empty list or 未查询到). The token fetch
 * is one of the 50 the platform allows an app in 30 days.
 */
import { randomBytes } from 'node:crypto';
import type { Env } from '#lib/platform/env.server.ts';
import { isUnreachable, unreachableDetail, type Readiness } from '#lib/platform/readiness.ts';
import { InvoiceProviderError } from '../provider.ts';
import { NuonuoClient } from './client.server.ts';
import { Code, Method, NUONUO_SERVICES_URL, NUONUO_TOKEN_URL } from './protocol.ts';
import { urlsUnder } from './settings.server.ts';

export async function invoiceReadiness(config: Env, fetchImpl?: typeof fetch): Promise<Readiness> {
  const missing = (['NUONUO_APP_KEY', 'NUONUO_APP_SECRET', 'NUONUO_TAX_NO'] as const).filter(
    (name) => !config[name],
  );
  if (missing.length) return { state: 'missing', detail: `${missing.join(', ')} not set` };
  const client = new NuonuoClient(null as never, {
    appKey: config.NUONUO_APP_KEY!,
    appSecret: config.NUONUO_APP_SECRET!,
    taxNo: config.NUONUO_TAX_NO!,
    clerk: config.NUONUO_CLERK ?? '',
    ...(config.NUONUO_BASE_URL
      ? urlsUnder(config.NUONUO_BASE_URL)
      : { tokenUrl: NUONUO_TOKEN_URL, servicesUrl: NUONUO_SERVICES_URL }),
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });
  const probe = `DOCTOR${randomBytes(6).toString('hex').toUpperCase()}`;
  try {
    const token = await client.fetchToken();
    const answer = await client.callWith(token.value, Method.QueryResult, {
      orderNos: [probe],
      isOfferInvoiceDetail: '0',
    });
    if (answer.code === Code.Success || answer.code === Code.NotFound) {
      return {
        state: 'ready',
        detail: `token fetched; query of an unknown order answered ${answer.code} ${answer.describe}`,
      };
    }
    return { state: 'refused', detail: `${answer.code}: ${answer.describe}` };
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    if (isUnreachable(cause ?? error)) {
      return { state: 'unreachable', detail: unreachableDetail(cause ?? error) };
    }
    if (error instanceof InvoiceProviderError) {
      return { state: 'refused', detail: `${error.code}: ${error.message}` };
    }
    throw error;
  }
}
