/**
 * The JS-SDK's token and ticket on real PostgreSQL: four server processes (four connection pools,
 * each with its own adapter) ask for a signature at the same moment after the ticket and the
 * token expired. WeChat invalidates the older token when a new one is fetched, so exactly one of
 * them may fetch each; the others sign with what it stored. The sandbox gateway is served over
 * HTTP, as a server reaches it in demo mode, and counts what it hands out.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bootDatabase } from '#lib/platform/boot.server.ts';
import { openDatabase, type Database } from '#lib/platform/db/client.server.ts';
import { wechatCredentials } from '#lib/platform/db/schema.ts';
import { messagingApp } from '#lib/identity/messaging-app/index.server.ts';
import {
  handleWeixinSandboxRequest,
  sandboxFetchCounts,
} from '#lib/identity/messaging-app/sandbox.server.ts';
import { jsSdkConfig, jsSdkSignature } from '#lib/identity/messaging-app/signature.server.ts';
import { TEST_DATABASE_URL, postgresDatabase } from '../fixtures/db.ts';

const APP = 'wxsandbox0000000';
const NONE = { WECHAT_APP_ID: undefined, WECHAT_APP_SECRET: undefined };
const ORIGIN = 'https://shop.test';

let gatewayDb: Database;
let processes: Database[];
let server: Server;
let apiBase: string;

beforeAll(async () => {
  await (await postgresDatabase()).close();
  gatewayDb = await bootDatabase({ url: TEST_DATABASE_URL });
  processes = await Promise.all(
    Array.from({ length: 4 }, () => openDatabase({ url: TEST_DATABASE_URL })),
  );
  server = createServer((req, res) => {
    const request = new Request(`http://127.0.0.1${req.url ?? '/'}`, {
      method: req.method ?? 'GET',
    });
    handleWeixinSandboxRequest(gatewayDb.db, request, { config: NONE }).then(
      async (answer) => {
        res.writeHead(answer.status, Object.fromEntries(answer.headers));
        res.end(await answer.text());
      },
      (error: unknown) => {
        res.writeHead(500);
        res.end(String(error));
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sandbox/weixin/`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await Promise.all(processes.map((p) => p.close()));
  await gatewayDb.close();
});

/** What process `i` answers to GET /api/member/signature?url= for `url`. */
function signature(i: number, url: string) {
  const app = messagingApp(processes[i]!.db, {
    config: {
      SHOP_MODE: 'demo',
      ...NONE,
      WECHAT_OPEN_BASE_URL: undefined,
      WECHAT_API_BASE_URL: apiBase,
    },
  });
  return jsSdkConfig(app, url, ORIGIN);
}

it('four processes asking at once after the expiry: one token fetch, one ticket fetch, one ticket signed with', async () => {
  // The first signature ever: the token and the ticket are fetched once.
  await signature(0, `${ORIGIN}/index?shopId=1001`);
  expect(await sandboxFetchCounts(gatewayDb.db, APP)).toEqual({ token: 1, ticket: 1 });

  for (let round = 1; round <= 3; round++) {
    // Both expired (a server that was down for hours).
    await gatewayDb.db.update(wechatCredentials).set({ expiresAt: new Date(Date.now() - 1000) });
    const url = `${ORIGIN}/brand?shopId=1001&round=${round}`;
    const configs = await Promise.all([0, 1, 2, 3].map((i) => signature(i, url)));
    expect(await sandboxFetchCounts(gatewayDb.db, APP)).toEqual({
      token: 1 + round,
      ticket: 1 + round,
    });
    const [stored] = await gatewayDb.db
      .select()
      .from(wechatCredentials)
      .where(eqKind('jsapi_ticket'));
    for (const config of configs)
      expect(config!.signature).toBe(
        jsSdkSignature({
          ticket: stored!.value,
          nonceStr: config!.nonceStr,
          timestamp: config!.timestamp,
          url,
        }),
      );
    expect(stored!.leaseUntil).toBeNull();
  }
});

function eqKind(kind: string) {
  return sql`${wechatCredentials.kind} = ${kind}`;
}
