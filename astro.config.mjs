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
    // Pages send a Content-Security-Policy header: scripts and style sheets only from the shop
    // itself or hashed by Astro (its inline scripts and styles), nothing framed, nothing posted
    // elsewhere. Pictures may come from https (avatars of the messaging app). Inline style
    // attributes (a shop's skin colours, a progress width) cannot run code and are allowed. The
    // messaging app's JS-SDK (share cards) is the one outside script, from its own host.
    csp: {
      algorithm: 'SHA-256',
      directives: [
        "default-src 'self'",
        "img-src 'self' data: blob: https:",
        "connect-src 'self'",
        // The live room's player: hls.js feeds the video from a blob: MediaSource.
        "media-src 'self' blob:",
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ],
      scriptDirective: { resources: ["'self'", 'https://res.wx.qq.com'] },
      styleDirective: { resources: ["'self'", { resource: "'unsafe-inline'", kind: 'attribute' }] },
    },
  },
  vite: {
    define: { __APP_VERSION__: JSON.stringify(appVersion) },
    ssr: { external: ['@electric-sql/pglite', 'postgres'] },
  },
});
