import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');

/** `npm start` with the given settings and nothing else from this machine's environment. */
function start(settings: Record<string, string>) {
  const result = spawnSync(process.execPath, ['scripts/start.ts'], {
    cwd: ROOT,
    env: { PATH: process.env['PATH'] ?? '', ...settings },
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { status: result.status, stderr: result.stderr, stdout: result.stdout };
}

describe('npm start in production', () => {
  it('does not start without its providers, and names every missing setting on a line of its own', () => {
    const { status, stderr, stdout } = start({ PUBLIC_ORIGIN: 'https://shop.example.com' });
    expect(status).toBe(1);
    expect(stdout).not.toContain('Shop ready');
    const lines = stderr.trim().split('\n');
    // Every outside service is named: payments, SMS, sign-in inside WeChat, logistics, invoices,
    // identity.
    expect(lines).toEqual(
      expect.arrayContaining([
        'Missing environment variable PAYMENT_PROVIDER: must be wechatpay in production (the sandbox is for demos)',
        'Missing environment variable SMS_PROVIDER: must be tencentcloud or aliyun in production (console is for demos)',
        'Missing environment variable WECHAT_APP_ID: is required in production',
        'Missing environment variable WECHAT_APP_SECRET: is required in production',
        'Missing environment variable KUAIDI100_CUSTOMER: is required in production',
        'Missing environment variable KUAIDI100_KEY: is required in production',
        'Missing environment variable KUAIDI100_SALT: is required in production',
        'Missing environment variable NUONUO_APP_KEY: is required in production',
        'Missing environment variable NUONUO_APP_SECRET: is required in production',
        'Missing environment variable NUONUO_TAX_NO: is required in production',
        'Missing environment variable NUONUO_CLERK: is required in production',
        'Missing environment variable IDENTITY_PROVIDER: must be tencentcloud in production (the local check asks no authority)',
      ]),
    );
    // Nothing but the named settings: one line each, no stack trace.
    for (const line of lines)
      expect(line).toMatch(/^(Missing|Invalid) environment variable [A-Z0-9_]+/);
    expect(new Set(lines).size).toBe(lines.length);
  });

  it('refuses the dev outbox', () => {
    const { status, stderr } = start({ SHOP_MODE: 'production', SMS_DEV_OUTBOX: '1' });
    expect(status).toBe(1);
    expect(stderr).toContain(
      'Missing environment variable PUBLIC_ORIGIN: is required in production',
    );
    expect(stderr).toContain('Invalid environment variable SMS_DEV_OUTBOX="1"');
  });
});
