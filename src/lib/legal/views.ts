/** What the legal pages and calls show: the read models of agreements, acceptances, the licence. */
import type { LegalDocument } from './document.ts';
import type { LicenceFacts } from './licence.ts';
import type { AgreementGroup, AgreementType, AgreementTypeInfo } from './types.ts';

/** Where a version stands on a day: in force, replaced, or announced for a later day. */
export type VersionState = 'current' | 'past' | 'upcoming';

export const VERSION_STATE_TEXT: Record<VersionState, string> = {
  current: '现行版本',
  past: '历史版本',
  upcoming: '即将生效',
};

export interface VersionSummary {
  version: number;
  title: string;
  effectiveDate: string;
  /** The shop's day it was published. */
  publishedDay: string;
  state: VersionState;
}

export interface AgreementSummary {
  type: AgreementType;
  name: string;
  summary: string;
  group: AgreementGroup;
  current: { version: number; title: string; effectiveDate: string };
  /** A version published to take effect later, announced on the list. */
  upcoming: { version: number; effectiveDate: string } | null;
}

export interface ShownVersion {
  version: number;
  title: string;
  effectiveDate: string;
  state: VersionState;
  textHash: string;
  document: LegalDocument;
}

export interface AgreementPage {
  info: AgreementTypeInfo;
  shown: ShownVersion;
  /** The version in force. */
  currentVersion: number;
  /** Every version, newest first. */
  history: VersionSummary[];
}

/** A version a signed-in user is asked to accept. */
export interface PendingAgreement {
  type: AgreementType;
  title: string;
  version: number;
  effectiveDate: string;
  textHash: string;
}

export type AcceptanceVia = 'login' | 'prompt' | 'contract' | 'page';

export interface AcceptanceView {
  type: AgreementType;
  title: string;
  version: number;
  textHash: string;
  /** ISO time. */
  acceptedAt: string;
  via: AcceptanceVia;
}

/** The manager's page of one type: every version, and the latest's text to start from. */
export interface ManagedAgreement {
  info: AgreementTypeInfo;
  latest: { version: number; title: string; effectiveDate: string; text: string };
  versions: VersionSummary[];
  /** The shop's day today: the earliest effective date. */
  today: string;
}

export interface PublishedVersion {
  type: AgreementType;
  version: number;
  title: string;
  effectiveDate: string;
  textHash: string;
  state: VersionState;
}

export interface LicenceView {
  facts: LicenceFacts;
  /** /media/{id}, or null before the owner uploads it. */
  pictureUrl: string | null;
  /** ISO time of the last change. */
  updatedAt: string;
}
