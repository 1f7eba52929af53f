/**
 * The shop's HTTP server, started only after the database is migrated, seeded and warm: the
 * built files from memory (compressed at build), kept pages through the front door, and the
 * built Astro handler behind compression (brotli or gzip by Accept-Encoding) for the rest
 * (decision 045).
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { constants as zlibConstants } from 'node:zlib';
import compression from 'compression';
import { closeDatabase, database } from '#lib/platform/app.server.ts';
import { env } from '#lib/platform/env.server.ts';
import {
  MAX_HEADER_BYTES,
  admit,
  discardBody,
  rawRefusal,
  readLimitedBody,
  refusalBody,
} from '#lib/platform/edge.server.ts';
import { PlatformErrors, type ErrorEntry } from '#lib/platform/errors.ts';
import { SECURITY_HEADERS } from '#lib/platform/security-headers.ts';
import { startOrderTimers } from '#lib/orders/timers.server.ts';
import { startPaymentTimers } from '#lib/payments/timers.server.ts';
import { startDistributionTimers } from '#lib/distribution/timers.server.ts';
import { startSandboxNotifier } from '#lib/payments/sandbox/gateway.server.ts';
import { startKuaidi100Pusher } from '#lib/orders/kuaidi100/sandbox/pushes.server.ts';
import { setSelfOrigin } from '#lib/platform/self-origin.server.ts';
import {
  invoiceIssuer,
  startInvoiceTimers,
  startNuonuoSandbox,
} from '#lib/invoices/index.server.ts';
import { frontDoor } from '#lib/platform/front-door.server.ts';
import { loadStaticFiles } from '#lib/platform/static-files.server.ts';
import { matchRoute } from '#lib/platform/routes.ts';
import { watchVersions } from '#lib/platform/versions.server.ts';

type NodeHandler = (
  req: import('node:http').IncomingMessage,
  res: import('node:http').ServerResponse,
) => Promise<void>;

export interface RunningServer {
  server: Server;
  url: string;
  stop(): Promise<void>;
}

/** Answers a refusal of the edge, then throws away (a bounded part of) a body left unread. */
function refuse(res: ServerResponse, status: number, entry: ErrorEntry, api: boolean): void {
  const { type, text } = refusalBody(entry, api);
  res.writeHead(status, {
    'content-type': type,
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
  discardBody(res.req);
}

export async function startServer(): Promise<RunningServer> {
  const config = env();
  const db = await database();

  // The content version and users' versions held in memory, followed by LISTEN (decision 045).
  const stopWatching = await watchVersions(db);

  // The bundle starts no server of its own; it hands us its request handler (the adapter's
  // middleware mode: no static files, which are served here).
  process.env.ASTRO_NODE_AUTOSTART = 'disabled';
  const entry = pathToFileURL(path.resolve('dist/server/entry.mjs')).href;
  const { handler } = (await import(entry)) as { handler: NodeHandler };
  const files = loadStaticFiles(path.resolve('dist/client'), (pathname) => !!matchRoute(pathname));

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
  // Node would answer a missing Host itself, without the envelope: the edge refuses it instead.
  const options = { maxHeaderSize: MAX_HEADER_BYTES, requireHostHeader: false };
  const server = createServer(options, (req, res) => {
    for (const [name, value] of SECURITY_HEADERS) res.setHeader(name, value);
    const verdict = admit(req);
    if (verdict.kind === 'refuse') {
      refuse(res, verdict.status, verdict.entry, verdict.api);
      return;
    }
    req.url = verdict.url;
    const serve = () => compress(req as never, res as never, () => void handler(req, res));
    const proceed = () => {
      if (verdict.bodyLimit === null) {
        serve();
        return;
      }
      // The body is read here, never past its limit; Astro gets it whole (the adapter reads req.body).
      void readLimitedBody(req, verdict.bodyLimit).then((body) => {
        if (body === 'too-large') refuse(res, 413, PlatformErrors.PAYLOAD_TOO_LARGE, verdict.api);
        if (body === 'too-large' || body === 'aborted') return;
        if (body) Object.assign(req, { body });
        serve();
      });
    };
    if (!verdict.api && files.serve(req, res)) return;
    // A page kept in memory is answered before the framework, once the pages opened the door.
    const door = req.method === 'GET' && !verdict.api ? frontDoor() : undefined;
    if (!door) {
      proceed();
      return;
    }
    door(req, res).then(
      (answered) => {
        if (!answered) proceed();
      },
      (error: unknown) => {
        // Nothing was written: the framework answers (and says what went wrong, if it can).
        console.error('[front]', error);
        if (!res.headersSent) proceed();
      },
    );
  });
  server.on('clientError', (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket) => {
    // As Node's own handler: no answer into a reset socket or over a response already started.
    const inFlight = (socket as { _httpMessage?: { headersSent: boolean } })._httpMessage;
    if (error.code !== 'ECONNRESET' && socket.writable && !inFlight?.headersSent) {
      socket.end(rawRefusal(error.code, error.rawPacket), () => socket.destroy());
    } else {
      socket.destroy();
    }
  });
  server.keepAliveTimeout = 65_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, resolve);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const url = `http://localhost:${port}`;
  // The sandbox gateway is this server: the payment adapter reaches it over loopback.
  const loopback = ['0.0.0.0', '::', 'localhost'].includes(config.HOST) ? '127.0.0.1' : config.HOST;
  setSelfOrigin(`http://${loopback.includes(':') ? `[${loopback}]` : loopback}:${port}`);

  // Render the home page once so the first shopper does not pay for loading the page modules.
  await fetch(`${url}/index?shopId=${config.DEFAULT_SHOP_ID}`)
    .then((r) => r.arrayBuffer())
    .catch(() => {});

  // Unpaid orders cancel themselves and shipped ones complete, whichever servers run.
  const stopOrderTimers = startOrderTimers(db.db);
  // Open payments past their time are settled with the gateway; unsettled refunds are re-sent.
  const stopPaymentTimers = startPaymentTimers(db.db);
  const stopDistributionTimers = startDistributionTimers(db.db);
  // The sandbox gateway posts its notifications like the real one: from its own loop, with retries.
  const stopNotifier =
    config.PAYMENT_PROVIDER === 'sandbox' ? startSandboxNotifier(db.db) : () => {};
  const stopPusher = config.SHOP_MODE === 'demo' ? startKuaidi100Pusher(db.db) : () => {};
  // Invoices are submitted, asked after and reversed after refunds until done; in a demo the 诺诺
  // sandbox issues them and posts its callbacks from its own loop.
  const stopInvoiceTimers = startInvoiceTimers(db.db, () => invoiceIssuer(db.db));
  const stopInvoiceSandbox = config.SHOP_MODE === 'demo' ? startNuonuoSandbox(db.db) : () => {};
  const stopTimers = () => {
    stopOrderTimers();
    stopPaymentTimers();
    stopDistributionTimers();
    stopNotifier();
    stopPusher();
    stopInvoiceTimers();
    stopInvoiceSandbox();
  };

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= new Promise<void>((resolve) => {
      stopTimers();
      void stopWatching();
      server.close(() => resolve());
      server.closeIdleConnections();
      setTimeout(() => server.closeAllConnections(), 5_000).unref();
    }).then(closeDatabase));

  console.log(`Shop ready (${db.engine}) at ${url}/index?shopId=${config.DEFAULT_SHOP_ID}`);
  return { server, url, stop };
}
