/**
 * Certifications under concurrency on a real PostgreSQL server: ten submissions of one keeper's
 * complete draft at the same moment make one verification (one Submitted → Verifying move, one
 * Verified); two owners' decisions on one business's documents at once, one approval and one
 * rejection, leave exactly one of them recorded; five payouts of one person at once each count the
 * ones before them, so the tax withheld in all is the tax on the total.
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bootDatabase } from '#lib/platform/boot.server.ts';
import type { Database, Db } from '#lib/platform/db/client.server.ts';
import { certificationEvents, certifications } from '#lib/platform/db/schema.ts';
import { saveRealName } from '#lib/identity/index.server.ts';
import {
  isCertified,
  reviewCertification,
  saveCertificationDraft,
  submitCertification,
  withholdLabourTax,
} from '#lib/certification/index.server.ts';
import { CertificationStatus } from '#lib/certification/index.ts';
import { TEST_DATABASE_URL, postgresDatabase } from '../fixtures/db.ts';
import { givenMember, givenShop } from '../fixtures/given.ts';
import { givenCertificationPhotos } from '../fixtures/certified.ts';

let database: Database;
let db: Db;

beforeAll(async () => {
  await (await postgresDatabase()).close();
  database = await bootDatabase({ url: TEST_DATABASE_URL }, { seed: false });
  db = database.db;
});
afterAll(() => database.close());

async function moves(userId: number) {
  const [row] = await db
    .select({ id: certifications.id })
    .from(certifications)
    .where(eq(certifications.userId, userId));
  const events = await db
    .select({ to: certificationEvents.toStatus, actor: certificationEvents.actor })
    .from(certificationEvents)
    .where(eq(certificationEvents.certificationId, row!.id))
    .orderBy(asc(certificationEvents.id));
  return events;
}

it('ten submissions at once make one verification', async () => {
  const shop = await givenShop(db);
  const { id: userId } = await givenMember(db, shop.shopId, { role: 3 });
  await saveRealName(db, userId, { name: '王小明', idNumber: '330106199001011248' });
  const { idFrontPhotoId, idBackPhotoId } = await givenCertificationPhotos(db, shop.shopId, userId);
  await saveCertificationDraft(db, {
    shopId: shop.shopId,
    userId,
    draft: { kind: 'individual', idFrontPhotoId, idBackPhotoId },
  });
  const answers = await Promise.allSettled(
    Array.from({ length: 10 }, () => submitCertification(db, { shopId: shop.shopId, userId })),
  );
  expect(answers.filter((a) => a.status === 'rejected')).toEqual([]);
  expect((await moves(userId)).map((e) => e.to)).toEqual([
    CertificationStatus.Draft,
    CertificationStatus.Submitted,
    CertificationStatus.Verifying,
    CertificationStatus.Verified,
  ]);
  expect(await isCertified(db, shop.shopId, userId)).toBe(true);
});

it('an approval and a rejection of the same documents at once: one decision stands', async () => {
  const shop = await givenShop(db);
  const { id: userId } = await givenMember(db, shop.shopId, { role: 3 });
  await saveRealName(db, userId, { name: '钱七', idNumber: '330106199001011248' });
  const photos = await givenCertificationPhotos(db, shop.shopId, userId);
  const draft = await saveCertificationDraft(db, {
    shopId: shop.shopId,
    userId,
    draft: {
      kind: 'business',
      ...photos,
      subjectName: '杭州小鹿服装店',
      creditCode: '91350100M000100Y43',
      representative: '钱七',
    },
  });
  await submitCertification(db, { shopId: shop.shopId, userId });
  const decide = (approve: boolean) =>
    reviewCertification(db, {
      shopId: shop.shopId,
      ownerId: shop.ownerId,
      certificationId: draft.id,
      approve,
      reason: '营业执照照片不清晰',
    });
  const results = await Promise.allSettled([decide(true), decide(false)]);
  expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
  expect((refused.reason as { code: number }).code).toBe(44108);
  const decided = (await moves(userId)).filter((e) => e.actor === 'owner').map((e) => e.to);
  expect(decided).toHaveLength(2);
  expect(decided[0]).toBe(CertificationStatus.Verifying);
  expect([CertificationStatus.Verified, CertificationStatus.Rejected]).toContain(decided[1]);
});

it('five payouts of one person at once: each counts the others, the total tax is the tax on the total', async () => {
  const shop = await givenShop(db);
  const { id: userId } = await givenMember(db, shop.shopId, { role: 3 });
  await saveRealName(db, userId, { name: '孙八', idNumber: '110101199003074338' });
  const now = new Date('2026-03-10T04:00:00Z');
  const results = await Promise.all(
    Array.from({ length: 5 }, (_, i) =>
      db.transaction((tx) =>
        withholdLabourTax(tx, {
          withdrawalNo: `WDRACE${userId}-${i}`,
          shopId: shop.shopId,
          userId,
          incomeCents: 1_900_000,
          now,
        }),
      ),
    ),
  );
  // ¥95,000 in one month: ¥95,000 − ¥19,000 − ¥5,000 = ¥71,000 × 10 % − ¥2,520 = ¥4,580.
  expect(results.reduce((sum, r) => sum + r.taxCents, 0)).toBe(458_000);
  expect(results.map((r) => r.incomeToDateCents).sort((a, b) => a - b)).toEqual([
    1_900_000, 3_800_000, 5_700_000, 7_600_000, 9_500_000,
  ]);
});
