// @ts-check
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { precompressDirectory } from './src/lib/platform/precompress.server.ts';

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
  // The shop's own server (scripts/serve.ts) takes the handler and serves the built files itself
  // (decision 045): page URLs are never looked up on disk.
  adapter: node({ mode: 'middleware' }),
  integrations: [
    react(),
    {
      // The files the browser loads, compressed once at the highest levels (decision 045).
      name: 'precompress',
      hooks: {
        'astro:build:done': async ({ dir, logger }) => {
          const count = await precompressDirectory(fileURLToPath(dir));
          logger.info(`compressed ${count} files (brotli 11, gzip 9)`);
        },
      },
    },
  ],
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
