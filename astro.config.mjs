// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';

/** Changes with every build, so open pages learn that a new version is out. */
const appVersion = `${process.env.npm_package_version ?? '0.0.0'}+${Date.now().toString(36)}`;

export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'standalone' }),
  integrations: [react()],
  trailingSlash: 'never',
  build: { format: 'file' },
  // The shop serves its own compression (scripts/serve.ts); no telemetry, no dev toolbar.
  devToolbar: { enabled: false },
  // Cross-site writes are refused by src/middleware.ts, which answers in the API envelope.
  security: { checkOrigin: false },
  vite: {
    define: { __APP_VERSION__: JSON.stringify(appVersion) },
    ssr: { external: ['@electric-sql/pglite', 'postgres'] },
  },
});
