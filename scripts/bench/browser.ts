/**
 * What a phone's browser sees: Lighthouse mobile (its default throttling) with the shopper's
 * session in the browser's own cookie jar, axe-core's serious and critical findings, and the
 * time from a tap made at `load` to the page answering it on a throttled phone.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/fixtures/chromium.ts';

export interface LighthouseScores {
  performance: number;
  accessibility: number;
  seo: number;
  blockingMs: number;
}

const DEBUG_PORT = 9338;

/** Sends one DevTools protocol command to the browser and waits for its answer. */
async function browserCommand(endpoint: string, method: string, params: object): Promise<void> {
  const { webSocketDebuggerUrl } = (await (await fetch(`${endpoint}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const socket = new WebSocket(webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', reject, { once: true });
  });
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('message', (event) => {
      const answer = JSON.parse(String(event.data)) as { id?: number; error?: { message: string } };
      if (answer.id !== 1) return;
      if (answer.error) reject(new Error(`${method}: ${answer.error.message}`));
      else resolve();
    });
    socket.send(JSON.stringify({ id: 1, method, params }));
  });
  socket.close();
}

/**
 * A Chromium of its own for Lighthouse, its cookie jar holding the session (if any), driven
 * through its debugging port and nothing else; axe runs in a browser of Playwright's with the
 * same cookie.
 */
export async function phoneBrowser(base: URL, session?: string) {
  const userData = mkdtempSync(path.join(tmpdir(), 'bench-chromium-'));
  const child = spawn(
    CHROMIUM_PATH,
    [
      ...CHROMIUM_ARGS,
      '--headless=new',
      `--remote-debugging-port=${DEBUG_PORT}`,
      `--user-data-dir=${userData}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const endpoint = `http://127.0.0.1:${DEBUG_PORT}`;
  for (let tries = 0; ; tries += 1) {
    const up = await fetch(`${endpoint}/json/version`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (tries > 100) throw new Error('Chromium did not open its debugging port');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const cookies = session
    ? [{ name: 'sid', value: session, url: base.origin, httpOnly: true }]
    : [];
  if (session) await browserCommand(endpoint, 'Storage.setCookies', { cookies });
  const playwright = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const context = await playwright.newContext({ viewport: { width: 375, height: 667 } });
  await context.addCookies(cookies);
  return {
    context,
    lighthouse: (url: URL) => lighthouse(url),
    axe: (url: URL) => seriousFindings(context, url),
    async close() {
      await playwright.close();
      // Chromium writes to its profile until it has exited: remove the folder after that.
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await exited;
      rmSync(userData, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    },
  };
}

let reportsKept = 0;

function lighthouse(url: URL): LighthouseScores {
  // BENCH_REPORTS=<folder>: each report and its trace kept, to find what blocked the main thread.
  const keep = process.env.BENCH_REPORTS;
  const output = keep
    ? path.resolve(
        keep,
        `${String((reportsKept += 1)).padStart(2, '0')}-${url.pathname.slice(1)}.json`,
      )
    : 'stdout';
  if (keep) mkdirSync(keep, { recursive: true });
  const result = spawnSync(
    path.resolve('node_modules/.bin/lighthouse'),
    [
      url.href,
      '--quiet',
      `--port=${DEBUG_PORT}`,
      '--only-categories=performance,seo,accessibility',
      '--output=json',
      `--output-path=${output}`,
      ...(keep ? ['--save-assets'] : []),
    ],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (result.status !== 0)
    throw new Error(`lighthouse failed for ${url.href}: ${result.stderr.slice(-500)}`);
  const report = JSON.parse(keep ? readFileSync(output, 'utf8') : result.stdout) as {
    categories: Record<string, { score: number }>;
    audits: Record<string, { numericValue?: number }>;
  };
  const score = (name: string) => Math.round((report.categories[name]?.score ?? 0) * 100);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    seo: score('seo'),
    blockingMs: Math.round(report.audits['total-blocking-time']?.numericValue ?? 0),
  };
}

async function seriousFindings(context: BrowserContext, url: URL): Promise<string[]> {
  const page = await context.newPage();
  try {
    await page.goto(url.href, { waitUntil: 'networkidle' });
    const { violations } = await new AxeBuilder({ page }).analyze();
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.nodes.length})`);
  } finally {
    await page.close();
  }
}

/**
 * Milliseconds from a tap made the moment the page's `load` fires to what it does being seen:
 * `answered` waits for it (a sheet shown, the next page's URL).
 */
export async function tapToResponse(
  page: Page,
  url: URL,
  tap: (page: Page) => Promise<void>,
  answered: (page: Page) => Promise<void>,
): Promise<number> {
  await page.goto(url.href, { waitUntil: 'load' });
  const start = performance.now();
  await tap(page);
  await answered(page);
  return Math.round(performance.now() - start);
}
