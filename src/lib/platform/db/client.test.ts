import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, openDatabase, reconnectDelaySeconds } from './client.server.ts';

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

describe('reconnect delay', () => {
  it('starts at tens of milliseconds and never passes 400 ms, however many connections were lost', () => {
    expect(reconnectDelaySeconds(1, 1)).toBeCloseTo(0.05);
    expect(reconnectDelaySeconds(2, 1)).toBeCloseTo(0.1);
    expect(reconnectDelaySeconds(100, 1)).toBeCloseTo(0.4);
    expect(reconnectDelaySeconds(100, 0)).toBeCloseTo(0.3);
    expect(reconnectDelaySeconds(0, 0.5)).toBeGreaterThan(0);
  });
});
