/**
 * Versioned agreements under load on a real PostgreSQL server (decision 049): five managers'
 * taps on 发布 from the same version publish one version (the rest are told another was
 * published); without a version to start from they publish one after another, numbered 2 to 6;
 * ten taps on 同意 record one acceptance; ten first writes of a shop install its version 1 once.
 * Every call runs its own transaction on the pool, all at once.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bootDatabase } from '#lib/platform/boot.server.ts';
import type { Database, Db } from '#lib/platform/db/client.server.ts';
import { agreementAcceptances, agreements } from '#lib/platform/db/schema.ts';
import {
  acceptAgreements,
  publishAgreement,
  readAgreementPage,
} from '#lib/legal/agreements.server.ts';
import { AGREEMENT_TYPES } from '#lib/legal/types.ts';
import { TEST_DATABASE_URL, postgresDatabase } from '../fixtures/db.ts';
import { givenMember, givenShop } from '../fixtures/given.ts';

const n = sql<number>`count(*)::int`;
const TODAY = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Shanghai' });
const text = (i: number) =>
  `第${i}次修订的协议正文，适用于本店全部用户。\n# 一、总则\n本协议约定你与本店之间的权利义务，第${i}稿，请仔细阅读全部条款。`;

let database: Database;
let db: Db;
beforeAll(async () => {
  await (await postgresDatabase()).close();
  database = await bootDatabase({ url: TEST_DATABASE_URL }, { seed: false });
  db = database.db;
});
afterAll(() => database.close());

const settled = <T>(calls: Promise<T>[]) =>
  Promise.allSettled(calls).then((results) =>
    results.map((r) =>
      r.status === 'fulfilled' ? 'ok' : String((r.reason as { code?: number }).code ?? r.reason),
    ),
  );

it('five 发布 from the same version publish one; the others are told', async () => {
  const shop = await givenShop(db);
  const managers = await Promise.all(
    Array.from({ length: 5 }, () => givenMember(db, shop.shopId, { role: 4 })),
  );
  const results = await settled(
    managers.map((m, i) =>
      publishAgreement(db, {
        shopId: shop.shopId,
        userId: m.id,
        type: 'registrationProtocol',
        draft: { title: '用户注册协议', effectiveDate: TODAY, text: text(i) },
        baseVersion: 1,
      }),
    ),
  );
  expect(results.filter((r) => r === 'ok')).toHaveLength(1);
  expect(results.filter((r) => r === '49917')).toHaveLength(4);
  const [rows] = await db
    .select({ n })
    .from(agreements)
    .where(and(eq(agreements.shopId, shop.shopId), eq(agreements.type, 'registrationProtocol')));
  expect(rows!.n).toBe(2);
  // Version 1 of every type was installed once.
  const [all] = await db.select({ n }).from(agreements).where(eq(agreements.shopId, shop.shopId));
  expect(all!.n).toBe(AGREEMENT_TYPES.length + 1);
});

it('five 发布 without a version to start from are numbered one after another', async () => {
  const shop = await givenShop(db);
  const manager = await givenMember(db, shop.shopId, { role: 4 });
  const results = await settled(
    Array.from({ length: 5 }, (_, i) =>
      publishAgreement(db, {
        shopId: shop.shopId,
        userId: manager.id,
        type: 'userPrivacyPolicy',
        draft: { title: '隐私政策', effectiveDate: TODAY, text: text(i) },
      }),
    ),
  );
  expect(results).toEqual(['ok', 'ok', 'ok', 'ok', 'ok']);
  const versions = await db
    .select({ version: agreements.version })
    .from(agreements)
    .where(and(eq(agreements.shopId, shop.shopId), eq(agreements.type, 'userPrivacyPolicy')))
    .orderBy(agreements.version);
  expect(versions.map((v) => v.version)).toEqual([1, 2, 3, 4, 5, 6]);
});

it('ten 同意 of one version record one acceptance', async () => {
  const shop = await givenShop(db);
  const shopper = await givenMember(db, shop.shopId);
  const page = (await readAgreementPage(db, shop.shopId, 'userPrivacyPolicy'))!;
  const shown = [
    {
      type: 'userPrivacyPolicy' as const,
      version: page.shown.version,
      textHash: page.shown.textHash,
    },
  ];
  const results = await settled(
    Array.from({ length: 10 }, () =>
      acceptAgreements(
        db,
        {
          shopId: shop.shopId,
          userId: shopper.id,
          clientIp: '198.51.100.4',
          userAgent: 'race',
          via: 'prompt',
        },
        shown,
      ),
    ),
  );
  expect(results.every((r) => r === 'ok')).toBe(true);
  const [rows] = await db
    .select({ n })
    .from(agreementAcceptances)
    .where(eq(agreementAcceptances.userId, shopper.id));
  expect(rows!.n).toBe(1);
  const [installed] = await db
    .select({ n })
    .from(agreements)
    .where(eq(agreements.shopId, shop.shopId));
  expect(installed!.n).toBe(AGREEMENT_TYPES.length);
});
