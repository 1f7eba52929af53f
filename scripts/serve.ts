/**
 * The shop's HTTP server: the built Astro handler behind compression (brotli or gzip by
 * Accept-Encoding), started only after the database is migrated, seeded and warm.
 */
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { constants as zlibConstants } from 'node:zlib';
import compression from 'compression';
import { closeDatabase, database } from '#lib/platform/app.server.ts';
import { env } from '#lib/platform/env.server.ts';
import { SECURITY_HEADERS } from '#lib/platform/security-headers.ts';

type NodeHandler = (
  req: import('node:http').IncomingMessage,
  res: import('node:http').ServerResponse,
) => void;

export interface RunningServer {
  server: Server;
  url: string;
  stop(): Promise<void>;
}

export async function startServer(): Promise<RunningServer> {
  const config = env();
  const db = await database();

  // The bundle starts no server of its own; it hands us its request handler.
  process.env.ASTRO_NODE_AUTOSTART = 'disabled';
  const entry = pathToFileURL(path.resolve('dist/server/entry.mjs')).href;
  const { handler } = (await import(entry)) as { handler: NodeHandler };

  // Pages rendered per request are compressed on the fly. A 128 KB brotli window is plenty for a
  // page of tens of KB; the default 4 MB window cost a third of a signed-in page's CPU time.
  const compress = compression({
    threshold: 512,
    brotli: {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 4,
        [zlibConstants.BROTLI_PARAM_LGWIN]: 17,
      },
    },
  });
  const server = createServer((req, res) => {
    for (const [name, value] of SECURITY_HEADERS) res.setHeader(name, value);
    // /api/health/ is /api/health: the API answers in its envelope, never with a slash redirect.
    if (req.url?.startsWith('/api/')) req.url = req.url.replace(/^([^?]*?)\/+(\?|$)/, '$1$2');
    compress(req as never, res as never, () => handler(req, res));
  });
  server.keepAliveTimeout = 65_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, resolve);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const url = `http://localhost:${port}`;

  // Render the home page once so the first shopper does not pay for loading the page modules.
  await fetch(`${url}/index?shopId=${config.DEFAULT_SHOP_ID}`)
    .then((r) => r.arrayBuffer())
    .catch(() => {});

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
      setTimeout(() => server.closeAllConnections(), 5_000).unref();
    }).then(closeDatabase));

  console.log(`Shop ready (${db.engine}) at ${url}/index?shopId=${config.DEFAULT_SHOP_ID}`);
  return { server, url, stop };
}
