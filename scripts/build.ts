/**
 * Builds the site when a source is newer than the last build (`dist/.build-stamp`). `npm start`
 * calls it before serving; the test fixtures call it once before they start any shop, so two
 * shops started together never write `dist/` at the same time.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const STAMP = path.join(ROOT, 'dist/.build-stamp');
const INPUTS = [
  'src',
  'public',
  'astro.config.mjs',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
];

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce(
    (max, name) => Math.max(max, newestMtime(path.join(entry, name))),
    stat.mtimeMs,
  );
}

/** Builds if stale; false when the build failed (its output went to this process's). */
export function buildIfStale(): boolean {
  const built =
    existsSync(STAMP) && existsSync(path.join(ROOT, 'dist/server/entry.mjs'))
      ? statSync(STAMP).mtimeMs
      : 0;
  if (Math.max(...INPUTS.map((input) => newestMtime(path.join(ROOT, input)))) <= built) return true;
  console.log('Building the shop ...');
  // Always the production build (React's production JSX), whoever asks: a test runner sets
  // NODE_ENV=test, which would build pages that fail when served.
  const result = spawnSync(path.join(ROOT, 'node_modules/.bin/astro'), ['build'], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: 'inherit',
  });
  if (result.status !== 0) return false;
  writeFileSync(STAMP, new Date().toISOString());
  return true;
}

if (import.meta.main) process.exit(buildIfStale() ? 0 : 1);
