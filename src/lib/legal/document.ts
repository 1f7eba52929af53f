/**
 * An agreement's text: an introduction and numbered sections of paragraphs, as the registration
 * agreement and privacy policy always were (LegalDocument). The manager writes it as plain text
 * (a line beginning with “#” starts a section, every other line is a paragraph); that text, made
 * canonical, is what a version's hash is taken over. Isomorphic: no I/O.
 */

export interface AgreementSection {
  heading: string;
  paragraphs: readonly string[];
}

export interface AgreementBody {
  intro: readonly string[];
  sections: readonly AgreementSection[];
}

/** A version as a page shows it. */
export interface LegalDocument extends AgreementBody {
  title: string;
  /** 更新日期：2025年6月1日 */
  updated: string;
  /** 生效日期：2025年6月1日 */
  effective: string;
}

const HEADING = /^#+\s*/;

/** Reads the manager's text: blank lines are dropped, spaces around each line trimmed. */
export function parseAgreementText(text: string): AgreementBody {
  const intro: string[] = [];
  const sections: { heading: string; paragraphs: string[] }[] = [];
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    if (HEADING.test(line)) {
      sections.push({ heading: line.replace(HEADING, '').trim(), paragraphs: [] });
    } else if (sections.length > 0) {
      sections[sections.length - 1]!.paragraphs.push(line);
    } else {
      intro.push(line);
    }
  }
  return { intro, sections };
}

/** The canonical text of a body: what the form is filled with and what the hash covers. */
export function formatAgreementText(body: AgreementBody): string {
  const lines = [...body.intro];
  for (const section of body.sections) {
    lines.push(`# ${section.heading}`, ...section.paragraphs);
  }
  return lines.join('\n');
}

/**
 * What a version's hash is taken over: its title, its effective date and its canonical text, so
 * the hash names exactly what an accepting shopper was shown.
 */
export function hashedText(version: {
  title: string;
  effectiveDate: string;
  body: AgreementBody;
}): string {
  return `${version.title}\n${version.effectiveDate}\n${formatAgreementText(version.body)}`;
}

/** Characters as a reader counts them (an emoji or a rare hanzi is one). */
export function charCount(text: string): number {
  return [...text].length;
}

/** The characters of a body's words, headings included. */
export function bodyLength(body: AgreementBody): number {
  let n = 0;
  for (const p of body.intro) n += charCount(p);
  for (const s of body.sections) {
    n += charCount(s.heading);
    for (const p of s.paragraphs) n += charCount(p);
  }
  return n;
}

/** "2025-06-01" → "2025年6月1日". */
export function chineseDate(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return `${y}年${m}月${d}日`;
}

/** The page's view of a version. */
export function legalDocument(version: {
  title: string;
  effectiveDate: string;
  publishedDay: string;
  body: AgreementBody;
}): LegalDocument {
  return {
    title: version.title,
    updated: `更新日期：${chineseDate(version.publishedDay)}`,
    effective: `生效日期：${chineseDate(version.effectiveDate)}`,
    intro: version.body.intro,
    sections: version.body.sections,
  };
}
