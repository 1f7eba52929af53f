/**
 * The rules a new version must meet before it is published (the manager's 发布, checked in the
 * form first and again on the server): a title, an effective date from today to a year ahead and
 * never before the version it follows, a text of real sections. Isomorphic: no I/O.
 */
import type { ErrorEntry } from '#lib/platform/errors.ts';
import { LegalErrors as E } from './errors.ts';
import { bodyLength, charCount, parseAgreementText, type AgreementBody } from './document.ts';

export const TITLE_MAX = 40;
export const HEADING_MAX = 40;
export const PARAGRAPH_MAX = 2000;
export const TEXT_MIN = 50;
export const TEXT_MAX = 30_000;
/** How far ahead an effective date may be: an announced change, not a plan. */
export const EFFECTIVE_MAX_DAYS = 366;

export type DraftField = 'title' | 'effectiveDate' | 'text';

export interface AgreementDraft {
  title: string;
  /** YYYY-MM-DD, the shop's calendar day (Asia/Shanghai). */
  effectiveDate: string;
  text: string;
}

export interface CheckedDraft {
  title: string;
  effectiveDate: string;
  body: AgreementBody;
}

export type DraftCheck =
  { ok: true; value: CheckedDraft } | { ok: false; field: DraftField; error: ErrorEntry };

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `day` is a real calendar day written YYYY-MM-DD. */
export function isCalendarDay(day: string): boolean {
  const match = DAY.exec(day);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** The day `days` after `day` (both YYYY-MM-DD). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * Checks a draft against today (the shop's day) and the effective date of the latest version
 * (null for the first). The text is read as parseAgreementText reads it.
 */
export function checkAgreementDraft(
  draft: AgreementDraft,
  context: { today: string; latestEffective: string | null },
): DraftCheck {
  const refuse = (field: DraftField, error: ErrorEntry): DraftCheck => ({
    ok: false,
    field,
    error,
  });
  const title = draft.title.trim();
  if (!title) return refuse('title', E.AGREEMENT_TITLE_EMPTY);
  if (charCount(title) > TITLE_MAX) return refuse('title', E.AGREEMENT_TITLE_TOO_LONG);

  const effectiveDate = draft.effectiveDate.trim();
  if (!isCalendarDay(effectiveDate)) return refuse('effectiveDate', E.AGREEMENT_DATE_INVALID);
  if (effectiveDate < context.today) return refuse('effectiveDate', E.AGREEMENT_DATE_PAST);
  if (effectiveDate > addDays(context.today, EFFECTIVE_MAX_DAYS)) {
    return refuse('effectiveDate', E.AGREEMENT_DATE_TOO_FAR);
  }
  if (context.latestEffective !== null && effectiveDate < context.latestEffective) {
    return refuse('effectiveDate', E.AGREEMENT_DATE_BEFORE_LATEST);
  }

  const body = parseAgreementText(draft.text);
  const length = bodyLength(body);
  if (length < TEXT_MIN) return refuse('text', E.AGREEMENT_TEXT_TOO_SHORT);
  if (length > TEXT_MAX) return refuse('text', E.AGREEMENT_TEXT_TOO_LONG);
  if (body.sections.length === 0) return refuse('text', E.AGREEMENT_NO_SECTION);
  for (const section of body.sections) {
    if (!section.heading) return refuse('text', E.AGREEMENT_HEADING_EMPTY);
    if (charCount(section.heading) > HEADING_MAX)
      return refuse('text', E.AGREEMENT_HEADING_TOO_LONG);
    if (section.paragraphs.length === 0) return refuse('text', E.AGREEMENT_SECTION_EMPTY);
  }
  for (const paragraph of [...body.intro, ...body.sections.flatMap((s) => s.paragraphs)]) {
    if (charCount(paragraph) > PARAGRAPH_MAX) return refuse('text', E.AGREEMENT_PARAGRAPH_TOO_LONG);
  }
  return { ok: true, value: { title, effectiveDate, body } };
}
