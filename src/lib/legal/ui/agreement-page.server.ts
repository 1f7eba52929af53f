/**
 * The reads of the legal pages, each joining the legal area's read with the shell's view of the
 * signed-in user (what they are still to accept): one agreement's page, the list.
 */
import { z } from 'zod';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { readPageQuery } from '#lib/platform/page-query.ts';
import type { ShopMembership } from '#lib/identity/index.server.ts';
import { agreementPrompts } from '#lib/shell/index.server.ts';
import { listAgreements, readAgreementPage, unsignedAgreements } from '#lib/legal/index.server.ts';
import {
  agreementInfo,
  signedOnItsPage,
  type AgreementPage,
  type AgreementSummary,
  type AgreementType,
  type PendingAgreement,
} from '#lib/legal/index.ts';

export interface Reader {
  shopId: string;
  /** The signed-in user as the page was asked for, else null. */
  viewer: { userId: number; userVersion: number } | null;
  member: ShopMembership | null;
  contentVersion: number;
}

export interface AgreementScreen {
  page: AgreementPage;
  pending: PendingAgreement | null;
  related: { type: AgreementType; title: string } | null;
}

/** The user agreement and the privacy policy are read together (shell §5). */
const RELATED: Partial<Record<AgreementType, AgreementType>> = {
  registrationProtocol: 'userPrivacyPolicy',
  userPrivacyPolicy: 'registrationProtocol',
};

/** One agreement's page, or null for a version the shop never published. */
export async function readAgreementScreen(
  db: DbOrTx,
  reader: Reader,
  type: AgreementType,
  version: number | undefined,
): Promise<AgreementScreen | null> {
  const page = await readAgreementPage(db, reader.shopId, type, { version });
  if (!page) return null;
  const prompts = reader.viewer
    ? await agreementPrompts(db, reader.shopId, reader.viewer, reader.contentVersion, reader.member)
    : [];
  const signable =
    reader.viewer && signedOnItsPage(type) && page.shown.state === 'current'
      ? await unsignedAgreements(db, {
          shopId: reader.shopId,
          userId: reader.viewer.userId,
          types: [type],
        })
      : [];
  const pending =
    [...prompts, ...signable].find((p) => p.type === type && p.version === page.shown.version) ??
    null;
  const other = RELATED[type];
  return {
    page,
    pending,
    related: other ? { type: other, title: agreementInfo(other).name } : null,
  };
}

export interface AgreementListScreen {
  agreements: AgreementSummary[];
  /** Types the user is still to accept, marked on the list. */
  pendingTypes: AgreementType[];
}

export async function readAgreementList(db: DbOrTx, reader: Reader): Promise<AgreementListScreen> {
  const [agreements, prompts] = await Promise.all([
    listAgreements(db, reader.shopId),
    reader.viewer
      ? agreementPrompts(db, reader.shopId, reader.viewer, reader.contentVersion, reader.member)
      : Promise.resolve([]),
  ]);
  return { agreements, pendingTypes: prompts.map((p) => p.type) };
}

/** The page's reader from the request context (a shared rendering has no user in it). */
export function readerOf(locals: App.Locals): Reader {
  const { shell, userVersion, sharedRender, contentVersion } = locals;
  return {
    shopId: shell.shop.shopId,
    viewer:
      shell.user && !sharedRender && userVersion != null
        ? { userId: shell.user.id, userVersion }
        : null,
    member: shell.member,
    contentVersion,
  };
}

/** `?version=`: a version number, else none (the one in force). */
export function versionAsked(params: URLSearchParams): number | undefined {
  return readPageQuery(params, {
    version: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
  }).version;
}

/**
 * The read of a page that shows one agreement type at its own route: the version asked for
 * (`?version=`) or in force, for this reader; a version never published answers 404.
 */
export async function agreementScreenOf(
  astro: { locals: App.Locals; url: URL; response: { status?: number | undefined } },
  type: AgreementType,
): Promise<AgreementScreen | null> {
  const screen = await readAgreementScreen(
    astro.locals.database.db,
    readerOf(astro.locals),
    type,
    versionAsked(astro.url.searchParams),
  );
  if (!screen) astro.response.status = 404;
  return screen;
}
