/**
 * The configured payment gateway (env PAYMENT_PROVIDER): the WeChat Pay v3 adapter pointed at the
 * real gateway with the WECHATPAY_* keys, or at the built-in sandbox under /sandbox/wechatpay/ of
 * this very server with the sandbox's keys. Either way the same client speaks the same protocol.
 */
import { createPrivateKey, createPublicKey } from 'node:crypto';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { env, wechatAppId, type Env } from '#lib/platform/env.server.ts';
import { selfOrigin } from '#lib/platform/self-origin.server.ts';
import { sandboxKeys } from './sandbox/keys.server.ts';
import { WechatPayClient, type WechatPayConfig } from './wechatpay/client.server.ts';

export const NOTIFY_PATH = '/api/payment/notify/wechatpay';
export const REFUND_NOTIFY_PATH = '/api/payment/notify/wechatpay/refund';
/** Where transfer bills' MCHTRANSFER.BILL.FINISHED notifications go (decision 033). */
export const TRANSFER_NOTIFY_PATH = '/api/payment/notify/wechatpay/transfer';
export const SANDBOX_BASE_PATH = '/sandbox/wechatpay/';

export interface PaymentGateway {
  client: WechatPayClient;
  /** Where the gateway posts payment and refund notifications. */
  notifyUrl: string;
  refundNotifyUrl: string;
  transferNotifyUrl: string;
  sandbox: boolean;
}

export interface GatewayOptions {
  config?: Env;
  /** Routes the adapter's calls in-process (scripts and tests on the sandbox). */
  fetch?: WechatPayConfig['fetch'];
  /** The sandbox's base, when not this server's own address. */
  origin?: string;
  now?: () => Date;
}

/** The adapter on the merchant's own keys (PAYMENT_PROVIDER=wechatpay): WeChat Pay itself. */
export function merchantClient(
  config: Env,
  options: Pick<GatewayOptions, 'fetch' | 'now'> = {},
): WechatPayClient {
  return new WechatPayClient(
    {
      mchId: config.WECHATPAY_MCH_ID!,
      serial: config.WECHATPAY_MCH_SERIAL!,
      privateKey: createPrivateKey(config.WECHATPAY_MCH_PRIVATE_KEY!),
      apiV3Key: config.WECHATPAY_API_V3_KEY!,
      platformKeys: new Map([
        [config.WECHATPAY_PLATFORM_KEY_ID!, createPublicKey(config.WECHATPAY_PLATFORM_PUBLIC_KEY!)],
      ]),
      baseUrl: config.WECHATPAY_BASE_URL,
      appId: wechatAppId(config),
      ...(options.fetch ? { fetch: options.fetch } : {}),
    },
    options.now,
  );
}

const cached = new WeakMap<object, Promise<PaymentGateway>>();

async function build(db: DbOrTx, options: GatewayOptions): Promise<PaymentGateway> {
  const config = options.config ?? env();
  if (config.PAYMENT_PROVIDER === 'wechatpay') {
    const origin = config.PUBLIC_ORIGIN!;
    return {
      client: merchantClient(config, options),
      notifyUrl: `${origin}${NOTIFY_PATH}`,
      refundNotifyUrl: `${origin}${REFUND_NOTIFY_PATH}`,
      transferNotifyUrl: `${origin}${TRANSFER_NOTIFY_PATH}`,
      sandbox: false,
    };
  }
  const keys = await sandboxKeys(db, config);
  const origin = options.origin ?? selfOrigin();
  return {
    client: new WechatPayClient(
      {
        mchId: keys.mchId,
        serial: keys.merchantSerial,
        privateKey: keys.merchantPrivateKey,
        apiV3Key: keys.apiV3Key,
        platformKeys: new Map([[keys.platformKeyId, keys.platformPublicKey]]),
        baseUrl: `${origin}${SANDBOX_BASE_PATH}`,
        appId: wechatAppId(config),
        ...(options.fetch ? { fetch: options.fetch } : {}),
      },
      options.now,
    ),
    notifyUrl: `${origin}${NOTIFY_PATH}`,
    refundNotifyUrl: `${origin}${REFUND_NOTIFY_PATH}`,
    transferNotifyUrl: `${origin}${TRANSFER_NOTIFY_PATH}`,
    sandbox: true,
  };
}

/** The process's gateway for this database (built once). */
export function paymentGateway(db: DbOrTx, options: GatewayOptions = {}): Promise<PaymentGateway> {
  if (options.fetch || options.origin || options.config || options.now) return build(db, options);
  let gateway = cached.get(db);
  if (!gateway) {
    gateway = build(db, options);
    gateway.catch(() => cached.delete(db));
    cached.set(db, gateway);
  }
  return gateway;
}
