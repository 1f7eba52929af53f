/**
 * npm start: build when the sources are newer than the last build, then serve. Stops cleanly on
 * SIGTERM / SIGINT, also while still starting (the server closes, then the database).
 */
import { closeDatabase } from '#lib/platform/app.server.ts';
import { buildIfStale } from './build.ts';
import { envOrExit, exitOnKnownError } from './cli.ts';

// npm start serves the shop as shoppers get it: libraries such as React run their production builds.
process.env.NODE_ENV ??= 'production';
envOrExit();
if (!buildIfStale()) process.exit(1);

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
