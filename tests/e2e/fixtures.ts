/**
 * The one Playwright fixture of the end-to-end specs (import `test` and `expect` from here):
 *
 * - `pgShop` (per worker): the built shop on a PostgreSQL database of the spec's own, named with
 *   `test.use({ shopDatabase: 'shop_e2e_my' })`; reset, migrated and seeded on start, stopped when
 *   the worker ends. It answers its URL, an admin connection to its database, `signIn`, and the
 *   newest SMS it sent a phone (`latestSms`, `smsCode`).
 * - `pageAs(role)`: this test's page, signed in on `pgShop` as a demo role (or any phone).
 * - `smsCode(phone)`: the newest SMS code the shared shop at `baseURL` sent to a phone.
 * - Every test (automatically): no page the server sends and no API answer holds an ID or card
 *   number a spec types, whole — in every browser context of the test, its own or the default.
 */
import {
  test as base,
  expect,
  type BrowserContext,
  type Page,
  type Response,
} from '@playwright/test';
import type { Database } from '#lib/platform/db/client.server.ts';
import { demoPhones, type DemoRole } from '#demo/handles.ts';
import { signInAs } from '#tests/fixtures/accounts.ts';
import { ensureDatabase, postgresDatabase } from '#tests/fixtures/db.ts';
import { assertNoPersonalNumbers, personalNumbersIn } from '#tests/fixtures/personal-numbers.ts';
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

/** A page or API answer of the shop: what a person's number must never be sent whole in. */
function isShopAnswer(response: Response): boolean {
  const type = response.headers()['content-type'] ?? '';
  const url = response.url();
  return (
    (type.startsWith('text/html') || type.startsWith('application/json')) &&
    !url.includes('/api/dev/') &&
    response.status() < 300
  );
}

export const test = base.extend<
  {
    pageAs: (who: DemoRole | string) => Promise<Page>;
    smsCode: (phone: string) => Promise<string>;
    noWholePersonalNumbers: void;
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
  noWholePersonalNumbers: [
    async ({ browser }, use) => {
      const reads: Promise<void>[] = [];
      const leaks: string[] = [];
      const watch = (context: BrowserContext) =>
        context.on('response', (response) => {
          if (!isShopAnswer(response)) return;
          reads.push(
            response.text().then(
              (text) => {
                const found = personalNumbersIn(text);
                if (!found.length) return;
                // The report names the page without repeating a number whole.
                const where = response.url().replaceAll(/\d{12,}/g, (d) => `${d.slice(0, 2)}…`);
                leaks.push(`${found.join(', ')} in ${where}`);
              },
              // A page navigated away before its body was read: nothing to scan.
              () => {},
            ),
          );
        });
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        watch(context);
        return context;
      };
      try {
        await use();
      } finally {
        browser.newContext = newContext;
      }
      await Promise.all(reads);
      expect(leaks, 'whole ID or card numbers sent to the browser').toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * Every island of the page that hydrates by itself has hydrated. A controlled choice (a radio)
 * made before its island hydrates is held by the tap keeper and replayed, so it shows only
 * later: wait for this before choosing.
 */
export async function islandsHydrated(page: Page): Promise<void> {
  await expect(page.locator('astro-island[ssr]:not([client=reach])')).toHaveCount(0);
}
