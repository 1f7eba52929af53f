import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, openDatabase } from './client.server.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('embedded database folder', () => {
  it('refuses a second opener while the first holds it, and frees it on close', async () => {
    const dataDir = tempDir();
    const first = await openDatabase({ dataDir });
    // The lock names this process, which is alive: any other opener is refused.
    writeFileSync(path.join(dataDir, 'pglite.lock'), String(process.ppid));
    await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DataDirInUseError);
    writeFileSync(path.join(dataDir, 'pglite.lock'), String(process.pid));
    await first.close();
    const again = await openDatabase({ dataDir });
    await again.close();
  });

  it('takes over a lock left by a process that is gone', async () => {
    const dataDir = tempDir();
    writeFileSync(path.join(dataDir, 'pglite.lock'), '999999');
    const database = await openDatabase({ dataDir });
    await database.close();
  });
});
