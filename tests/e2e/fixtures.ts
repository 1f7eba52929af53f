/**
 * The one Playwright fixture of the end-to-end specs (import `test` and `expect` from here):
 *
 * - `pgShop` (per worker): the built shop on a PostgreSQL database of the spec's own, named with
 *   `test.use({ shopDatabase: 'shop_e2e_my' })`; reset, migrated and seeded on start, stopped when
 *   the worker ends. It answers its URL, an admin connection to its database, `signIn`, and the
 *   newest SMS it sent a phone (`latestSms`, `smsCode`).
 * - `pageAs(role)`: this test's page, signed in on `pgShop` as a demo role (or any phone).
 * - `smsCode(phone)`: the newest SMS code the shared shop at `baseURL` sent to a phone.
 */
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import type { Database } from '#lib/platform/db/client.server.ts';
import { demoPhones, type DemoRole } from '#demo/handles.ts';
import { signInAs } from '#tests/fixtures/accounts.ts';
import { ensureDatabase, postgresDatabase } from '#tests/fixtures/db.ts';
import { assertNoPersonalNumbers } from '#tests/fixtures/personal-numbers.ts';
import { spawnShop } from '#tests/fixtures/server.ts';

export { expect };

export interface PgShop {
  url: string;
  /** A connection to the shop's database, for set-ups and checks. */
  admin: Database;
  /** Signs a browser context in as a demo role or a phone; answers the user's id and token. */
  signIn(context: BrowserContext, who: DemoRole | string): Promise<{ id: number; token: string }>;
  /** The newest SMS this shop sent to a phone (dev outbox). */
  latestSms(phone: string): Promise<SentSms>;
  /** The code in that SMS. */
  smsCode(phone: string): Promise<string>;
}

export interface SentSms {
  code: string;
  text: string;
}

/** Reads the dev outbox of the shop at `shopUrl`, newest message first; fails without one. */
async function latestSms(shopUrl: string, phone: string): Promise<SentSms> {
  const response = await fetch(`${shopUrl}/api/dev/sms-outbox?phone=${phone}`);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { code: number; data: SentSms[] };
  expect(body.code).toBe(0);
  expect(body.data.length).toBeGreaterThan(0);
  return body.data[0]!;
}

const phoneOf = (who: DemoRole | string) => (who in demoPhones ? demoPhones[who as DemoRole] : who);

export const test = base.extend<
  {
    pageAs: (who: DemoRole | string) => Promise<Page>;
    smsCode: (phone: string) => Promise<string>;
  },
  { shopDatabase: string | undefined; pgShop: PgShop }
>({
  shopDatabase: [undefined, { scope: 'worker', option: true }],
  pgShop: [
    async ({ shopDatabase }, use) => {
      if (!shopDatabase) throw new Error('pgShop needs test.use({ shopDatabase: "shop_e2e_…" })');
      const url = await ensureDatabase(shopDatabase);
      const admin = await postgresDatabase(url);
      const shop = await spawnShop({ DATABASE_URL: url });
      try {
        await use({
          url: shop.url,
          admin,
          signIn: (context, who) => signInAs(admin, shop.url, context, phoneOf(who)),
          latestSms: (phone) => latestSms(shop.url, phone),
          smsCode: async (phone) => (await latestSms(shop.url, phone)).code,
        });
      } finally {
        await shop.stop();
        await admin.close();
      }
      assertNoPersonalNumbers(shop.output(), `the shop on ${shopDatabase}`);
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  pageAs: async ({ page, context, pgShop }, use) => {
    await use(async (who) => {
      await pgShop.signIn(context, who);
      return page;
    });
  },
  smsCode: async ({ baseURL }, use) => {
    await use(async (phone) => (await latestSms(baseURL!, phone)).code);
  },
});
