/**
 * The NUONUO_* settings: all required in production (one line each), the app all-or-none in a
 * demo, the secret never printed; where the provider sends its calls in each mode; and the
 * sandbox's route, mounted in a demo only.
 */
import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv, type Env } from '#lib/platform/env.server.ts';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import { NUONUO_SERVICES_URL, NUONUO_TOKEN_URL } from './protocol.ts';
import { nuonuoConfig, nuonuoSeller } from './settings.server.ts';
import { checkTaxNo } from './sandbox/figures.ts';

const messageOf = (source: Record<string, string>) => {
  try {
    parseEnv(source);
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return (error as Error).message.split('\n');
  }
  return [];
};

describe('NUONUO_* settings', () => {
  it('are each required in production, on a line of its own', () => {
    const lines = messageOf({ SHOP_MODE: 'production' });
    for (const name of ['NUONUO_APP_KEY', 'NUONUO_APP_SECRET', 'NUONUO_TAX_NO', 'NUONUO_CLERK']) {
      expect(lines).toContain(`Missing environment variable ${name}: is required in production`);
    }
  });

  it('take the app all-or-none in a demo, the tax number and clerk alone', () => {
    expect(messageOf({ NUONUO_APP_KEY: 'SD63236305' })).toEqual([
      'Missing environment variable NUONUO_APP_SECRET: is required with the other NUONUO_APP_* setting',
    ]);
    expect(parseEnv({ NUONUO_TAX_NO: '91330106MA2AYNWD8M', NUONUO_CLERK: '张三' })).toMatchObject({
      INVOICE_PROVIDER: 'nuonuo',
      NUONUO_TAX_NO: '91330106MA2AYNWD8M',
      NUONUO_CLERK: '张三',
    });
    expect(messageOf({ INVOICE_PROVIDER: 'baiwang' })[0]).toMatch(
      /^Invalid environment variable INVOICE_PROVIDER="baiwang"/,
    );
  });

  it('refuse bad values, never printing the secret', () => {
    expect(messageOf({ NUONUO_APP_KEY: 'SD63236305', NUONUO_APP_SECRET: 'short' })).toEqual([
      'Invalid environment variable NUONUO_APP_SECRET="***": must be the appSecret (8 to 128 printable characters)',
    ]);
    expect(messageOf({ NUONUO_TAX_NO: '91330106ma2aynwd8m' })[0]).toMatch(
      /^Invalid environment variable NUONUO_TAX_NO="91330106ma2aynwd8m": must be a 纳税人识别号/,
    );
    expect(messageOf({ NUONUO_BASE_URL: 'ftp://x' })[0]).toMatch(/NUONUO_BASE_URL/);
  });
});

describe('the provider', () => {
  it('talks to 诺诺’s own hosts in production with the configured app', async () => {
    const config = {
      ...parseEnv({}),
      SHOP_MODE: 'production',
      NUONUO_APP_KEY: 'SD63236305',
      NUONUO_APP_SECRET: 'SDDED2523BED4643',
      NUONUO_TAX_NO: '91330106MA2AYNWD8M',
      NUONUO_CLERK: '张三',
    } as Env;
    expect(await nuonuoConfig({} as never, { config })).toEqual({
      appKey: 'SD63236305',
      appSecret: 'SDDED2523BED4643',
      taxNo: '91330106MA2AYNWD8M',
      clerk: '张三',
      tokenUrl: NUONUO_TOKEN_URL,
      servicesUrl: NUONUO_SERVICES_URL,
    });
    expect(NUONUO_TOKEN_URL).toBe('https://open.nuonuo.com/accessToken');
    expect(NUONUO_SERVICES_URL).toBe('https://sdk.nuonuo.com/open/v1/services');
    const elsewhere = { ...config, NUONUO_BASE_URL: 'https://nuonuo.example.com/base' } as Env;
    expect(await nuonuoConfig({} as never, { config: elsewhere })).toMatchObject({
      tokenUrl: 'https://nuonuo.example.com/base/accessToken',
      servicesUrl: 'https://nuonuo.example.com/base/open/v1/services',
    });
    expect(await nuonuoSeller({} as never, config)).toEqual({
      taxNo: '91330106MA2AYNWD8M',
      name: null,
    });
  });

  it('talks to this server’s sandbox in a demo, with the account made for the database', async () => {
    const database = await memoryDatabase({ seed: false });
    try {
      const config = parseEnv({});
      const made = await nuonuoConfig(database.db, { config, origin: 'http://127.0.0.1:4321' });
      expect(made).toMatchObject({
        tokenUrl: 'http://127.0.0.1:4321/sandbox/nuonuo/accessToken',
        servicesUrl: 'http://127.0.0.1:4321/sandbox/nuonuo/open/v1/services',
        clerk: '演示开票员',
      });
      // The seller the sandbox issues for has a valid 统一社会信用代码.
      expect(made.taxNo).toMatch(/^91330106M[0-9A-Z]{9}$/);
      expect(checkTaxNo(made.taxNo)).toEqual({ ok: true });
      expect(await nuonuoSeller(database.db, config)).toEqual({
        taxNo: made.taxNo,
        name: '杭州演示商贸有限公司',
      });
      // Every process of the database gets the same account.
      const again = await nuonuoConfig(database.db, { config, origin: 'http://127.0.0.1:4321' });
      expect(again.appSecret).toBe(made.appSecret);
    } finally {
      await database.close();
    }
  });
});

describe('the sandbox route', () => {
  it('answers in a demo and is not there in production', async () => {
    const database = await memoryDatabase({ seed: false });
    const saved = process.env['SHOP_MODE'];
    try {
      const { ALL } = await import('../../../pages/sandbox/nuonuo/[...path].ts');
      const call = () =>
        ALL({
          request: new Request('http://127.0.0.1:4321/sandbox/nuonuo/accessToken', {
            method: 'POST',
            body: 'grant_type=client_credentials&client_id=x&client_secret=y',
          }),
          locals: { database },
        } as never) as Promise<Response>;
      const demo = await call();
      expect(await demo.json()).toEqual({
        error: '070304',
        error_description: 'Incorrect clientId[x]',
      });
      const { env } = await import('#lib/platform/env.server.ts');
      (env() as { SHOP_MODE: string }).SHOP_MODE = 'production';
      expect((await call()).status).toBe(404);
      (env() as { SHOP_MODE: string }).SHOP_MODE = 'demo';
    } finally {
      if (saved !== undefined) process.env['SHOP_MODE'] = saved;
      const { startNuonuoSandbox } = await import('./sandbox/callbacks.server.ts');
      startNuonuoSandbox(database.db)();
      await database.close();
    }
  });
});
