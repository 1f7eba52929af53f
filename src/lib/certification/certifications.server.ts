/**
 * A keeper's certification (decision 054): saved as a draft, submitted when complete, verified
 * once however often it is submitted, reviewed by the shop's owner where a document must be
 * looked at, and expired when its document's end date passes.
 *
 * - 个人: verified at once when the keeper's real name has passed the ID two-element check
 *   (identity area) and the ID card is in date.
 * - 个体工商户 and 企业: the credit code's check character and the operator's real name are checked
 *   on saving; the licence is looked at by the owner, who approves or rejects with a reason.
 */
import { createHash } from 'node:crypto';
import { and, asc, eq, lt, ne } from 'drizzle-orm';
import { appError } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { certifications, shops, users } from '#lib/platform/db/schema.ts';
import { serverSecret } from '#lib/platform/secrets.server.ts';
import { shopDay } from '#lib/platform/time.ts';
import { encryptValue, verifiedRealName } from '#lib/identity/index.server.ts';
import { cleanRealName, isRealName, maskName } from '#lib/identity/index.ts';
import { cleanCreditCode, cleanSubjectName, missingParts } from './rules.ts';
import {
  CERTIFICATION_KINDS,
  CERTIFICATION_STATUS_TEXT,
  CertificationStatus,
  type CertificationKind,
} from './status.ts';
import { moveCertification, recordDraftCreated } from './transitions.server.ts';
import { requireConsent } from './consent.server.ts';
import { certificationPhotoUrl, requireOwnPhoto } from './photos.server.ts';

type CertificationRow = typeof certifications.$inferSelect;

/** What the keeper fills in; absent fields keep what was saved. */
export interface CertificationDraft {
  kind: CertificationKind;
  subjectName?: string | undefined;
  creditCode?: string | undefined;
  representative?: string | undefined;
  /** Private photos the keeper uploaded (storeCertificationPhoto). */
  idFrontPhotoId?: number | undefined;
  idBackPhotoId?: number | undefined;
  licencePhotoId?: number | undefined;
  /** YYYY-MM-DD; null for a document without an end. */
  documentValidUntil?: string | null | undefined;
}

/** A certification as the keeper and the owner see it: people's names masked. */
export interface CertificationView {
  id: number;
  kind: CertificationKind;
  kindTitle: string;
  status: CertificationStatus;
  statusText: string;
  subjectName: string | null;
  creditCode: string | null;
  representativeMasked: string | null;
  hasIdImages: boolean;
  hasLicenceImage: boolean;
  /** The uploaded photos, readable by the keeper (and the reviewing owner); null when none. */
  photoUrls: { idFront: string | null; idBack: string | null; licence: string | null };
  documentValidUntil: string | null;
  rejectReason: string | null;
  /** What is still missing before it may be submitted. */
  missing: string[];
}

async function representativeKey(db: DbOrTx): Promise<Buffer> {
  return createHash('sha256')
    .update(await serverSecret(db, 'certification-key'))
    .digest();
}

const PHOTO_FIELDS = [
  ['idFrontPhotoId', 'idFrontImage'],
  ['idBackPhotoId', 'idBackImage'],
  ['licencePhotoId', 'licenceImage'],
] as const;

const EDITABLE = new Set<number>([
  CertificationStatus.Draft,
  CertificationStatus.Rejected,
  CertificationStatus.Expired,
]);

async function findCertification(
  db: DbOrTx,
  shopId: string,
  userId: number,
): Promise<CertificationRow | undefined> {
  const [row] = await db
    .select()
    .from(certifications)
    .where(and(eq(certifications.shopId, shopId), eq(certifications.userId, userId)));
  return row;
}

/** A stored photo reference (a media id) as the URL that shows it. */
const photoUrl = (ref: string | null) =>
  ref && /^\d+$/.test(ref) ? certificationPhotoUrl(Number(ref)) : null;

async function viewOf(db: DbOrTx, row: CertificationRow, now: Date): Promise<CertificationView> {
  const kind = row.kind as CertificationKind;
  const verifiedName = await verifiedRealName(db, row.userId);
  return {
    id: row.id,
    kind,
    kindTitle: CERTIFICATION_KINDS[kind].title,
    status: row.status as CertificationStatus,
    statusText: CERTIFICATION_STATUS_TEXT[row.status as CertificationStatus],
    subjectName: row.subjectName,
    creditCode: row.creditCode,
    representativeMasked: row.representativeMasked,
    hasIdImages: row.idFrontImage !== null && row.idBackImage !== null,
    hasLicenceImage: row.licenceImage !== null,
    photoUrls: {
      idFront: photoUrl(row.idFrontImage),
      idBack: photoUrl(row.idBackImage),
      licence: photoUrl(row.licenceImage),
    },
    documentValidUntil: row.documentValidUntil,
    rejectReason: row.rejectReason,
    missing: missingParts(
      {
        kind,
        realNameVerified: verifiedName !== null,
        subjectName: row.subjectName,
        creditCode: row.creditCode,
        representative: row.representativeCipher !== null,
        idFrontImage: row.idFrontImage,
        idBackImage: row.idBackImage,
        licenceImage: row.licenceImage,
        documentValidUntil: row.documentValidUntil,
      },
      shopDay(now),
    ),
  };
}

/** The keeper's certification in the shop, or null before they start one. */
export async function readCertification(
  db: DbOrTx,
  input: { shopId: string; userId: number; now?: Date },
): Promise<CertificationView | null> {
  const row = await findCertification(db, input.shopId, input.userId);
  return row ? viewOf(db, row, input.now ?? new Date()) : null;
}

/**
 * Saves what the keeper filled in as their draft: a new one, the draft again, or a rejected or
 * expired certification taken back to a draft to be corrected. Refused while it is being
 * verified or once verified.
 */
export async function saveCertificationDraft(
  db: DbOrTx,
  input: { shopId: string; userId: number; draft: CertificationDraft; now?: Date },
): Promise<CertificationView> {
  const now = input.now ?? new Date();
  const { draft } = input;
  const set: Partial<CertificationRow> = { kind: draft.kind };
  if (draft.subjectName !== undefined) {
    const name = cleanSubjectName(draft.subjectName);
    if (!name) throw appError(Errors.SUBJECT_NAME_INVALID);
    set.subjectName = name;
  }
  if (draft.creditCode !== undefined) {
    const code = cleanCreditCode(draft.creditCode);
    if (!code) throw appError(Errors.CREDIT_CODE_INVALID);
    set.creditCode = code;
  }
  if (draft.representative !== undefined) {
    const name = cleanRealName(draft.representative);
    if (!isRealName(name)) throw appError(Errors.REPRESENTATIVE_INVALID);
    set.representativeMasked = maskName(name);
    set.representativeCipher = encryptValue(await representativeKey(db), name);
  }
  if (draft.documentValidUntil !== undefined) {
    if (draft.documentValidUntil !== null && draft.documentValidUntil < shopDay(now))
      throw appError(Errors.DOCUMENT_EXPIRED);
    set.documentValidUntil = draft.documentValidUntil;
  }
  // Nothing of the keeper's is kept before their separate consent; only their own photos.
  await requireConsent(db, { shopId: input.shopId, userId: input.userId, now });
  for (const [field, column] of PHOTO_FIELDS) {
    const photoId = draft[field];
    if (photoId === undefined) continue;
    await requireOwnPhoto(db, input.userId, photoId);
    set[column] = String(photoId);
  }
  const saved = await db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(certifications)
      .where(and(eq(certifications.shopId, input.shopId), eq(certifications.userId, input.userId)))
      .for('update');
    if (!existing) {
      const [created] = await tx
        .insert(certifications)
        .values({ ...set, kind: draft.kind, shopId: input.shopId, userId: input.userId })
        .returning();
      await recordDraftCreated(tx, {
        certificationId: created!.id,
        status: CertificationStatus.Draft,
        now,
      });
      return created!;
    }
    if (!EDITABLE.has(existing.status)) throw appError(Errors.CERTIFICATION_LOCKED);
    if (existing.status === CertificationStatus.Draft) {
      const [updated] = await tx
        .update(certifications)
        .set({ ...set, updatedAt: now })
        .where(eq(certifications.id, existing.id))
        .returning();
      return updated!;
    }
    const moved = await moveCertification(tx, {
      certificationId: existing.id,
      to: CertificationStatus.Draft,
      actor: 'keeper',
      note: '重新填写',
      set: { ...set, rejectReason: null },
      now,
    });
    if (!moved) throw appError(Errors.CERTIFICATION_LOCKED);
    return moved;
  });
  return viewOf(db, saved, now);
}

/**
 * Submits the keeper's draft once complete. A person's is then verified at once; a business's
 * waits for the owner. Submitting again while it is verified or verifying changes nothing.
 */
export async function submitCertification(
  db: DbOrTx,
  input: { shopId: string; userId: number; now?: Date },
): Promise<CertificationView> {
  const now = input.now ?? new Date();
  const row = await findCertification(db, input.shopId, input.userId);
  if (!row) throw appError(Errors.CERTIFICATION_NOT_FOUND);
  if (row.status === CertificationStatus.Draft) {
    const view = await viewOf(db, row, now);
    if (view.missing.length > 0) {
      throw appError({
        ...Errors.CERTIFICATION_INCOMPLETE,
        message: `${Errors.CERTIFICATION_INCOMPLETE.message}：请补充${view.missing.join('、')}`,
      });
    }
    await db.transaction((tx) =>
      moveCertification(tx, {
        certificationId: row.id,
        to: CertificationStatus.Submitted,
        actor: 'keeper',
        set: { submittedAt: now },
        now,
      }),
    );
  }
  if (row.kind === 'individual') await verifyPerson(db, row.id, row.userId, now);
  return (await readCertification(db, { ...input, now }))!;
}

/**
 * Verifies a person's submitted certification: taken by one caller (Submitted → Verifying), then
 * verified when their real name has passed the ID check, or rejected with the reason.
 */
async function verifyPerson(db: DbOrTx, id: number, userId: number, now: Date): Promise<void> {
  const taken = await db.transaction((tx) =>
    moveCertification(tx, {
      certificationId: id,
      to: CertificationStatus.Verifying,
      actor: 'check',
      now,
    }),
  );
  if (!taken) return;
  const verified = (await verifiedRealName(db, userId)) !== null;
  await db.transaction((tx) =>
    moveCertification(tx, {
      certificationId: id,
      to: verified ? CertificationStatus.Verified : CertificationStatus.Rejected,
      actor: 'check',
      note: verified ? '身份信息核验通过' : '实名信息未通过核验',
      set: verified ? { verifiedAt: now } : { rejectReason: '实名信息未通过核验，请重新实名认证' },
      now,
    }),
  );
}

/**
 * The owner's review of a business's or company's documents: approved, or rejected with the
 * reason the keeper reads. Only a submitted certification of the owner's shop.
 */
export async function reviewCertification(
  db: DbOrTx,
  input: {
    shopId: string;
    ownerId: number;
    certificationId: number;
    approve: boolean;
    reason?: string;
    now?: Date;
  },
): Promise<CertificationView> {
  const now = input.now ?? new Date();
  const [shop] = await db
    .select({ ownerId: shops.ownerUserId })
    .from(shops)
    .where(eq(shops.id, input.shopId));
  if (!shop || shop.ownerId !== input.ownerId) throw appError(Errors.NOT_REVIEWABLE);
  const reason = input.reason?.trim() ?? '';
  if (!input.approve && reason === '') throw appError(Errors.CERTIFICATION_REASON_REQUIRED);
  const moved = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: certifications.id, kind: certifications.kind })
      .from(certifications)
      .where(
        and(eq(certifications.id, input.certificationId), eq(certifications.shopId, input.shopId)),
      );
    if (!row || row.kind === 'individual') return undefined;
    const taken = await moveCertification(tx, {
      certificationId: row.id,
      to: CertificationStatus.Verifying,
      actor: 'owner',
      now,
    });
    if (!taken) return undefined;
    return moveCertification(tx, {
      certificationId: row.id,
      to: input.approve ? CertificationStatus.Verified : CertificationStatus.Rejected,
      actor: 'owner',
      note: input.approve ? '资料审核通过' : reason,
      set: input.approve ? { verifiedAt: now } : { rejectReason: reason },
      now,
    });
  });
  if (!moved) throw appError(Errors.NOT_REVIEWABLE);
  return viewOf(db, moved, now);
}

/** Verified certifications whose document ended before `now`'s shop day: expired. The count. */
export async function expireCertifications(db: DbOrTx, now = new Date()): Promise<number> {
  const due = await db
    .select({ id: certifications.id })
    .from(certifications)
    .where(
      and(
        eq(certifications.status, CertificationStatus.Verified),
        lt(certifications.documentValidUntil, shopDay(now)),
      ),
    );
  let expired = 0;
  for (const { id } of due) {
    const moved = await db.transaction((tx) =>
      moveCertification(tx, {
        certificationId: id,
        to: CertificationStatus.Expired,
        actor: 'timer',
        note: '证件已过有效期',
        now,
      }),
    );
    if (moved) expired += 1;
  }
  return expired;
}

/** Whether the keeper may be paid in the shop: their certification is verified. */
export async function isCertified(db: DbOrTx, shopId: string, userId: number): Promise<boolean> {
  const row = await findCertification(db, shopId, userId);
  return row?.status === CertificationStatus.Verified;
}

/** A certification waiting for the owner, with who sent it (the keeper's nickname). */
export interface ReviewItem extends CertificationView {
  keeperName: string;
  submittedAt: string | null;
}

/** The owner's queue: the shop's businesses and companies submitted for review, oldest first. */
export async function listCertificationsForReview(
  db: DbOrTx,
  input: { shopId: string; ownerId: number; now?: Date },
): Promise<ReviewItem[] | null> {
  const [shop] = await db
    .select({ ownerId: shops.ownerUserId })
    .from(shops)
    .where(eq(shops.id, input.shopId));
  if (!shop || shop.ownerId !== input.ownerId) return null;
  const rows = await db
    .select({ row: certifications, nickname: users.nickname })
    .from(certifications)
    .innerJoin(users, eq(users.id, certifications.userId))
    .where(
      and(
        eq(certifications.shopId, input.shopId),
        eq(certifications.status, CertificationStatus.Submitted),
        ne(certifications.kind, 'individual'),
      ),
    )
    .orderBy(asc(certifications.submittedAt));
  const now = input.now ?? new Date();
  return Promise.all(
    rows.map(async ({ row, nickname }) => ({
      ...(await viewOf(db, row, now)),
      keeperName: nickname || '店主',
      submittedAt: row.submittedAt?.toISOString() ?? null,
    })),
  );
}
