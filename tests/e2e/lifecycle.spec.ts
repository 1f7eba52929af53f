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
    const first = await spawnShop({ DATA_DIR: dataDir });
    const second = spawnShop({ DATA_DIR: dataDir });
    await expect(second).rejects.toThrow(
      /is in use by process \d+\. Stop it first, or set DATABASE_URL\./,
    );
    expect(await first.stop()).toBe(0);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
