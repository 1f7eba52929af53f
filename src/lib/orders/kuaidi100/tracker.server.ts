/**
 * The configured logistics provider (LOGISTICS_PROVIDER=kuaidi100): the Kuaidi100 client pointed
 * at the real service with the KUAIDI100_* account, or in a demo at the built-in sandbox under
 * /sandbox/kuaidi100/ of this very server with the sandbox's account, plus where pushes come
 * (the callback URL) and the salt they are signed with. Either way the same client speaks the
 * same protocol. Pushes are received here: verified before anything changes, then stored by the
 * orders' one command (parcels.server.ts).
 */
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { env, type Env } from '#lib/platform/env.server.ts';
import { selfOrigin } from '#lib/platform/self-origin.server.ts';
import { carrierOfKuaidi100 } from '../carriers.ts';
import type { TraceView } from '../contracts.ts';
import { recordParcelTraces } from '../parcels.server.ts';
import { Kuaidi100Client } from './client.server.ts';
import {
  KUAIDI100_BASE_URL,
  PUSH_RECEIVED,
  ParcelState,
  STATE_NAMES,
  parseChinaTime,
  pushParamSchema,
  verifyPushSign,
} from './protocol.ts';
import { sandboxAccount } from './sandbox/keys.server.ts';

export const NOTIFY_PATH = '/api/order/logistics/kuaidi100/notify';
export const SANDBOX_BASE_PATH = '/sandbox/kuaidi100/';

export interface Tracker {
  client: Kuaidi100Client;
  /** Where the service pushes a subscribed parcel's traces. */
  callbackUrl: string;
  /** The salt subscriptions name; pushes are signed with it. */
  salt: string;
  sandbox: boolean;
}

export interface TrackerOptions {
  config?: Env;
  /** Routes the adapter's calls in-process (tests and scripts on the sandbox). */
  fetch?: typeof fetch;
  /** This server's origin, when not selfOrigin() (tests). */
  origin?: string;
}

const cached = new WeakMap<object, Promise<Tracker>>();

async function build(db: DbOrTx, options: TrackerOptions): Promise<Tracker> {
  const config = options.config ?? env();
  const fetchOption = options.fetch ? { fetch: options.fetch } : {};
  if (config.SHOP_MODE === 'production') {
    return {
      client: new Kuaidi100Client({
        customer: config.KUAIDI100_CUSTOMER!,
        key: config.KUAIDI100_KEY!,
        baseUrl: config.KUAIDI100_BASE_URL ?? KUAIDI100_BASE_URL,
        ...fetchOption,
      }),
      callbackUrl: `${config.PUBLIC_ORIGIN!}${NOTIFY_PATH}`,
      salt: config.KUAIDI100_SALT!,
      sandbox: false,
    };
  }
  // A demo: the sandbox (its own account unless one is given), pushing over loopback.
  const account = await sandboxAccount(db, config);
  const origin = options.origin ?? selfOrigin();
  const real = config.KUAIDI100_BASE_URL !== undefined;
  return {
    client: new Kuaidi100Client({
      customer: account.customer,
      key: account.key,
      baseUrl: config.KUAIDI100_BASE_URL ?? `${origin}${SANDBOX_BASE_PATH}`,
      ...fetchOption,
    }),
    callbackUrl: `${real ? (config.PUBLIC_ORIGIN ?? origin) : origin}${NOTIFY_PATH}`,
    salt: account.salt,
    sandbox: !real,
  };
}

/** The process's tracker for this database (built once). */
export function logisticsTracker(db: DbOrTx, options: TrackerOptions = {}): Promise<Tracker> {
  if (options.fetch || options.origin || options.config) return build(db, options);
  let tracker = cached.get(db);
  if (!tracker) {
    tracker = build(db, options);
    tracker.catch(() => cached.delete(db));
    cached.set(db, tracker);
  }
  return tracker;
}

export type PushAnswer =
  typeof PUSH_RECEIVED | { result: false; returnCode: '400' | '500'; message: string };

/** The traces of a push, newest first, with ISO times; traces without a readable time are left out. */
function tracesOf(data: { time: string; context: string }[]): TraceView[] {
  const traces: TraceView[] = [];
  for (const item of data) {
    const at = parseChinaTime(item.time);
    if (at) traces.push({ time: at.toISOString(), text: item.context });
  }
  return traces.sort((a, b) => b.time.localeCompare(a.time));
}

/**
 * A push from the service (the form's `param` and `sign`): the sign is verified with the salt
 * before anything else is read; then the traces are stored on the number's parcels (once; a
 * repeated or older push changes nothing). Answered as the service expects; anything but
 * PUSH_RECEIVED makes it push again later.
 */
export async function receiveKuaidi100Push(
  db: DbOrTx,
  tracker: Tracker,
  form: { param: string | null; sign: string | null },
  now = new Date(),
): Promise<PushAnswer> {
  const { param, sign } = form;
  if (!param || !sign || !verifyPushSign(param, sign, tracker.salt)) {
    return { result: false, returnCode: '500', message: '签名验证失败' };
  }
  let push;
  try {
    push = pushParamSchema.parse(JSON.parse(param));
  } catch {
    return { result: false, returnCode: '400', message: '参数格式错误' };
  }
  const last = push.lastResult;
  const carrier = carrierOfKuaidi100(last.com);
  // A number of a carrier the shop does not ship with is no parcel of ours: taken, nothing stored.
  if (!carrier) return PUSH_RECEIVED;
  const traces = tracesOf(last.data);
  const signedTrace = last.data.find((t) => t.status === STATE_NAMES[ParcelState.Signed]);
  const signedAt =
    last.state === ParcelState.Signed
      ? ((signedTrace ? parseChinaTime(signedTrace.time) : null) ??
        (traces[0] ? new Date(traces[0].time) : now))
      : null;
  await recordParcelTraces(db, {
    carrier,
    trackingNo: last.nu,
    traces,
    state: last.state,
    signedAt,
    aborted: push.status === 'abort',
    now,
  });
  return PUSH_RECEIVED;
}
