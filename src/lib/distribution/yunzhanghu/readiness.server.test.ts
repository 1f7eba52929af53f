/**
 * `npm run doctor` on 云账户: the query of a made-up order, against the sandbox in-process (the
 * same protocol as the platform's), says ready with the right keys and refused with wrong ones.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import type { Database } from '#lib/platform/db/client.server.ts';
import {
  SANDBOX_BROKER_ID,
  SANDBOX_DEALER_ID,
  SANDBOX_ROOT,
  answerYunzhanghu,
  yunzhanghuSandboxKeys,
} from './sandbox.server.ts';
import { yunzhanghuReadiness } from './readiness.server.ts';

let database: Database;
beforeAll(async () => {
  database = await memoryDatabase({ seed: false });
});
afterAll(() => database.close());

const inProcess = ((input: RequestInfo | URL, init?: RequestInit) =>
  answerYunzhanghu(new Request(input, init), database.db)) as typeof fetch;

async function settings(change: Record<string, string> = {}) {
  const keys = await yunzhanghuSandboxKeys(database.db);
  return {
    CARD_PAYOUT_PROVIDER: 'yunzhanghu' as const,
    YUNZHANGHU_DEALER_ID: SANDBOX_DEALER_ID,
    YUNZHANGHU_BROKER_ID: SANDBOX_BROKER_ID,
    YUNZHANGHU_APP_KEY: keys.appKey,
    YUNZHANGHU_DES3_KEY: keys.des3Key,
    YUNZHANGHU_BASE_URL: `http://shop.test${SANDBOX_ROOT}`,
    ...change,
  };
}

describe('yunzhanghuReadiness', () => {
  it('is ready when the platform answers that the made-up order does not exist', async () => {
    expect(await yunzhanghuReadiness(await settings(), inProcess)).toEqual({
      state: 'ready',
      detail: 'the query of a made-up order answered 2018 (no such order)',
    });
  });

  it('is refused with a wrong App Key or dealer, naming the platform’s code', async () => {
    const wrongKey = await yunzhanghuReadiness(
      await settings({ YUNZHANGHU_APP_KEY: 'x'.repeat(32) }),
      inProcess,
    );
    expect(wrongKey.state).toBe('refused');
    expect(wrongKey.detail).toMatch(/^the query of a made-up order answered \d{4} /);
    const wrongDealer = await yunzhanghuReadiness(
      await settings({ YUNZHANGHU_DEALER_ID: '99999999' }),
      inProcess,
    );
    expect(wrongDealer.state).toBe('refused');
  });

  it('is missing a setting, unreachable, or not used without card payouts', async () => {
    expect(
      (
        await yunzhanghuReadiness(
          { ...(await settings()), YUNZHANGHU_APP_KEY: undefined },
          inProcess,
        )
      ).state,
    ).toBe('missing');
    const down = (async () => {
      throw new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } });
    }) as typeof fetch;
    expect(await yunzhanghuReadiness(await settings(), down)).toEqual({
      state: 'unreachable',
      detail: 'ECONNREFUSED',
    });
    expect(await yunzhanghuReadiness({ CARD_PAYOUT_PROVIDER: 'none' })).toMatchObject({
      state: 'ready',
      detail: 'not used: CARD_PAYOUT_PROVIDER=none, no bank-card payouts',
    });
  });
});
