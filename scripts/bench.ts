/**
 * npm run bench: builds the shop, serves it as `npm start` does, then measures throughput and
 * latency of /api/health and each shopper page, plus the JavaScript each page makes a phone
 * download. Never part of `npm test`. BENCH_DURATION sets the seconds per target (default 10);
 * BENCH_LIGHTHOUSE=0 leaves out the Lighthouse scores.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { get as httpGet } from 'node:http';
import autocannon from 'autocannon';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/fixtures/chromium.ts';
import { jsTotals, pageScripts } from '../tests/fixtures/page-js.ts';
import { spawnShop, type ShopProcess } from '../tests/fixtures/server.ts';
import { COMMENTS_PER_SECOND, LIVE_VIEWERS, measureLive } from './bench-live.ts';

/** Shopper pages to measure; add new pages here. */
const PAGES = [
  '/index?shopId=1001',
  '/brand?activityNo=A1001001&shopId=1001',
  '/productDetail?productNo=P10010001&shopId=1001',
];

/** Pages a signed-in shopper opens, each rendered for them (item 6 of issue #10). */
const SIGNED_IN_PAGES = [
  '/index?shopId=1001',
  '/productDetail?productNo=P10010001&shopId=1001',
  '/my?shopId=1001',
  '/cart?shopId=1001',
  '/order?shopId=1001',
];
/** Signed-in pages must serve at least this share of /api/health's requests in the same run. */
const SIGNED_IN_RATIO = 0.5;
/** ... with a 99th percentile latency of at most this. */
const SIGNED_IN_P99_MS = 60;

const CONNECTIONS = 10;
/** The demo consumer (DESIGN.md), logged in through the SMS flow and its dev outbox. */
const SIGNED_IN_PHONE = '13800000001';
// Ask for compressed bodies like a real phone browser, so compression cost is in the numbers.
const HEADERS = { 'accept-encoding': 'br, gzip' };

interface Row {
  target: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  js?: { files: number; raw: number; gzip: number; brotli: number };
}

function readDuration(): number {
  const value = Number(process.env.BENCH_DURATION ?? 10);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`BENCH_DURATION must be a positive number of seconds`);
  return value;
}

/** Builds now and stamps the build, so scripts/start.ts serves it instead of building again. */
function build(): void {
  const result = spawnSync(path.resolve('node_modules/.bin/astro'), ['build'], {
    stdio: 'inherit',
  });
  if (result.status !== 0)
    throw new Error(`astro build failed (exit ${result.status ?? result.signal})`);
  writeFileSync('dist/.build-stamp', new Date().toISOString());
}

async function load(
  url: string,
  duration: number,
  extraHeaders: Record<string, string> = {},
): Promise<Omit<Row, 'target'>> {
  const headers = { ...HEADERS, ...extraHeaders };
  // A short warm-up first so JIT and caches settle before sampling.
  await autocannon({ url, connections: CONNECTIONS, duration: Math.min(2, duration), headers });
  const result = await autocannon({ url, connections: CONNECTIONS, duration, headers });
  const failures = result.errors + result.timeouts + result.non2xx;
  if (failures > 0) {
    throw new Error(
      `${url}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx responses`,
    );
  }
  return { reqPerSec: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

async function pageJs(pageUrl: URL, cookie?: string): Promise<NonNullable<Row['js']>> {
  return jsTotals(await pageScripts(pageUrl, cookie));
}

function printTable(rows: Row[]): void {
  const bytes = (n: number | undefined) =>
    n === undefined ? '' : `${n.toLocaleString('en-US')} B`;
  const lines = [
    ['target', 'req/s', 'p50 ms', 'p99 ms', 'JS files', 'JS raw', 'JS gzip', 'JS brotli'],
    ...rows.map((r) => [
      r.target,
      r.reqPerSec.toFixed(0),
      String(r.p50),
      String(r.p99),
      r.js ? String(r.js.files) : '',
      bytes(r.js?.raw),
      bytes(r.js?.gzip),
      bytes(r.js?.brotli),
    ]),
  ];
  const widths = lines[0]!.map((_, i) => Math.max(...lines.map((line) => line[i]!.length)));
  // Text left-aligned, numbers right-aligned.
  const format = (line: string[]) =>
    line
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  console.log(`\n${format(lines[0]!)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const line of lines.slice(1)) console.log(format(line));

  const health = rows.find((r) => r.target === '/api/health');
  const detail = rows.find(
    (r) => r.target.startsWith('/productDetail') && !r.target.endsWith('(signed in)'),
  );
  if (health && detail) {
    console.log(
      `\nproductDetail vs health throughput: ${(detail.reqPerSec / health.reqPerSec).toFixed(2)}x`,
    );
  }
  if (!health) return;
  for (const row of rows.filter((r) => r.target.endsWith('(signed in)'))) {
    const ratio = row.reqPerSec / health.reqPerSec;
    const ok = ratio >= SIGNED_IN_RATIO && row.p99 <= SIGNED_IN_P99_MS;
    console.log(
      `${row.target}: ${ratio.toFixed(2)}x health, p99 ${row.p99} ms ` +
        `(target >= ${SIGNED_IN_RATIO}x, p99 <= ${SIGNED_IN_P99_MS} ms): ${ok ? 'ok' : 'MISSED'}`,
    );
  }
}

/** Logs in as a shopper would (code from the dev outbox) and answers the session token. */
async function signIn(base: URL, phone: string, address?: string): Promise<string> {
  const post = (path: string, body: unknown) =>
    fetch(new URL(path, base), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        // The SMS limit counts per client: each bench shopper is a client of its own.
        ...(address && { 'x-forwarded-for': address }),
      },
      body: JSON.stringify(body),
    });
  await post('/api/member/phone/sendCode', { phone });
  const outbox = (await (
    await fetch(new URL(`/api/dev/sms-outbox?phone=${phone}`, base))
  ).json()) as { data: { code: string }[] };
  const login = await post('/api/member/phone/login', { phone, verifyCode: outbox.data[0]!.code });
  const token = login.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith('sid='))
    ?.split(';')[0]
    ?.slice('sid='.length);
  if (!token) throw new Error(`logging in as ${phone} failed: ${await login.text()}`);
  return token;
}

/** The bytes a phone downloads for the HTML document itself, brotli as the server sends it. */
async function documentBytes(url: URL): Promise<number> {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers: HEADERS }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve(bytes));
    }).on('error', reject);
  });
}

/** Lighthouse mobile (its default throttling) in the system Chromium: performance, SEO, accessibility. */
function lighthouse(url: URL): { performance: number; seo: number; accessibility: number } {
  const result = spawnSync(
    path.resolve('node_modules/.bin/lighthouse'),
    [
      url.href,
      '--quiet',
      '--only-categories=performance,seo,accessibility',
      '--output=json',
      '--output-path=stdout',
      `--chrome-flags=--headless=new ${CHROMIUM_ARGS.join(' ')}`,
    ],
    {
      encoding: 'utf8',
      env: { ...process.env, CHROME_PATH: CHROMIUM_PATH },
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  if (result.status !== 0)
    throw new Error(`lighthouse failed for ${url.href}: ${result.stderr.slice(-500)}`);
  const categories = (
    JSON.parse(result.stdout) as { categories: Record<string, { score: number }> }
  ).categories;
  const score = (name: string) => Math.round((categories[name]?.score ?? 0) * 100);
  return {
    performance: score('performance'),
    seo: score('seo'),
    accessibility: score('accessibility'),
  };
}

async function main(): Promise<void> {
  const duration = readDuration();
  build();
  let shop: ShopProcess | undefined;
  // Ctrl-C reaches the server too; still remove its temporary data folder.
  process.once(
    'SIGINT',
    () => void (shop?.stop() ?? Promise.resolve()).finally(() => process.exit(130)),
  );
  try {
    shop = await spawnShop();
    // The server listens on 127.0.0.1; skip resolving "localhost" (possibly ::1 first) on every connect.
    const base = new URL(shop.url);
    base.hostname = '127.0.0.1';
    const rows: Row[] = [];
    for (const target of ['/api/health', ...PAGES]) {
      const url = new URL(target, base);
      console.log(`Measuring ${target} for ${duration} s ...`);
      const js = target === '/api/health' ? undefined : await pageJs(url);
      rows.push({ target, ...(await load(url.href, duration)), ...(js && { js }) });
    }
    // A signed-in shopper's pages are never served from the visitors' page cache.
    const cookie = `sid=${await signIn(base, SIGNED_IN_PHONE)}`;
    for (const target of SIGNED_IN_PAGES) {
      console.log(`Measuring ${target} signed in for ${duration} s ...`);
      const url = new URL(target, base);
      rows.push({
        target: `${target} (signed in)`,
        ...(await load(url.href, duration, { cookie })),
        js: await pageJs(url, cookie),
      });
    }
    printTable(rows);
    // The live row (issue #16): many viewers of one room while shoppers comment.
    console.log(
      `\nMeasuring a live room: ${LIVE_VIEWERS} viewers, ${COMMENTS_PER_SECOND} comments/s for ${duration} s ...`,
    );
    const live = await measureLive(base, shop.child.pid!, duration, (phone, address) =>
      signIn(base, phone, address),
    );
    console.log(
      `live room: ${live.viewers} viewers, ${live.comments} comments, ${live.deliveries.toLocaleString('en')} deliveries — p50 ${live.p50} ms, p99 ${live.p99} ms, server CPU ${live.cpuPercent}%`,
    );
    // BENCH_LIGHTHOUSE=0 skips the (slow) Lighthouse pass while iterating on throughput.
    if (process.env.BENCH_LIGHTHOUSE === '0') return;

    console.log(
      '\npage                                            HTML (br)  performance  SEO  accessibility',
    );
    for (const target of PAGES) {
      const url = new URL(target, base);
      const html = await documentBytes(url);
      const scores = lighthouse(url);
      console.log(
        `${target.padEnd(48)}${`${html.toLocaleString('en')} B`.padStart(9)}  ${String(scores.performance).padStart(11)}  ${String(scores.seo).padStart(3)}  ${String(scores.accessibility).padStart(13)}`,
      );
    }
  } finally {
    await shop?.stop();
  }
}

main().catch((error: unknown) => {
  console.error('Benchmark failed:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
