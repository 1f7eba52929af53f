/**
 * The configured invoice provider (INVOICE_PROVIDER=nuonuo): the 诺诺 adapter pointed at the real
 * platform with the NUONUO_* app, or in a demo at the built-in sandbox under /sandbox/nuonuo/ of
 * this very server with the sandbox's account. Either way the same adapter speaks the same
 * protocol; only the URLs and keys differ.
 */
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { env, type Env } from '#lib/platform/env.server.ts';
import { selfOrigin } from '#lib/platform/self-origin.server.ts';
import type { InvoiceProvider } from '../provider.ts';
import { NuonuoProvider } from './adapter.server.ts';
import { NuonuoClient, type NuonuoConfig } from './client.server.ts';
import { NUONUO_SERVICES_URL, NUONUO_TOKEN_URL, SERVICES_PATH, TOKEN_PATH } from './protocol.ts';
import { sandboxAccount } from './sandbox/keys.server.ts';
import { SANDBOX_PREFIX } from './sandbox/service.server.ts';

export interface ProviderOptions {
  config?: Env;
  /** Routes the adapter's calls in-process (tests and scripts on the sandbox). */
  fetch?: typeof fetch;
  /** This server's origin, when not selfOrigin() (tests). */
  origin?: string;
  /** The clock (tests move it). */
  now?: () => Date;
}

/** Where the token and the API are under a base URL of one host (ours, or one given). */
export function urlsUnder(base: string): Pick<NuonuoConfig, 'tokenUrl' | 'servicesUrl'> {
  const root = base.endsWith('/') ? base : `${base}/`;
  return { tokenUrl: `${root}${TOKEN_PATH}`, servicesUrl: `${root}${SERVICES_PATH}` };
}

/** The 诺诺 client the settings name. */
export async function nuonuoConfig(
  db: DbOrTx,
  options: ProviderOptions = {},
): Promise<NuonuoConfig> {
  const config = options.config ?? env();
  const extra = {
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.now ? { now: options.now } : {}),
  };
  if (config.SHOP_MODE === 'production') {
    return {
      appKey: config.NUONUO_APP_KEY!,
      appSecret: config.NUONUO_APP_SECRET!,
      taxNo: config.NUONUO_TAX_NO!,
      clerk: config.NUONUO_CLERK!,
      ...(config.NUONUO_BASE_URL
        ? urlsUnder(config.NUONUO_BASE_URL)
        : { tokenUrl: NUONUO_TOKEN_URL, servicesUrl: NUONUO_SERVICES_URL }),
      ...extra,
    };
  }
  // A demo: the sandbox (its own account unless one is given), over loopback.
  const account = await sandboxAccount(db, config);
  const origin = options.origin ?? selfOrigin();
  return {
    appKey: account.appKey,
    appSecret: account.appSecret,
    taxNo: account.taxNo,
    clerk: account.clerk,
    ...urlsUnder(config.NUONUO_BASE_URL ?? `${origin}${SANDBOX_PREFIX}`),
    ...extra,
  };
}

const cached = new WeakMap<object, Promise<InvoiceProvider>>();

/**
 * The configured InvoiceProvider for this database: built once per process (the options are for
 * tests, which get a provider of their own).
 */
export function invoiceProvider(
  db: DbOrTx,
  options: ProviderOptions = {},
): Promise<InvoiceProvider> {
  const build = async () =>
    new NuonuoProvider(new NuonuoClient(db, await nuonuoConfig(db, options)));
  if (Object.keys(options).length > 0) return build();
  let provider = cached.get(db);
  if (!provider) {
    provider = build();
    provider.catch(() => cached.delete(db));
    cached.set(db, provider);
  }
  return provider;
}

/**
 * The seller the configured account issues for: its 税号 (every request's seller.taxNo must be
 * it) and, in a demo, the name the sandbox has registered for it (what its invoices print); null
 * in production, where 诺诺 prints the name registered with the tax bureau.
 */
export async function nuonuoSeller(
  db: DbOrTx,
  config: Env = env(),
): Promise<{ taxNo: string; name: string | null }> {
  if (config.SHOP_MODE === 'production') return { taxNo: config.NUONUO_TAX_NO!, name: null };
  const account = await sandboxAccount(db, config);
  return { taxNo: account.taxNo, name: account.sellerName };
}
