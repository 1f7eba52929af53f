/** Certifications on PGlite with the real migrations: drafts, submission, checks, review, expiry. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#lib/platform/db/client.server.ts';
import { certificationEvents, certifications } from '#lib/platform/db/schema.ts';
import { saveRealName } from '#lib/identity/index.server.ts';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import { givenMember, givenShop, type GivenShop } from '#tests/fixtures/given.ts';
import { cardPicture, givenCertificationPhotos } from '#tests/fixtures/certified.ts';
import {
  expireCertifications,
  isCertified,
  readCertification,
  reviewCertification,
  saveCertificationDraft,
  submitCertification,
} from './certifications.server.ts';
import { readCertificationPhoto, storeCertificationPhoto } from './photos.server.ts';
import { CertificationStatus } from './status.ts';

let database: Database;
let shop: GivenShop;
beforeAll(async () => {
  database = await memoryDatabase({ seed: false });
  shop = await givenShop(database.db);
});
afterAll(() => database.close());

const NOW = new Date('2026-06-01T04:00:00Z');
const ID = '330106199001011248';
/** A credit code with its right check character (GB 32100-2015), and one with a wrong one. */
const CREDIT_CODE = '91350100M000100Y43';
const WRONG_CREDIT_CODE = '91350100M000100Y44';

/** A keeper of the shop who has given the separate consent and uploaded the photos (`photos`). */
async function keeper() {
  const { id } = await givenMember(database.db, shop.shopId, { role: 3 });
  const uploaded = await givenCertificationPhotos(database.db, shop.shopId, id, NOW);
  photos = { idFrontPhotoId: uploaded.idFrontPhotoId, idBackPhotoId: uploaded.idBackPhotoId };
  licencePhotoId = uploaded.licencePhotoId;
  return id;
}

async function refusal(promise: Promise<unknown>) {
  const error = (await promise.then(
    () => null,
    (e: unknown) => e,
  )) as { code: number; message: string } | null;
  expect(error, 'expected a refusal').not.toBeNull();
  return { code: error!.code, message: error!.message };
}

let photos: { idFrontPhotoId: number; idBackPhotoId: number };
let licencePhotoId: number;

async function statuses(userId: number) {
  const [row] = await database.db
    .select({ id: certifications.id })
    .from(certifications)
    .where(eq(certifications.userId, userId));
  const events = await database.db
    .select({ from: certificationEvents.fromStatus, to: certificationEvents.toStatus })
    .from(certificationEvents)
    .where(eq(certificationEvents.certificationId, row!.id))
    .orderBy(certificationEvents.id);
  return events.map((e) => e.to);
}

describe('a person (个人认证)', () => {
  it('says what is missing, refuses to submit until it is complete, then is verified at once', async () => {
    const userId = await keeper();
    const draft = await saveCertificationDraft(database.db, {
      shopId: shop.shopId,
      userId,
      draft: { kind: 'individual' },
      now: NOW,
    });
    expect(draft).toMatchObject({ status: CertificationStatus.Draft, statusText: '待提交' });
    expect(draft.missing).toEqual(['实名认证', '身份证正反面照片']);
    expect(
      await refusal(submitCertification(database.db, { shopId: shop.shopId, userId, now: NOW })),
    ).toEqual({ code: 44102, message: '认证资料不完整：请补充实名认证、身份证正反面照片' });

    await saveRealName(database.db, userId, { name: '王小明', idNumber: ID });
    await saveCertificationDraft(database.db, {
      shopId: shop.shopId,
      userId,
      draft: { kind: 'individual', ...photos, documentValidUntil: '2036-05-31' },
      now: NOW,
    });
    const submitted = await submitCertification(database.db, {
      shopId: shop.shopId,
      userId,
      now: NOW,
    });
    expect(submitted).toMatchObject({ status: CertificationStatus.Verified, statusText: '已认证' });
    expect(await isCertified(database.db, shop.shopId, userId)).toBe(true);
    expect(await statuses(userId)).toEqual([
      CertificationStatus.Draft,
      CertificationStatus.Submitted,
      CertificationStatus.Verifying,
      CertificationStatus.Verified,
    ]);
    // Verified: nothing may be changed any more.
    expect(
      await refusal(
        saveCertificationDraft(database.db, {
          shopId: shop.shopId,
          userId,
          draft: { kind: 'individual', ...photos },
          now: NOW,
        }),
      ),
    ).toEqual({ code: 44101, message: '认证审核中或已通过，资料不能修改' });
  });

  it('ten submissions at once make one verification', async () => {
    const userId = await keeper();
    await saveRealName(database.db, userId, { name: '李四', idNumber: ID });
    await saveCertificationDraft(database.db, {
      shopId: shop.shopId,
      userId,
      draft: { kind: 'individual', ...photos },
      now: NOW,
    });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        submitCertification(database.db, { shopId: shop.shopId, userId, now: NOW }),
      ),
    );
    // Each submitter reads 审核中 or 已认证; one check ran, and it is verified.
    for (const answer of answers)
      expect([CertificationStatus.Verifying, CertificationStatus.Verified]).toContain(
        answer.status,
      );
    expect(await isCertified(database.db, shop.shopId, userId)).toBe(true);
    expect(await statuses(userId)).toEqual([
      CertificationStatus.Draft,
      CertificationStatus.Submitted,
      CertificationStatus.Verifying,
      CertificationStatus.Verified,
    ]);
  });

  it('expires the day after its ID card ends, and is paid no more until renewed', async () => {
    const userId = await keeper();
    await saveRealName(database.db, userId, { name: '赵六', idNumber: ID });
    await saveCertificationDraft(database.db, {
      shopId: shop.shopId,
      userId,
      draft: { kind: 'individual', ...photos, documentValidUntil: '2026-06-30' },
      now: NOW,
    });
    await submitCertification(database.db, { shopId: shop.shopId, userId, now: NOW });
    expect(await expireCertifications(database.db, new Date('2026-06-30T15:00:00Z'))).toBe(0);
    expect(await expireCertifications(database.db, new Date('2026-06-30T16:00:00Z'))).toBe(1);
    expect(await isCertified(database.db, shop.shopId, userId)).toBe(false);
    const view = await readCertification(database.db, { shopId: shop.shopId, userId, now: NOW });
    expect(view).toMatchObject({ status: CertificationStatus.Expired, statusText: '已过期' });
    // A date already past is refused; a new card's date takes it back to a draft.
    expect(
      await refusal(
        saveCertificationDraft(database.db, {
          shopId: shop.shopId,
          userId,
          draft: { kind: 'individual', documentValidUntil: '2026-06-30' },
          now: new Date('2026-07-02T04:00:00Z'),
        }),
      ),
    ).toEqual({ code: 44107, message: '证件已过有效期' });
    const renewed = await saveCertificationDraft(database.db, {
      shopId: shop.shopId,
      userId,
      draft: { kind: 'individual', documentValidUntil: '2046-06-30' },
      now: new Date('2026-07-02T04:00:00Z'),
    });
    expect(renewed.status).toBe(CertificationStatus.Draft);
  });
});

describe('a business (个体工商户) or company (企业)', () => {
  it('checks the credit code and the representative, keeps the name encrypted and masked', async () => {
    const userId = await keeper();
    const save = (draft: Record<string, string>) =>
      saveCertificationDraft(database.db, {
        shopId: shop.shopId,
        userId,
        draft: { kind: 'business', ...draft },
        now: NOW,
      });
    expect(await refusal(save({ creditCode: WRONG_CREDIT_CODE }))).toEqual({
      code: 44104,
      message: '统一社会信用代码有误，请核对',
    });
    expect(await refusal(save({ representative: 'Bob' }))).toEqual({
      code: 44106,
      message: '请填写经营者或法定代表人的真实姓名',
    });
    expect(await refusal(save({ subjectName: ' ' }))).toMatchObject({ code: 44105 });
    const view = await save({
      creditCode: CREDIT_CODE.toLowerCase(),
      representative: '欧阳娜娜',
      subjectName: '杭州小鹿服装店',
    });
    expect(view).toMatchObject({
      creditCode: CREDIT_CODE,
      representativeMasked: '欧**娜',
      subjectName: '杭州小鹿服装店',
    });
    const [row] = await database.db
      .select()
      .from(certifications)
      .where(eq(certifications.userId, userId));
    expect(JSON.stringify(row)).not.toContain('欧阳娜娜');
    expect(view.missing).toEqual(['实名认证', '身份证正反面照片', '营业执照照片']);
  });

  it('waits for the owner, who rejects with a reason; corrected, resubmitted and approved', async () => {
    const userId = await keeper();
    await saveRealName(database.db, userId, { name: '钱七', idNumber: ID });
    await saveCertificationDraft(database.db, {
      shopId: shop.shopId,
      userId,
      draft: {
        kind: 'enterprise',
        ...photos,
        licencePhotoId,
        subjectName: '杭州小鹿贸易有限公司',
        creditCode: CREDIT_CODE,
        representative: '钱七',
      },
      now: NOW,
    });
    const waiting = await submitCertification(database.db, {
      shopId: shop.shopId,
      userId,
      now: NOW,
    });
    expect(waiting).toMatchObject({ status: CertificationStatus.Submitted, statusText: '审核中' });
    expect(await isCertified(database.db, shop.shopId, userId)).toBe(false);

    const review = (approve: boolean, reason?: string, ownerId = shop.ownerId) =>
      reviewCertification(database.db, {
        shopId: shop.shopId,
        ownerId,
        certificationId: waiting.id,
        approve,
        ...(reason !== undefined && { reason }),
        now: NOW,
      });
    expect(await refusal(review(false, ' '))).toEqual({
      code: 44109,
      message: '请填写未通过的原因',
    });
    expect(await refusal(review(true, undefined, userId))).toMatchObject({ code: 44108 });
    const rejected = await review(false, '营业执照照片不清晰');
    expect(rejected).toMatchObject({
      status: CertificationStatus.Rejected,
      statusText: '未通过',
      rejectReason: '营业执照照片不清晰',
    });
    // Reviewed once: a second decision on the same submission is refused.
    expect(await refusal(review(true))).toMatchObject({ code: 44108 });

    await saveCertificationDraft(database.db, {
      shopId: shop.shopId,
      userId,
      draft: { kind: 'enterprise', licencePhotoId },
      now: NOW,
    });
    await submitCertification(database.db, { shopId: shop.shopId, userId, now: NOW });
    const approved = await review(true);
    expect(approved).toMatchObject({ status: CertificationStatus.Verified, rejectReason: null });
    expect(await isCertified(database.db, shop.shopId, userId)).toBe(true);
  });
});

describe('what is collected, and whose', () => {
  it('collects nothing before the separate consent (44115): no draft, no photo', async () => {
    const { id: userId } = await givenMember(database.db, shop.shopId, { role: 3 });
    const consent = { code: 44115, message: '请先阅读并同意《个人信息单独同意书》' };
    expect(
      await refusal(
        saveCertificationDraft(database.db, {
          shopId: shop.shopId,
          userId,
          draft: { kind: 'individual' },
          now: NOW,
        }),
      ),
    ).toEqual(consent);
    expect(
      await refusal(
        storeCertificationPhoto(database.db, {
          shopId: shop.shopId,
          userId,
          upload: new Uint8Array(await cardPicture()),
          now: NOW,
        }),
      ),
    ).toEqual(consent);
    const rows = await database.db
      .select()
      .from(certifications)
      .where(eq(certifications.userId, userId));
    expect(rows).toEqual([]);
  });

  it('takes only the keeper’s own photos (44116), and shows them to the keeper and the owner only', async () => {
    const someone = await keeper();
    const theirs = photos;
    const userId = await keeper();
    expect(
      await refusal(
        saveCertificationDraft(database.db, {
          shopId: shop.shopId,
          userId,
          draft: { kind: 'individual', idFrontPhotoId: theirs.idFrontPhotoId },
          now: NOW,
        }),
      ),
    ).toEqual({ code: 44116, message: '照片不存在，请重新上传' });
    const view = await saveCertificationDraft(database.db, {
      shopId: shop.shopId,
      userId,
      draft: { kind: 'individual', ...photos },
      now: NOW,
    });
    expect(view.photoUrls.idFront).toBe(
      `/api/member/xdwxh5/certification/photo/${photos.idFrontPhotoId}`,
    );
    const seen = (viewer: number) =>
      readCertificationPhoto(database.db, viewer, photos.idFrontPhotoId).then((p) => p !== null);
    expect(await seen(userId)).toBe(true);
    expect(await seen(shop.ownerId)).toBe(true);
    expect(await seen(someone)).toBe(false);
  });
});
