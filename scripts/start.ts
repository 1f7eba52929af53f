/**
 * npm start: build when the sources are newer than the last build, then serve. Stops cleanly on
 * SIGTERM / SIGINT, also while still starting (the server closes, then the database).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { closeDatabase } from '#lib/platform/app.server.ts';
import { envOrExit, exitOnKnownError } from './cli.ts';

const STAMP = 'dist/.build-stamp';
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

function buildIfNeeded(): void {
  const built =
    existsSync(STAMP) && existsSync('dist/server/entry.mjs') ? statSync(STAMP).mtimeMs : 0;
  if (Math.max(...INPUTS.map(newestMtime)) <= built) return;
  console.log('Building the shop ...');
  const result = spawnSync(path.resolve('node_modules/.bin/astro'), ['build'], {
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(STAMP, new Date().toISOString());
}

// npm start serves the shop as shoppers get it: libraries such as React run their production builds.
process.env.NODE_ENV ??= 'production';
envOrExit();
buildIfNeeded();

const { startServer } = await import('./serve.ts');
const starting = startServer();

// Registered before start-up finishes, so a stop during migration or seeding is still clean.
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    starting
      .then(
        (running) => running.stop(),
        () => closeDatabase(),
      )
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  });
}

await starting.catch((error: unknown) => {
  exitOnKnownError(error);
  console.error('The shop could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
