// @ts-check
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';

/**
 * The build's version: a hash of everything that goes into the build, so every machine building
 * the same sources serves the same version, and open pages reload only when something changed.
 */
function sourceHash() {
  const hash = createHash('sha256');
  /** @param {string} entry */
  const visit = (entry) => {
    if (!existsSync(entry)) return;
    if (statSync(entry).isDirectory()) {
      for (const name of readdirSync(entry).sort()) visit(path.join(entry, name));
    } else {
      hash.update(entry).update(readFileSync(entry));
    }
  };
  for (const entry of ['src', 'public', 'astro.config.mjs', 'package-lock.json']) visit(entry);
  return hash.digest('hex').slice(0, 12);
}
const packageVersion = JSON.parse(readFileSync('package.json', 'utf8')).version;
const appVersion = `${packageVersion}+${sourceHash()}`;

export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'standalone' }),
  integrations: [react()],
  trailingSlash: 'never',
  build: { format: 'file' },
  // The shop serves its own compression (scripts/serve.ts); no telemetry, no dev toolbar.
  devToolbar: { enabled: false },
  security: {
    // Cross-site writes are refused by src/middleware.ts, which answers in the API envelope.
    checkOrigin: false,
    // Each page's Content-Security-Policy is its own (src/lib/platform/page-policy.server.ts):
    // the framework's would list every inline script and style of the build on every page.
  },
  vite: {
    define: { __APP_VERSION__: JSON.stringify(appVersion) },
    ssr: { external: ['@electric-sql/pglite', 'postgres'] },
  },
});
