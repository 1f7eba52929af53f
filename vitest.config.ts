import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/fixtures/**/*.test.ts'],
          environment: 'node',
          // No server answers these tests: codes go to the console provider's outbox and
          // identities are checked by format alone. The vendor adapters are tested against their
          // sandboxes in tests of their own.
          env: { SMS_PROVIDER: 'console', IDENTITY_PROVIDER: 'local' },
          // Every test database is a copy of one built once per run.
          globalSetup: ['tests/fixtures/db-snapshots.setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'pg',
          include: ['tests/pg/**/*.test.ts'],
          environment: 'node',
          env: { SMS_PROVIDER: 'console', IDENTITY_PROVIDER: 'local' },
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One database server: files run one after another.
          fileParallelism: false,
        },
      },
    ],
  },
});
