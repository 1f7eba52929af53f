/**
 * Each shop's agreements (issue #29 item 7): the versions, which one is in force, what a user has
 * accepted and what they are still to accept, the acceptances themselves and the manager's new
 * versions.
 *
 * - A shop starts with the platform's text of every type as its version 1 (texts/). Reads show it
 *   without a row; the first write that needs the row (an acceptance, a publication) installs the
 *   shop's version 1 of every type, so an acceptance always names a stored version.
 * - The version in force is the highest whose effective date (the shop's day, Asia/Shanghai) has
 *   come. Published versions are never edited (the migration's trigger refuses an UPDATE).
 * - Acceptances record the version, the time, the client's address and browser and the hash of
 *   the text shown; an acceptance names the version and hash it was shown, and one that is no
 *   longer in force is refused (the shopper must read the new one).
 * - What is asked again (decision 049): a required type whose version in force is newer than the
 *   newest the user accepted. Accounts that signed in before acceptances were recorded count as
 *   having accepted version 1 of the user agreement and the privacy policy, a keeper who signed the
 *   contract then (shop_members.sign_agreement) version 1 of the keeper agreement.
 */
import { createHash } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { appError } from '#lib/platform/errors.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { LockClass, lockForTransaction } from '#lib/platform/db/locks.server.ts';
import { shopDay } from '#lib/platform/time.ts';
import { shopMembers, shops } from '#lib/platform/db/schema.ts';
import { roleLetter } from '#lib/membership/index.ts';
import { agreementAcceptances, agreements } from './tables.server.ts';
import { formatAgreementText, hashedText, legalDocument, type AgreementBody } from './document.ts';
import { LegalErrors as E } from './errors.ts';
import { checkAgreementDraft, type AgreementDraft } from './rules.ts';
import { PLATFORM_TEXTS } from './texts/index.ts';
import {
  AGREEMENT_TYPES,
  REQUIRED_FOR_EVERYONE,
  agreementInfo,
  type AgreementType,
} from './types.ts';
import type {
  AcceptanceVia,
  AcceptanceView,
  AgreementPage,
  AgreementSummary,
  ManagedAgreement,
  PendingAgreement,
  PublishedVersion,
  VersionState,
  VersionSummary,
} from './views.ts';

/** A version as stored, or the platform's version 1 of a shop that has no row of its type yet. */
interface Version {
  id: number | null;
  type: AgreementType;
  version: number;
  title: string;
  effectiveDate: string;
  body: AgreementBody;
  textHash: string;
  publishedAt: Date;
}

export function textHash(version: {
  title: string;
  effectiveDate: string;
  body: AgreementBody;
}): string {
  return createHash('sha256').update(hashedText(version), 'utf8').digest('hex');
}

/** The platform's text of a type as a shop's version 1, published the day it took effect. */
function platformVersion(type: AgreementType): Version {
  const text = PLATFORM_TEXTS[type];
  const body: AgreementBody = { intro: text.intro, sections: text.sections };
  return {
    id: null,
    type,
    version: 1,
    title: text.title,
    effectiveDate: text.effectiveDate,
    body,
    textHash: textHash({ title: text.title, effectiveDate: text.effectiveDate, body }),
    publishedAt: new Date(`${text.effectiveDate}T00:00:00+08:00`),
  };
}

const versionColumns = {
  id: agreements.id,
  type: agreements.type,
  version: agreements.version,
  title: agreements.title,
  effectiveDate: agreements.effectiveDate,
  body: agreements.body,
  textHash: agreements.textHash,
  publishedAt: agreements.publishedAt,
};

/** The shop's versions of the given types, oldest first per type; version 1 of the platform's where none is stored. */
async function versionsOf(
  db: DbOrTx,
  shopId: string,
  types: readonly AgreementType[],
): Promise<Map<AgreementType, Version[]>> {
  const rows = await db
    .select(versionColumns)
    .from(agreements)
    .where(and(eq(agreements.shopId, shopId), inArray(agreements.type, [...types])))
    .orderBy(asc(agreements.type), asc(agreements.version));
  const byType = new Map<AgreementType, Version[]>();
  for (const type of types) byType.set(type, []);
  for (const row of rows) byType.get(row.type as AgreementType)?.push(row as Version);
  for (const [type, list] of byType) if (list.length === 0) list.push(platformVersion(type));
  return byType;
}

/** The version in force on `today`: the highest that has taken effect (version 1 always has). */
function inForce(versions: readonly Version[], today: string): Version {
  let current = versions[0]!;
  for (const v of versions)
    if (v.effectiveDate <= today && v.version > current.version) current = v;
  return current;
}

function stateOf(v: Version, current: Version): VersionState {
  if (v.version === current.version) return 'current';
  return v.version > current.version ? 'upcoming' : 'past';
}

function summaryOf(v: Version, current: Version): VersionSummary {
  return {
    version: v.version,
    title: v.title,
    effectiveDate: v.effectiveDate,
    publishedDay: shopDay(v.publishedAt),
    state: stateOf(v, current),
  };
}

/** legal-protocol: every type with the version in force and one announced, in the catalogue's order. */
export async function listAgreements(
  db: DbOrTx,
  shopId: string,
  now = new Date(),
): Promise<AgreementSummary[]> {
  const today = shopDay(now);
  const byType = await versionsOf(db, shopId, AGREEMENT_TYPES);
  return AGREEMENT_TYPES.map((type) => {
    const versions = byType.get(type)!;
    const current = inForce(versions, today);
    const next = versions.find((v) => v.version > current.version);
    const info = agreementInfo(type);
    return {
      type,
      name: info.name,
      summary: info.summary,
      group: info.group,
      current: {
        version: current.version,
        title: current.title,
        effectiveDate: current.effectiveDate,
      },
      upcoming: next ? { version: next.version, effectiveDate: next.effectiveDate } : null,
    };
  });
}

/**
 * legal-protocol/{type} and the agreement pages: the version in force, or the one asked for
 * (`version`, an older or announced one), with every version. Null for a version the shop never
 * published.
 */
export async function readAgreementPage(
  db: DbOrTx,
  shopId: string,
  type: AgreementType,
  options: { version?: number | undefined; now?: Date } = {},
): Promise<AgreementPage | null> {
  const today = shopDay(options.now ?? new Date());
  const versions = (await versionsOf(db, shopId, [type])).get(type)!;
  const current = inForce(versions, today);
  const shown =
    options.version === undefined ? current : versions.find((v) => v.version === options.version);
  if (!shown) return null;
  return {
    info: agreementInfo(type),
    shown: {
      version: shown.version,
      title: shown.title,
      effectiveDate: shown.effectiveDate,
      state: stateOf(shown, current),
      textHash: shown.textHash,
      document: legalDocument({ ...shown, publishedDay: shopDay(shown.publishedAt) }),
    },
    currentVersion: current.version,
    history: versions.map((v) => summaryOf(v, current)).reverse(),
  };
}

/**
 * Installs the platform's text as version 1 of every type the shop has no version of. Idempotent
 * (one INSERT … ON CONFLICT DO NOTHING, skipped once every type has a row).
 */
export async function installPlatformTexts(db: DbOrTx, shopId: string): Promise<void> {
  const [present] = await db
    .select({ n: sql<number>`count(distinct ${agreements.type})::int` })
    .from(agreements)
    .where(eq(agreements.shopId, shopId));
  if ((present?.n ?? 0) >= AGREEMENT_TYPES.length) return;
  await db
    .insert(agreements)
    .values(
      AGREEMENT_TYPES.map((type) => {
        const v = platformVersion(type);
        return {
          shopId,
          type,
          version: 1,
          title: v.title,
          effectiveDate: v.effectiveDate,
          body: v.body,
          textHash: v.textHash,
          publishedAt: v.publishedAt,
        };
      }),
    )
    .onConflictDoNothing();
}

export interface Viewer {
  shopId: string;
  userId: number;
  /** A keeper or manager of the shop (role letter D or M): the keeper agreement applies. */
  keeper: boolean;
  /** shop_members.sign_agreement: signed the keeper contract before versions were recorded. */
  signedContract: boolean;
}

/** The newest version the user accepted of each type, in this shop. */
async function acceptedVersions(
  db: DbOrTx,
  shopId: string,
  userId: number,
  types: readonly AgreementType[],
): Promise<Map<string, number>> {
  const rows = await db
    .select({
      type: agreementAcceptances.type,
      version: sql<number>`max(${agreementAcceptances.version})::int`,
    })
    .from(agreementAcceptances)
    .where(
      and(
        eq(agreementAcceptances.userId, userId),
        eq(agreementAcceptances.shopId, shopId),
        inArray(agreementAcceptances.type, [...types]),
      ),
    )
    .groupBy(agreementAcceptances.type);
  return new Map(rows.map((r) => [r.type, r.version]));
}

/**
 * The versions in force the user is still to accept in this shop: the user agreement and the
 * privacy policy for everyone, the keeper agreement for a keeper or manager. The baseline without
 * a recorded acceptance: version 1 of the first two (accepted on the login form before versions
 * were kept), of the keeper agreement version 1 when the contract was signed, else none.
 */
export async function pendingAgreements(
  db: DbOrTx,
  viewer: Viewer,
  now = new Date(),
): Promise<PendingAgreement[]> {
  const types: AgreementType[] = [
    ...(viewer.keeper ? (['shopKeeperProtocol'] as const) : []),
    ...REQUIRED_FOR_EVERYONE,
  ];
  const today = shopDay(now);
  const [byType, accepted] = await Promise.all([
    versionsOf(db, viewer.shopId, types),
    acceptedVersions(db, viewer.shopId, viewer.userId, types),
  ]);
  const pending: PendingAgreement[] = [];
  for (const type of types) {
    const current = inForce(byType.get(type)!, today);
    const baseline =
      accepted.get(type) ?? (type === 'shopKeeperProtocol' ? Number(viewer.signedContract) : 1);
    if (current.version > baseline) {
      pending.push({
        type,
        title: current.title,
        version: current.version,
        effectiveDate: current.effectiveDate,
        textHash: current.textHash,
      });
    }
  }
  return pending;
}

export interface AcceptanceContext {
  shopId: string;
  userId: number;
  clientIp: string | null;
  userAgent: string | null;
  via: AcceptanceVia;
  now?: Date | undefined;
}

/** Browsers send long user agents; what is kept is enough to tell the device. */
const USER_AGENT_MAX = 512;

async function insertAcceptances(
  tx: DbOrTx,
  context: AcceptanceContext,
  versions: readonly { id: number; type: string; version: number; textHash: string }[],
): Promise<void> {
  if (versions.length === 0) return;
  await tx
    .insert(agreementAcceptances)
    .values(
      versions.map((v) => ({
        userId: context.userId,
        shopId: context.shopId,
        agreementId: v.id,
        type: v.type,
        version: v.version,
        textHash: v.textHash,
        acceptedAt: context.now ?? new Date(),
        clientIp: context.clientIp,
        userAgent: context.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
        via: context.via,
      })),
    )
    .onConflictDoNothing();
}

/** The stored versions in force of the given types (installing the platform's texts first). */
async function storedInForce(
  tx: DbOrTx,
  shopId: string,
  types: readonly AgreementType[],
  today: string,
): Promise<Map<AgreementType, Version & { id: number }>> {
  await installPlatformTexts(tx, shopId);
  const byType = await versionsOf(tx, shopId, types);
  const result = new Map<AgreementType, Version & { id: number }>();
  for (const type of types) {
    const current = inForce(byType.get(type)!, today);
    if (current.id === null) throw new Error(`agreement ${type} of shop ${shopId} not installed`);
    result.set(type, current as Version & { id: number });
  }
  return result;
}

/**
 * Of these types, the ones whose version in force the user has not accepted in the shop (a step
 * that asks for its own agreements, such as a payout, checks them so), with the version to sign.
 */
export async function unsignedAgreements(
  db: DbOrTx,
  input: { shopId: string; userId: number; types: readonly AgreementType[]; now?: Date },
): Promise<PendingAgreement[]> {
  const today = shopDay(input.now ?? new Date());
  const [byType, accepted] = await Promise.all([
    versionsOf(db, input.shopId, input.types),
    acceptedVersions(db, input.shopId, input.userId, input.types),
  ]);
  return input.types.flatMap((type) => {
    const current = inForce(byType.get(type)!, today);
    if ((accepted.get(type) ?? 0) >= current.version) return [];
    return [
      {
        type,
        title: current.title,
        version: current.version,
        effectiveDate: current.effectiveDate,
        textHash: current.textHash,
      },
    ];
  });
}

async function shopExists(db: DbOrTx, shopId: string): Promise<boolean> {
  const [row] = await db.select({ id: shops.id }).from(shops).where(eq(shops.id, shopId));
  return row !== undefined;
}

/**
 * Records acceptance of the versions in force of `types`, inside the caller's transaction: the
 * login form's 我已阅读并同意 (the user agreement and the privacy policy whose links it showed) and
 * the keeper contract signed without naming a version. An unknown shop records nothing.
 */
export async function acceptInForce(
  tx: DbOrTx,
  context: AcceptanceContext,
  types: readonly AgreementType[],
): Promise<void> {
  if (!(await shopExists(tx, context.shopId))) return;
  const today = shopDay(context.now ?? new Date());
  const current = await storedInForce(tx, context.shopId, types, today);
  await insertAcceptances(tx, context, [...current.values()]);
}

/** What the login form accepts: the agreements every shopper must have accepted. */
export function acceptOnLogin(tx: DbOrTx, context: Omit<AcceptanceContext, 'via'>): Promise<void> {
  return acceptInForce(tx, { ...context, via: 'login' }, REQUIRED_FOR_EVERYONE);
}

export interface ShownAgreement {
  type: AgreementType;
  version: number;
  textHash: string;
}

/**
 * 同意: the user accepts the versions they were shown (the prompt, the contract dialog, the
 * agreement's page). Each must be the version in force with the hash shown; otherwise nothing is
 * recorded and the answer says the agreement has changed. One transaction; accepting again
 * changes nothing. Answers the user's acceptances of those types.
 */
export async function acceptAgreements(
  db: DbOrTx,
  context: AcceptanceContext,
  shown: readonly ShownAgreement[],
): Promise<AcceptanceView[]> {
  const types = [...new Set(shown.map((s) => s.type))];
  if (!(await shopExists(db, context.shopId))) throw appError(E.AGREEMENT_NOT_FOUND);
  const today = shopDay(context.now ?? new Date());
  await db.transaction(async (tx) => {
    const current = await storedInForce(tx, context.shopId, types, today);
    for (const s of shown) {
      const v = current.get(s.type)!;
      if (v.version !== s.version || v.textHash !== s.textHash)
        throw appError(E.AGREEMENT_OUTDATED);
    }
    await insertAcceptances(tx, context, [...current.values()]);
  });
  return listAcceptances(db, context.shopId, context.userId, types);
}

/** The user's acceptances in the shop, newest first; of some types only when given. */
export async function listAcceptances(
  db: DbOrTx,
  shopId: string,
  userId: number,
  types?: readonly AgreementType[],
): Promise<AcceptanceView[]> {
  const rows = await db
    .select({
      type: agreementAcceptances.type,
      title: agreements.title,
      version: agreementAcceptances.version,
      textHash: agreementAcceptances.textHash,
      acceptedAt: agreementAcceptances.acceptedAt,
      via: agreementAcceptances.via,
    })
    .from(agreementAcceptances)
    .innerJoin(agreements, eq(agreements.id, agreementAcceptances.agreementId))
    .where(
      and(
        eq(agreementAcceptances.userId, userId),
        eq(agreementAcceptances.shopId, shopId),
        ...(types ? [inArray(agreementAcceptances.type, [...types])] : []),
      ),
    )
    .orderBy(desc(agreementAcceptances.acceptedAt), desc(agreementAcceptances.id));
  return rows.map((r) => ({
    type: r.type as AgreementType,
    title: r.title,
    version: r.version,
    textHash: r.textHash,
    acceptedAt: r.acceptedAt.toISOString(),
    via: r.via as AcceptanceVia,
  }));
}

/** The shop's manager (role letter M in it), or the refusal. */
async function requireManager(db: DbOrTx, shopId: string, userId: number): Promise<void> {
  const [member] = await db
    .select({ currentRole: shopMembers.role, distributorDisable: shopMembers.distributorDisable })
    .from(shopMembers)
    .where(and(eq(shopMembers.shopId, shopId), eq(shopMembers.userId, userId)));
  if (!member || roleLetter(member) !== 'M') throw appError(E.AGREEMENT_NOT_MANAGER);
}

/** The manager's page of one type: every version, newest first, and the latest's text. */
export async function readManagedAgreement(
  db: DbOrTx,
  input: { shopId: string; userId: number; type: AgreementType; now?: Date },
): Promise<ManagedAgreement> {
  await requireManager(db, input.shopId, input.userId);
  const today = shopDay(input.now ?? new Date());
  const versions = (await versionsOf(db, input.shopId, [input.type])).get(input.type)!;
  const current = inForce(versions, today);
  const latest = versions[versions.length - 1]!;
  return {
    info: agreementInfo(input.type),
    latest: {
      version: latest.version,
      title: latest.title,
      effectiveDate: latest.effectiveDate,
      text: formatAgreementText(latest.body),
    },
    versions: versions.map((v) => summaryOf(v, current)).reverse(),
    today,
  };
}

/**
 * 发布: a new version of a type, numbered after the latest, by the shop's manager. The draft is
 * checked (rules.ts) against today and the latest version; `baseVersion` is the latest the
 * manager saw: when another has been published since, nothing is published. A text equal to the
 * latest (same hash but for the date) is refused. Under the type's lock, in one transaction.
 */
export async function publishAgreement(
  db: DbOrTx,
  input: {
    shopId: string;
    userId: number;
    type: AgreementType;
    draft: AgreementDraft;
    baseVersion?: number | undefined;
    now?: Date;
  },
): Promise<PublishedVersion> {
  await requireManager(db, input.shopId, input.userId);
  const now = input.now ?? new Date();
  const today = shopDay(now);
  return db.transaction(async (tx) => {
    await lockForTransaction(tx, LockClass.agreements, `${input.shopId}:${input.type}`);
    await installPlatformTexts(tx, input.shopId);
    const versions = (await versionsOf(tx, input.shopId, [input.type])).get(input.type)!;
    const latest = versions[versions.length - 1]!;
    if (input.baseVersion !== undefined && input.baseVersion !== latest.version) {
      throw appError(E.AGREEMENT_VERSION_RACE);
    }
    const check = checkAgreementDraft(input.draft, {
      today,
      latestEffective: latest.effectiveDate,
    });
    if (!check.ok) throw appError(check.error);
    const { title, effectiveDate, body } = check.value;
    const sameText = (v: { title: string; body: AgreementBody }) =>
      v.title === title && formatAgreementText(v.body) === formatAgreementText(body);
    if (sameText(latest)) throw appError(E.AGREEMENT_UNCHANGED);
    const hash = textHash({ title, effectiveDate, body });
    const [row] = await tx
      .insert(agreements)
      .values({
        shopId: input.shopId,
        type: input.type,
        version: latest.version + 1,
        title,
        effectiveDate,
        body,
        textHash: hash,
        publishedBy: input.userId,
        publishedAt: now,
      })
      .returning({ version: agreements.version });
    const current = inForce(
      [...versions, { ...latest, version: row!.version, effectiveDate }],
      today,
    );
    return {
      type: input.type,
      version: row!.version,
      title,
      effectiveDate,
      textHash: hash,
      state: current.version === row!.version ? 'current' : 'upcoming',
    };
  });
}
