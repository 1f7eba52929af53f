import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/lib/platform/db/schema.ts',
  out: './src/lib/platform/db/migrations',
});
