/**
 * npm run db:check: fails when schema.ts and the committed migrations disagree, i.e. someone
 * changed the schema and forgot `npm run db:generate`. Generates into a scratch folder.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

const committed = 'src/lib/platform/db/migrations';
// drizzle-kit takes the output folder relative to the project.
const scratch = 'node_modules/.cache/shop-migration-check';
try {
  rmSync(scratch, { recursive: true, force: true });
  cpSync(committed, scratch, { recursive: true });
  const result = spawnSync(
    path.resolve('node_modules/.bin/drizzle-kit'),
    [
      'generate',
      '--dialect=postgresql',
      '--schema=src/lib/platform/db/schema.ts',
      `--out=${scratch}`,
      '--name=drift',
    ],
    { encoding: 'utf8' },
  );
  if (result.status !== 0 || !existsSync(path.join(scratch, 'meta', '_journal.json'))) {
    console.error(result.stdout, result.stderr);
    process.exit(1);
  }
  const drift = readdirSync(scratch).filter(
    (name) => name.endsWith('.sql') && name.includes('drift'),
  );
  if (drift.length > 0) {
    console.error(
      'The schema has changes without a migration: run `npm run db:generate` and commit it.',
    );
    process.exit(1);
  }
  console.log('Migrations match the schema.');
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
