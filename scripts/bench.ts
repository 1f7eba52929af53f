/**
 * npm run bench: builds the shop, serves it as `npm start` does, and prints in one run, each
 * measure twice so one noisy run cannot pass or fail a budget (issue #28 "Must show"):
 * - each visitor page's req/s as a share of a bare node:http server sending the same bytes;
 * - signed-in pages against the visitor product page and /api/health, with p99;
 * - each page's from-scratch render time, the JavaScript it can load (every chunk, brotli) and
 *   its Content-Security-Policy header's size;
 * - a live room's delivery under load;
 * - Lighthouse mobile and axe-core on the catalogue and money pages signed in through the
 *   browser's cookie jar, and tap-to-response on a throttled phone;
 * - two processes on PostgreSQL against one, and brand and search at 1x and 100x the products.
 * Never part of `npm test`. BENCH_DURATION sets the seconds per target (default 10);
 * BENCH_LIGHTHOUSE=0 leaves out the browser, BENCH_PG=0 the PostgreSQL rows, BENCH_ONLY=pg runs
 * only those and BENCH_ONLY=browser only the browser's; BENCH_REPORTS=<folder> keeps each
 * Lighthouse report (with its trace) there.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { jsTotals, pageScripts } from '../tests/fixtures/page-js.ts';
import { spawnShop, type ShopProcess } from '../tests/fixtures/server.ts';
import { seedHandles } from '#demo/handles.ts';
import { COMMENTS_PER_SECOND, LIVE_VIEWERS, measureLive } from './bench/live.ts';
import { bareCopyOf } from './bench/bare.ts';
import { phoneBrowser, tapToResponse } from './bench/browser.ts';
import { throttle } from '../tests/fixtures/slow-phone.ts';
import { SCALE, freshDatabase, multiplyCatalogue } from './bench/scale.ts';
import { wrkInstalled, wrkLoad } from './bench/wrk.ts';

/** Shopper pages to measure; add new pages here. */
const PAGES = [
  '/index?shopId=1001',
  '/brand?activityNo=A1001001&shopId=1001',
  '/productDetail?productNo=P10010001&shopId=1001',
  '/search?keyword=%E6%A3%AE%E9%87%8E&shopId=1001',
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
/** ... and this share of the visitor product page's (issue #28). */
const SIGNED_IN_VS_VISITOR = 0.8;
/** The signed-in pages those budgets hold for. */
const SIGNED_IN_BUDGETED = [
  '/productDetail?productNo=P10010001&shopId=1001',
  '/cart?shopId=1001',
  '/order?shopId=1001',
];
/** A visitor page serves at least this share of a bare node:http server sending its bytes. */
const BARE_SHARE = 0.25;
/** Median from-scratch render of the home page, ms. */
const HOME_RENDER_MS = 15;
/**
 * The product page's JavaScript, every chunk it can load, brotli: "within React + 15 KB" (issue
 * #28, about 74 KB), so our own code beside React's chunk at most this many bytes.
 */
const PRODUCT_OWN_JS_BROTLI = 15_000;
/** Lighthouse mobile performance on the money and catalogue pages, and blocking time. */
const LIGHTHOUSE_SCORE = 98;
const BLOCKING_MS = 50;
/** Two processes on PostgreSQL serve at least this many times one. */
const TWO_PROCESSES = 1.4;
/** ... with a 99th percentile latency of at most this. */
const SIGNED_IN_P99_MS = 60;

const CONNECTIONS = 10;
const WRK = wrkInstalled();
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
  // wrk where installed: autocannon runs on Node's one thread and, on two cores, caps what it can
  // measure near what the shop serves, so a ratio between two fast pages said little.
  if (WRK) {
    await wrkLoad(url, Math.min(2, duration), CONNECTIONS, headers);
    return wrkLoad(url, duration, CONNECTIONS, headers);
  }
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

async function pageJs(
  pageUrl: URL,
  cookie?: string,
): Promise<NonNullable<Row['js']> & { react: number }> {
  const scripts = await pageScripts(pageUrl, cookie);
  const react = scripts.find((s) => /\/react\.[\w-]+\.js$/.test(s.path))?.brotli ?? 0;
  return { ...jsTotals(scripts), react };
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

/** Two runs of a measure, reported side by side, so one noisy run cannot pass or fail a budget. */
async function twice<T>(measure: () => Promise<T>): Promise<[T, T]> {
  return [await measure(), await measure()];
}

const fmt = (n: number) => n.toFixed(0);
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED');

/**
 * From-scratch render times: each request names the page with a query of its own, so no kept
 * page answers it; one at a time, as the render itself costs on an idle server. The first few
 * renders load and compile the page's code once per process; they are made but not counted, or
 * the slowest "render" would be that one-off start.
 */
const WARM_UP_RENDERS = 50;
async function renderTimes(
  url: URL,
  count = 40,
  cookie?: string,
): Promise<{ p50: number; p99: number }> {
  const times: number[] = [];
  for (let i = -WARM_UP_RENDERS; i < count; i += 1) {
    const fresh = new URL(url);
    fresh.searchParams.set('t', `${Date.now()}${i}`);
    const start = performance.now();
    const response = await fetch(fresh, { headers: { ...HEADERS, ...(cookie && { cookie }) } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`GET ${fresh} answered ${response.status}`);
    if (i >= 0) times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  // Nearest rank: of 3000 renders, p99 is the thirtieth slowest, not simply the slowest.
  const at = (q: number) =>
    Math.round(times[Math.max(0, Math.ceil(q * times.length) - 1)]! * 10) / 10;
  return { p50: at(0.5), p99: at(0.99) };
}

async function cspBytes(url: URL, cookie?: string): Promise<number> {
  const response = await fetch(url, { headers: { ...HEADERS, ...(cookie && { cookie }) } });
  await response.arrayBuffer();
  return (response.headers.get('content-security-policy') ?? '').length;
}

/** Puts a SKU in the signed-in shopper's cart, so cart and confirmation have something to show. */
async function fillCart(base: URL, cookie: string): Promise<void> {
  const response = await fetch(
    new URL('/api/spweb/cart/add-shoppingcart-count?shopBizCode=1001', base),
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, 'x-client': 'shop-h5' },
      body: JSON.stringify({
        skuNo: seedHandles.shop1001.sales.senyeRunning.products[0]!.skuNos[0],
        quantity: 1,
      }),
    },
  );
  const body = (await response.json()) as { code: number; message: string };
  if (body.code !== 0) console.log(`(cart not filled: ${body.message})`);
}

async function throughput(base: URL, duration: number, cookie: string): Promise<void> {
  console.log(
    `\n== Throughput (two runs each; ${WRK ? 'wrk' : 'autocannon'}, ${CONNECTIONS} connections) ==`,
  );
  const health = await twice(() => load(new URL('/api/health', base).href, duration));
  console.log(`/api/health: ${health.map((r) => fmt(r.reqPerSec)).join(' / ')} req/s`);
  const healthRate = Math.min(...health.map((r) => r.reqPerSec));

  console.log(
    '\nvisitor page: req/s and p99 in each run, against a bare node:http server sending the same bytes (>= 25%)',
  );
  const visitor: Record<string, number> = {};
  for (const target of PAGES) {
    const url = new URL(target, base);
    const bare = await bareCopyOf(url, HEADERS);
    try {
      const runs = await twice(async () => {
        const shop = await load(url.href, duration);
        const ceiling = await load(bare.url, duration);
        return { shop, ceiling };
      });
      visitor[target] = Math.min(...runs.map((r) => r.shop.reqPerSec));
      console.log(
        `${target}: ${runs.map(({ shop, ceiling }) => `${fmt(shop.reqPerSec)} req/s p99 ${shop.p99} ms = ${((shop.reqPerSec / ceiling.reqPerSec) * 100).toFixed(0)}% of ${fmt(ceiling.reqPerSec)}`).join(' | ')} — ${verdict(runs.every(({ shop, ceiling }) => shop.reqPerSec / ceiling.reqPerSec >= BARE_SHARE))}`,
      );
    } finally {
      await bare.close();
    }
  }

  console.log(
    `\nsigned-in page: against the visitor product page (>= ${SIGNED_IN_VS_VISITOR}x) and /api/health (>= ${SIGNED_IN_RATIO}x), p99 <= ${SIGNED_IN_P99_MS} ms`,
  );
  // A budgeted page's run is compared with a visitor run made right before it: two loads a
  // minute apart differ by up to a fifth on this machine, more than the budget's margin.
  const visitorDetailUrl = new URL('/productDetail?productNo=P10010001&shopId=1001', base).href;
  const visitorDetail = visitor['/productDetail?productNo=P10010001&shopId=1001']!;
  for (const target of SIGNED_IN_PAGES) {
    const url = new URL(target, base);
    const budgeted = SIGNED_IN_BUDGETED.includes(target);
    const runs = await twice(async () => {
      const paired = budgeted ? (await load(visitorDetailUrl, duration)).reqPerSec : visitorDetail;
      return { ...(await load(url.href, duration, { cookie })), visitor: paired };
    });
    const ok = runs.every(
      (r) =>
        r.reqPerSec / r.visitor >= SIGNED_IN_VS_VISITOR &&
        r.reqPerSec / healthRate >= SIGNED_IN_RATIO &&
        r.p99 <= SIGNED_IN_P99_MS,
    );
    console.log(
      `${target}: ${runs.map((r) => `${fmt(r.reqPerSec)} req/s p99 ${r.p99} ms (${ratio(r.reqPerSec, r.visitor)} visitor${budgeted ? ` ${fmt(r.visitor)}` : ''}, ${ratio(r.reqPerSec, healthRate)} health)`).join(' | ')}${budgeted ? ` — ${verdict(ok)}` : ''}`,
    );
  }
}

async function pagesOnDisk(base: URL, cookie: string): Promise<void> {
  console.log(
    '\n== Each page: from-scratch render (median, p99), JS it can load (brotli), CSP header ==',
  );
  const rows: [string, string | undefined][] = [
    ...PAGES.map((p) => [p, undefined] as [string, undefined]),
    ...SIGNED_IN_PAGES.map((p) => [p, cookie] as [string, string]),
  ];
  for (const [target, withCookie] of rows) {
    const url = new URL(target, base);
    const render = await renderTimes(url, 40, withCookie);
    const js = await pageJs(url, withCookie);
    const csp = await cspBytes(url, withCookie);
    const budgets = [
      target.startsWith('/index') && !withCookie
        ? `home render <= ${HOME_RENDER_MS} ms: ${verdict(render.p50 <= HOME_RENDER_MS)}`
        : '',
      target.startsWith('/productDetail') && !withCookie
        ? `JS <= React + ${PRODUCT_OWN_JS_BROTLI / 1000} KB (React ${js.react.toLocaleString('en')} B, the rest ${(js.brotli - js.react).toLocaleString('en')} B): ${verdict(js.brotli - js.react <= PRODUCT_OWN_JS_BROTLI)}`
        : '',
      `CSP < 1 KB: ${verdict(csp < 1024)}`,
    ].filter(Boolean);
    console.log(
      `${target}${withCookie ? ' (signed in)' : ''}: render ${render.p50} / ${render.p99} ms, JS ${js.files} files ${js.brotli.toLocaleString('en')} B, CSP ${csp} B — ${budgets.join(', ')}`,
    );
  }
}

async function inTheBrowser(base: URL, session: string): Promise<void> {
  console.log(
    "\n== Lighthouse mobile (two runs) and axe-core, signed in through the browser's cookie jar ==",
  );
  const browser = await phoneBrowser(base, session);
  try {
    // The order the shopper places, for 收银台 and the tap rows.
    const page = await browser.context.newPage();
    await throttle(page);
    const taps = [
      await tapToResponse(
        page,
        new URL('/productDetail?productNo=P10010001&shopId=1001', base),
        (p) => p.getByRole('button', { name: '加入购物车' }).click(),
        (p) => p.getByRole('dialog', { name: '选择规格' }).waitFor(),
      ),
      await tapToResponse(
        page,
        new URL('/cart?shopId=1001', base),
        (p) => p.getByRole('button', { name: /^去结算/ }).click(),
        (p) => p.waitForURL(/\/confirmationOrder\?/),
      ),
    ];
    await page.waitForLoadState('load');
    const submitStart = performance.now();
    await page.getByRole('button', { name: '提交订单' }).click();
    await page.waitForURL(/\/checkout\?/);
    taps.push(Math.round(performance.now() - submitStart));
    const checkout = new URL(page.url());
    await page.close();
    console.log(
      `tap to response on a throttled phone (4x CPU, 150 ms, 1.6 Mbps): 加入购物车 ${taps[0]} ms, 去结算 ${taps[1]} ms, 提交订单 ${taps[2]} ms`,
    );

    const targets: [string, URL, boolean][] = [
      ['index', new URL('/index?shopId=1001', base), true],
      ['productDetail', new URL('/productDetail?productNo=P10010001&shopId=1001', base), true],
      ['cart', new URL('/cart?shopId=1001', base), true],
      ['confirmationOrder', new URL('/confirmationOrder?from=cart&shopId=1001', base), true],
      ['checkout', checkout, false],
      ['order', new URL('/order?shopId=1001', base), true],
      ['live room', new URL('/living?shopId=1001&liveNo=L1001001', base), false],
    ];
    console.log(
      '(each page loaded once before its two runs: a fresh headless browser pays once for what a phone has at hand, its CJK font fallbacks and compiled scripts)',
    );
    for (const [name, url, budgeted] of targets) {
      browser.lighthouse(url);
      const runs = [browser.lighthouse(url), browser.lighthouse(url)];
      const findings = await browser.axe(url);
      const ok = runs.every(
        (r) => r.blockingMs <= BLOCKING_MS && (!budgeted || r.performance >= LIGHTHOUSE_SCORE),
      );
      console.log(
        `${name}: performance ${runs.map((r) => r.performance).join(' / ')}, blocking ${runs.map((r) => r.blockingMs).join(' / ')} ms, accessibility ${runs.map((r) => r.accessibility).join(' / ')}, SEO ${runs.map((r) => r.seo).join(' / ')}; axe serious/critical: ${findings.length ? findings.join(', ') : 'none'} — ${verdict(ok && findings.length === 0)}`,
      );
    }
  } finally {
    await browser.close();
  }
}

/** Requests per second of one URL list spread over several servers at once. */
async function loadAcross(
  urls: string[],
  duration: number,
  headers: Record<string, string> = {},
): Promise<number> {
  const all = { ...HEADERS, ...headers };
  const rates = await Promise.all(
    urls.map(async (url) => {
      if (!WRK) return (await load(url, duration, headers)).reqPerSec;
      await wrkLoad(url, Math.min(2, duration), CONNECTIONS, all);
      return (await wrkLoad(url, duration, CONNECTIONS, all)).reqPerSec;
    }),
  );
  return rates.reduce((sum, rate) => sum + rate, 0);
}

async function twoProcesses(duration: number): Promise<void> {
  console.log(
    `\n== Two processes on PostgreSQL against one (>= 1.4x; load from ${WRK ? 'wrk' : 'autocannon, which shares the cores: install wrk for a fair row'}) ==`,
  );
  const url = await freshDatabase('bench_processes');
  const first = await spawnShop({ DATABASE_URL: url });
  let second: ShopProcess | undefined;
  try {
    second = await spawnShop({ DATABASE_URL: url });
    const bases = [new URL(first.url), new URL(second.url)];
    const cookie = `sid=${await signIn(bases[0]!, SIGNED_IN_PHONE)}`;
    for (const [target, headers] of [
      ['/productDetail?productNo=P10010001&shopId=1001', {}],
      ['/productDetail?productNo=P10010001&shopId=1001 (signed in)', { cookie }],
      ['/cart?shopId=1001 (signed in)', { cookie }],
    ] as const) {
      const path = target.replace(' (signed in)', '');
      const runs = await twice(async () => {
        const one = await loadAcross([new URL(path, bases[0]).href], duration, headers);
        const two = await loadAcross(
          bases.map((b) => new URL(path, b).href),
          duration,
          headers,
        );
        return { one, two };
      });
      console.log(
        `${target}: ${runs.map(({ one, two }) => `one ${fmt(one)}, two ${fmt(two)} req/s = ${ratio(two, one)}`).join(' | ')} — ${verdict(runs.every(({ one, two }) => two / one >= TWO_PROCESSES))}`,
      );
    }
  } finally {
    await second?.stop();
    await first.stop();
  }
}

async function flatCosts(duration: number): Promise<void> {
  console.log(`\n== Brand and search at 1x and ${SCALE}x the products (within 2x), PostgreSQL ==`);
  const url = await freshDatabase('bench_scale');
  const targets = [
    '/brand?activityNo=A1001001&shopId=1001',
    '/search?keyword=%E6%A3%AE%E9%87%8E&shopId=1001',
  ];
  const measure = async () => {
    const shop = await spawnShop({ DATABASE_URL: url });
    try {
      const base = new URL(shop.url);
      const out: Record<
        string,
        { render: { p50: number; p99: number }; rate: number; p99: number }
      > = {};
      for (const target of targets) {
        const page = new URL(target, base);
        // Three thousand renders (about ten seconds): a timer round or a collection that holds up a
        // few of them is then not the 99th percentile.
        const render = await renderTimes(page, 3000);
        const cached = await load(page.href, duration);
        out[target] = { render, rate: cached.reqPerSec, p99: cached.p99 };
      }
      return out;
    } finally {
      await shop.stop();
    }
  };
  const small = await measure();
  const products = await multiplyCatalogue(url);
  const large = await measure();
  console.log(`(${products.toLocaleString('en')} products after)`);
  for (const target of targets) {
    const a = small[target]!;
    const b = large[target]!;
    const slower = Math.max(
      b.render.p50 / a.render.p50,
      b.render.p99 / a.render.p99,
      a.rate / b.rate,
    );
    console.log(
      `${target}: render ${a.render.p50} / ${a.render.p99} ms -> ${b.render.p50} / ${b.render.p99} ms, kept ${fmt(a.rate)} -> ${fmt(b.rate)} req/s — ${verdict(slower < 2)}`,
    );
  }
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
    // BENCH_ONLY=pg: only the PostgreSQL rows (two processes, 1x and 100x), while working on them.
    if (process.env.BENCH_ONLY === 'pg') {
      await twoProcesses(duration);
      await flatCosts(duration);
      return;
    }
    shop = await spawnShop();
    // The server listens on 127.0.0.1; skip resolving "localhost" (possibly ::1 first) on every connect.
    const base = new URL(shop.url);
    base.hostname = '127.0.0.1';
    const session = await signIn(base, SIGNED_IN_PHONE);
    const cookie = `sid=${session}`;
    await fillCart(base, cookie);
    if (process.env.BENCH_ONLY === 'browser') {
      await inTheBrowser(base, session);
      return;
    }
    await throughput(base, duration, cookie);
    await pagesOnDisk(base, cookie);
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
    // BENCH_LIGHTHOUSE=0 skips the (slow) browser pass while iterating on throughput.
    if (process.env.BENCH_LIGHTHOUSE !== '0') await inTheBrowser(base, session);
    await shop.stop();
    shop = undefined;
    if (process.env.BENCH_PG !== '0') {
      await twoProcesses(duration);
      await flatCosts(duration);
    }
  } finally {
    await shop?.stop();
  }
}

main().catch((error: unknown) => {
  console.error('Benchmark failed:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
