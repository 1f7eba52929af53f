/**
 * What each way to be certified asks for before it may be submitted (pure, shown and enforced).
 * A person (个人) is the keeper's own verified real name, the ID card's two sides and its end
 * date; a 个体工商户 adds its licence, name and credit code and its operator, who must be the
 * certified person; a company (企业) its licence, name, credit code and legal representative.
 */
import { isCreditCode } from '#lib/platform/credit-code.ts';
import type { CertificationKind } from './status.ts';

export interface CertificationFacts {
  kind: CertificationKind;
  /** The keeper's real name has passed the ID two-element check (identity area). */
  realNameVerified: boolean;
  subjectName: string | null;
  creditCode: string | null;
  representative: boolean;
  idFrontImage: string | null;
  idBackImage: string | null;
  licenceImage: string | null;
  documentValidUntil: string | null;
}

/** What is still missing, as the keeper reads it; empty when the draft may be submitted. */
export function missingParts(facts: CertificationFacts, today: string): string[] {
  const missing: string[] = [];
  if (!facts.realNameVerified) missing.push('实名认证');
  if (!facts.idFrontImage || !facts.idBackImage) missing.push('身份证正反面照片');
  if (facts.kind !== 'individual') {
    if (!facts.licenceImage) missing.push('营业执照照片');
    if (!facts.subjectName) missing.push('营业执照名称');
    if (!facts.creditCode || !isCreditCode(facts.creditCode)) missing.push('统一社会信用代码');
    if (!facts.representative)
      missing.push(facts.kind === 'business' ? '经营者姓名' : '法定代表人姓名');
  }
  if (facts.documentValidUntil !== null && facts.documentValidUntil < today)
    missing.push('有效期内的证件');
  return missing;
}

/** A business's registered name: 2 to 60 characters once trimmed. */
export function cleanSubjectName(value: string): string | null {
  const name = value.normalize('NFKC').trim().replace(/\s+/g, ' ');
  return name.length >= 2 && name.length <= 60 ? name : null;
}

/** A credit code as typed: spaces dropped, upper-cased; null when its check character is wrong. */
export function cleanCreditCode(value: string): string | null {
  const code = value.replace(/\s+/g, '').toUpperCase();
  return isCreditCode(code) ? code : null;
}

/** The longest reason an owner gives for not approving a certification. */
export const MAX_CERTIFICATION_REASON = 100;
