/**
 * Database faults (hardening issue, items 1 and 7): the shop keeps serving when its PostgreSQL
 * connections are terminated, answers the maintenance page (503) and HTTP 588 while the database
 * is down, and serves again by itself within a second of it coming back.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#lib/platform/db/client.server.ts';
import { TEST_DATABASE_URL, postgresDatabase, queryRows } from '../fixtures/db.ts';
import { privatePostgres, type PrivatePostgres } from '../fixtures/private-postgres.ts';
import { spawnShop, type ShopProcess } from '../fixtures/server.ts';
import { BACKSTOP_MS } from '#lib/platform/versions.server.ts';

const PAGE = '/index?shopId=1001';
const API = '/api/member/xdwxh5/seller/info/1001';
const MAINTENANCE = { code: 588, message: '服务器维护中~', success: false, data: null };

interface Outcome {
  startedAt: number;
  status: number;
}

async function ask(base: string, path: string): Promise<Outcome> {
  const startedAt = performance.now();
  const response = await fetch(`${base}${path}`, { redirect: 'manual' });
  await response.arrayBuffer();
  return { startedAt, status: response.status };
}

describe('connections terminated under load', () => {
  const APP = 'shop_fault_test';
  let admin: Database;
  let shop: ShopProcess;
  beforeAll(async () => {
    admin = await postgresDatabase();
    shop = await spawnShop({ DATABASE_URL: `${TEST_DATABASE_URL}?application_name=${APP}` });
  }, 300_000);
  afterAll(async () => {
    await shop?.stop();
    await admin?.close();
  });

  it('fails only the requests in flight, never with a 500, and serves again within 1 s', async () => {
    const outcomes: Outcome[] = [];
    let until = Infinity;
    const worker = async (path: string) => {
      while (performance.now() < until) outcomes.push(await ask(shop.url, path));
    };
    // More concurrent requests than the pool has connections, so every connection is busy.
    const load = Array.from({ length: 24 }, (_, i) => worker(i % 2 ? API : PAGE));

    // Under way: the pool holds several busy connections.
    await expect.poll(() => outcomes.filter((o) => o.status === 200).length).toBeGreaterThan(60);
    const terminatedAt = performance.now();
    const terminated = await queryRows<{ pid: number }>(
      admin,
      sql`select pg_terminate_backend(pid) as pid from pg_stat_activity where application_name = ${APP}`,
    );
    expect(terminated.length).toBeGreaterThan(0);
    until = terminatedAt + 2_500;
    await Promise.all(load);

    expect(new Set(outcomes.map((o) => o.status))).toSatisfy((statuses: Set<number>) =>
      [...statuses].every((s) => s === 200 || s === 503 || s === 588),
    );
    const afterASecond = outcomes.filter((o) => o.startedAt >= terminatedAt + 1_000);
    expect(afterASecond.length).toBeGreaterThan(20);
    expect(afterASecond.filter((o) => o.status !== 200)).toEqual([]);
  });
});

describe('database unreachable', () => {
  let server: PrivatePostgres;
  let shop: ShopProcess;
  beforeAll(async () => {
    server = await privatePostgres();
    shop = await spawnShop({ DATABASE_URL: server.url });
  }, 300_000);
  afterAll(async () => {
    await shop?.stop();
    server?.remove();
  });

  it('answers the maintenance page and HTTP 588 while it is down, then recovers by itself', async () => {
    expect((await ask(shop.url, PAGE)).status).toBe(200);
    server.stop();
    // A kept page is answered from memory (decision 045) until the server notices the database is
    // away: its once-a-second version read fails and drops what it held. From then on, every page.
    await expect
      .poll(async () => (await ask(shop.url, PAGE)).status, { timeout: 5 * BACKSTOP_MS })
      .toBe(503);

    for (const path of [
      PAGE,
      '/productDetail?productNo=P10010001&shopId=1001',
      '/my?shopId=1001',
    ]) {
      const page = await fetch(`${shop.url}${path}`, { redirect: 'manual' });
      expect(page.status, path).toBe(503);
      expect(page.headers.get('location')).toBeNull();
      expect(page.headers.get('retry-after')).toBe('5');
      expect(page.headers.get('cache-control')).toBe('no-store');
      const html = await page.text();
      expect(html).toContain('<title>服务器维护中~</title>');
      expect(html).toContain('重新加载');
      expect(html).not.toContain('暂未开放');
    }
    for (const path of [API, '/api/health', '/api/commodity/index/resource?shopBizCode=1001']) {
      const answer = await fetch(`${shop.url}${path}`);
      expect(answer.status, path).toBe(588);
      expect(answer.headers.get('retry-after')).toBe('5');
      expect(await answer.json()).toEqual(MAINTENANCE);
    }

    // Shoppers keep coming while it is down: every one of them is a failed connection attempt.
    const outcomes: Outcome[] = [];
    let until = Infinity;
    const worker = async (path: string) => {
      while (performance.now() < until) outcomes.push(await ask(shop.url, path));
    };
    const load = Array.from({ length: 10 }, (_, i) => worker(i % 2 ? API : PAGE));
    await expect.poll(() => outcomes.length, { timeout: 5_000 }).toBeGreaterThan(40);
    expect(outcomes.filter((o) => o.status !== 503 && o.status !== 588)).toEqual([]);

    server.start();
    const backAt = performance.now();
    until = backAt + 2_000;
    await Promise.all(load);
    const afterASecond = outcomes.filter((o) => o.startedAt >= backAt + 1_000);
    expect(afterASecond.length).toBeGreaterThan(20);
    expect(afterASecond.filter((o) => o.status !== 200)).toEqual([]);
  });
});
