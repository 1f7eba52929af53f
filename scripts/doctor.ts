/**
 * npm run doctor: is this configuration ready to open the shop? For each outside service it says
 * ready, missing (a setting), unreachable or refused (credentials), found with one harmless call
 * each. Exit code 0 only when every service is ready; a demo is never ready to go live.
 */
import { EnvError, parseEnv, type Env } from '#lib/platform/env.server.ts';
import type { Readiness } from '#lib/platform/readiness.ts';
import { paymentReadiness } from '#lib/payments/readiness.server.ts';
import { smsReadiness } from '#lib/identity/sms/readiness.server.ts';
import { logisticsReadiness } from '#lib/orders/kuaidi100/readiness.server.ts';
import { invoiceReadiness } from '#lib/invoices/index.server.ts';
import { wechatReadiness } from '#lib/identity/messaging-app/readiness.server.ts';
import { yunzhanghuReadiness } from '#lib/distribution/index.server.ts';
import {
  faceidReadiness,
  tencentCloudSmsReadiness,
} from '#lib/identity/tencentcloud/readiness.server.ts';

interface Service {
  name: string;
  /** The settings that belong to it (a missing one is reported under this service). */
  settings: RegExp;
  probe: (config: Env) => Promise<Readiness>;
}

const SERVICES: readonly Service[] = [
  {
    name: 'Payments (WeChat Pay)',
    settings: /^(PAYMENT_PROVIDER|WECHATPAY_(MCH|API|PLATFORM|BASE))/,
    probe: (config) => paymentReadiness(config),
  },
  {
    name: 'SMS',
    settings: /^(SMS_PROVIDER|ALIYUN_|TENCENTCLOUD_SMS_)/,
    probe: (config) =>
      config.SMS_PROVIDER === 'tencentcloud'
        ? tencentCloudSmsReadiness(config)
        : smsReadiness(config),
  },
  {
    name: 'Logistics (Kuaidi100)',
    settings: /^(LOGISTICS_PROVIDER|KUAIDI100_)/,
    probe: (config) => logisticsReadiness(config),
  },
  {
    name: 'Invoices (诺诺 open platform)',
    settings: /^(INVOICE_PROVIDER|NUONUO_)/,
    probe: (config) => invoiceReadiness(config),
  },
  {
    name: 'Sign-in inside WeChat (official account)',
    settings: /^(MESSAGING_APP_PROVIDER|WECHAT_(APP|OPEN|API))/,
    probe: (config) => wechatReadiness(config),
  },
  {
    name: 'Identity checks (Tencent Cloud faceid)',
    settings: /^(IDENTITY_PROVIDER|TENCENTCLOUD_(SECRET_|FACEID_))/,
    probe: (config) => faceidReadiness(config),
  },
  {
    name: 'Bank-card payouts (云账户)',
    settings: /^(CARD_PAYOUT_PROVIDER|YUNZHANGHU_)/,
    probe: (config) => yunzhanghuReadiness(config),
  },
];

const MARK: Record<Readiness['state'], string> = {
  ready: 'ready      ',
  missing: 'missing    ',
  unreachable: 'unreachable',
  refused: 'refused    ',
};

function print(name: string, readiness: Readiness): void {
  console.log(`${MARK[readiness.state]}  ${name}: ${readiness.detail}`);
}

async function main(): Promise<number> {
  let config: Env;
  try {
    config = parseEnv(process.env);
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    const lines = error.message.split('\n');
    const settingOf = (line: string) => /variable ([A-Z0-9_]+)/.exec(line)?.[1] ?? '';
    for (const service of SERVICES) {
      const own = lines.filter((line) => service.settings.test(settingOf(line)));
      if (own.length === 0)
        print(service.name, { state: 'ready', detail: 'configured (not probed)' });
      for (const line of own) print(service.name, { state: 'missing', detail: line });
    }
    for (const line of lines.filter((l) => !SERVICES.some((s) => s.settings.test(settingOf(l))))) {
      print('Settings', { state: 'missing', detail: line });
    }
    return 1;
  }
  if (config.SHOP_MODE === 'demo') {
    console.log(
      'demo mode: every outside service is the built-in sandbox. Set PUBLIC_ORIGIN (or SHOP_MODE=production) and the providers of docs/going-live.md to go live.',
    );
    return 1;
  }
  const results = await Promise.all(
    SERVICES.map(async (service) => {
      try {
        return await service.probe(config);
      } catch (error) {
        return { state: 'refused', detail: `probe failed: ${(error as Error).message}` } as const;
      }
    }),
  );
  SERVICES.forEach((service, i) => print(service.name, results[i]!));
  return results.every((r) => r.state === 'ready') ? 0 : 1;
}

process.exitCode = await main();
