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

/**
 * How the browser's modules are grouped into files (decision 047). Left to itself the bundler
 * makes a file per set of pages that share a module: a product page loaded 47 files, a third of
 * its bytes compression overhead between small files. Three groups instead, each loaded whole:
 */
const CHUNK_GROUPS = [
  // React, its Astro renderer and the hooks every island uses: only pages with an island.
  {
    name: 'react',
    modules: [
      /node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react|@nanostores[\\/]react)[\\/]/,
      'src/ui/use-hydrated.ts',
    ],
  },
  // The shell every shop page runs (src/layouts/ShopLayout.astro): no framework.
  {
    name: 'shell',
    modules: [
      'ShopLayout.astro?astro&type=script',
      'src/lib/shell/ui/boot.ts',
      'src/lib/shell/drag.ts',
      'src/lib/shell/reload.ts',
      'src/lib/shell/notices.ts',
      'src/lib/platform/client.ts',
      'src/lib/platform/answers.ts',
      'src/lib/platform/errors.ts',
      'src/lib/platform/endpoint.ts',
      'src/lib/platform/toast.ts',
      'src/lib/platform/storage-keys.ts',
      'src/lib/platform/floating.ts',
      'src/lib/cart/store.ts',
      'src/lib/shop/ui/kept-calls.ts',
      'src/lib/shop/skin-tip.ts',
      'src/lib/coupons/ui/count.ts',
      /node_modules[\\/]nanostores[\\/]/,
      // The bundler's helper that fetches what a lazily loaded module needs, all at once.
      'vite/preload-helper',
    ],
  },
  // What the catalogue's pages share: the share sheet, guides, countdowns, times and prices.
  {
    name: 'widgets',
    modules: [
      'ShareSheet.astro?astro&type=script',
      'PageGuides.astro?astro&type=script',
      'Countdown.astro?astro&type=script',
      /src[\\/]lib[\\/](sharing|guides)[\\/][^?]*\.ts$/,
      'src/lib/identity/ui/calls.ts',
      'src/lib/identity/endpoints.ts',
      'src/lib/platform/time.ts',
      'src/lib/platform/money.ts',
      'src/lib/platform/popup-sequence.ts',
      'src/lib/catalog/sale.ts',
    ],
  },
];
/** @param {string} id @param {string | RegExp} module */
const holds = (id, module) => (typeof module === 'string' ? id.includes(module) : module.test(id));

export default defineConfig({
  output: 'server',
  // The shop's own server (scripts/serve.ts) takes the handler and serves the built files itself
  // (decision 045): page URLs are never looked up on disk.
  adapter: node({ mode: 'middleware' }),
  integrations: [
    react(),
    {
      // client:reach: hydrate an island when the shopper first reaches for it (decision 053).
      name: 'hydrate-on-reach',
      hooks: {
        'astro:config:setup': ({ addClientDirective }) => {
          addClientDirective({
            name: 'reach',
            entrypoint: fileURLToPath(
              new URL('./src/lib/platform/ui/hydrate-on-reach.js', import.meta.url),
            ),
          });
        },
      },
    },
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
    environments: {
      client: {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: CHUNK_GROUPS.map(({ name, modules }, i) => ({
                  name,
                  test: (/** @type {string} */ id) => modules.some((m) => holds(id, m)),
                  priority: CHUNK_GROUPS.length - i,
                })),
              },
            },
          },
        },
      },
    },
  },
});
