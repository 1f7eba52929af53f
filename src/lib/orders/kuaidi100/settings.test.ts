/**
 * The Kuaidi100 settings: all required in production, the account all-or-none in a demo, the
 * salt never printed; and where the tracker sends its calls and asks for its pushes in each mode.
 */
import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv, type Env } from '#lib/platform/env.server.ts';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import { KUAIDI100_BASE_URL } from './protocol.ts';
import { NOTIFY_PATH, logisticsTracker } from './tracker.server.ts';

const messageOf = (source: Record<string, string>) => {
  try {
    parseEnv(source);
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return (error as Error).message.split('\n');
  }
  return [];
};

describe('KUAIDI100_* settings', () => {
  it('are all required in production, one line each', () => {
    const lines = messageOf({ SHOP_MODE: 'production' });
    for (const name of ['KUAIDI100_CUSTOMER', 'KUAIDI100_KEY', 'KUAIDI100_SALT']) {
      expect(lines).toContain(`Missing environment variable ${name}: is required in production`);
    }
  });

  it('take the account whole in a demo, and the salt alone', () => {
    expect(messageOf({ KUAIDI100_CUSTOMER: 'CUSTOMER01' })).toEqual([
      'Missing environment variable KUAIDI100_KEY: is required with the other KUAIDI100_* account setting',
    ]);
    const config = parseEnv({ KUAIDI100_SALT: 'a-salt-of-ours' });
    expect(config).toMatchObject({
      LOGISTICS_PROVIDER: 'kuaidi100',
      KUAIDI100_SALT: 'a-salt-of-ours',
    });
    expect(messageOf({ LOGISTICS_PROVIDER: 'sf' })[0]).toMatch(
      /^Invalid environment variable LOGISTICS_PROVIDER="sf"/,
    );
  });

  it('never print the salt or the key', () => {
    expect(messageOf({ KUAIDI100_SALT: 'short' })).toEqual([
      'Invalid environment variable KUAIDI100_SALT="***": must be 8 to 64 printable characters',
    ]);
    expect(messageOf({ KUAIDI100_CUSTOMER: 'CUSTOMER01', KUAIDI100_KEY: 'bad key!' })).toEqual([
      'Invalid environment variable KUAIDI100_KEY="***": must be the authorisation key (letters and digits)',
    ]);
  });
});

describe('the tracker', () => {
  it('talks to the real service in production, pushed to PUBLIC_ORIGIN with the configured salt', async () => {
    const config = {
      ...parseEnv({}),
      SHOP_MODE: 'production',
      PUBLIC_ORIGIN: 'https://shop.example.com',
      KUAIDI100_CUSTOMER: 'CUSTOMER01',
      KUAIDI100_KEY: 'KEY0001',
      KUAIDI100_SALT: 'salt-of-the-shop',
    } as Env;
    const tracker = await logisticsTracker({} as never, { config });
    expect(tracker).toMatchObject({
      callbackUrl: `https://shop.example.com${NOTIFY_PATH}`,
      salt: 'salt-of-the-shop',
      sandbox: false,
    });
    expect(tracker.client.config).toMatchObject({
      customer: 'CUSTOMER01',
      key: 'KEY0001',
      baseUrl: KUAIDI100_BASE_URL,
    });
    expect(KUAIDI100_BASE_URL).toBe('https://poll.kuaidi100.com/');
  });

  it('talks to this server’s sandbox in a demo, with the account made for the database', async () => {
    const database = await memoryDatabase({ seed: false });
    try {
      const config = parseEnv({});
      const tracker = await logisticsTracker(database.db, {
        config,
        origin: 'http://127.0.0.1:4321',
      });
      expect(tracker).toMatchObject({
        callbackUrl: `http://127.0.0.1:4321${NOTIFY_PATH}`,
        sandbox: true,
      });
      expect(tracker.client.config.baseUrl).toBe('http://127.0.0.1:4321/sandbox/kuaidi100/');
      expect(tracker.salt).toMatch(/^[0-9A-F]{24}$/);
      // Every process of the database gets the same account.
      const again = await logisticsTracker(database.db, {
        config,
        origin: 'http://127.0.0.1:4321',
      });
      expect(again.salt).toBe(tracker.salt);
      expect(again.client.config.key).toBe(tracker.client.config.key);
    } finally {
      await database.close();
    }
  });
});
