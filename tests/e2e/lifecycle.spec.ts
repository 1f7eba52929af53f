/** The process: one data folder serves one shop, and SIGTERM stops it cleanly. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { spawnShop } from '../fixtures/server.ts';

test('a second shop on the same embedded data folder is refused with one clear line, and SIGTERM exits 0', async () => {
  test.setTimeout(120_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-lock-'));
  try {
    const first = await spawnShop({ DATA_DIR: dataDir, SMS_DEV_OUTBOX: '0' });
    // Without the dev outbox its path does not exist, whatever the query: nothing tells it is there.
    for (const query of ['phone=13800000001', 'phone=abc', 'nope=1']) {
      const outbox = await fetch(`${first.url}/api/dev/sms-outbox?${query}`);
      expect(outbox.status).toBe(404);
      expect(await outbox.json()).toMatchObject({ code: 404, message: '请求的接口不存在' });
    }
    const second = spawnShop({ DATA_DIR: dataDir });
    await expect(second).rejects.toThrow(
      /is in use by process \d+\. Stop it first, or set DATABASE_URL\./,
    );
    expect(await first.stop()).toBe(0);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
