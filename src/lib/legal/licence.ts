/**
 * The business licence a shop shows on its storefront (电子商务法 §15, 网上亮照): the registered
 * facts as the owner copies them from the licence, checked here (the form first, the server
 * again), and the 18-character unified social credit code with its GB 32100-2015 check
 * character. Isomorphic: no I/O.
 */
import { creditCodeCheckChar } from '#lib/platform/credit-code.ts';
import type { ErrorEntry } from '#lib/platform/errors.ts';
import { LegalErrors as E } from './errors.ts';
import { charCount } from './document.ts';
import { isCalendarDay } from './rules.ts';

/** 主体类型 as printed on the licence. */
export const LICENCE_KINDS = [
  '有限责任公司',
  '股份有限公司',
  '个人独资企业',
  '合伙企业',
  '个体工商户',
] as const;
export type LicenceKind = (typeof LICENCE_KINDS)[number];

export const NAME_MAX = 60;
export const REPRESENTATIVE_MAX = 30;
export const CAPITAL_MAX = 30;
export const ADDRESS_MAX = 100;
export const SCOPE_MAX = 1000;
export const AUTHORITY_MAX = 40;

/** The registered facts as the form sends them (every text as typed). */
export interface LicenceInput {
  kind: string;
  name: string;
  creditCode: string;
  representative: string;
  /** 注册资本; an individual business may leave it empty. */
  capital: string;
  /** 成立日期, YYYY-MM-DD. */
  foundedOn: string;
  /** 营业期限 from, YYYY-MM-DD. */
  termStart: string;
  /** 营业期限 to, YYYY-MM-DD; empty for 长期. */
  termEnd: string;
  address: string;
  scope: string;
  authority: string;
}

export interface LicenceFacts {
  kind: LicenceKind;
  name: string;
  creditCode: string;
  representative: string;
  capital: string;
  foundedOn: string;
  termStart: string;
  /** null: 长期. */
  termEnd: string | null;
  address: string;
  scope: string;
  authority: string;
}

export type LicenceField = keyof LicenceInput | 'picture';

export type LicenceCheck =
  { ok: true; value: LicenceFacts } | { ok: false; field: LicenceField; error: ErrorEntry };

/** Why a unified social credit code is refused, or null when it is a valid one. */
export function creditCodeProblem(code: string): ErrorEntry | null {
  if (!/^[0-9A-HJ-NPQRTUWXY]{18}$/.test(code)) return E.LICENCE_CODE_FORMAT;
  return creditCodeCheckChar(code.slice(0, 17)) === code[17] ? null : E.LICENCE_CODE_CHECK;
}

/** Whether the kind registers a 经营者 and 经营场所 (个体工商户) rather than a company's. */
export function isIndividualBusiness(kind: string): boolean {
  return kind === '个体工商户';
}

function isKind(value: string): value is LicenceKind {
  return (LICENCE_KINDS as readonly string[]).includes(value);
}

export function checkLicence(input: LicenceInput, today: string): LicenceCheck {
  const refuse = (field: LicenceField, error: ErrorEntry): LicenceCheck => ({
    ok: false,
    field,
    error,
  });
  const text = (value: string) => value.trim().replace(/\s+/g, ' ');
  const kind = input.kind.trim();
  if (!isKind(kind)) return refuse('kind', E.LICENCE_KIND_INVALID);
  const name = text(input.name);
  if (!name) return refuse('name', E.LICENCE_NAME_EMPTY);
  if (charCount(name) > NAME_MAX) return refuse('name', E.LICENCE_NAME_TOO_LONG);
  // Copied from a photo, a code is often typed in lower case or with spaces.
  const creditCode = input.creditCode.replace(/\s+/g, '').toUpperCase();
  const codeProblem = creditCodeProblem(creditCode);
  if (codeProblem) return refuse('creditCode', codeProblem);
  const representative = text(input.representative);
  if (!representative) return refuse('representative', E.LICENCE_REPRESENTATIVE_EMPTY);
  if (charCount(representative) > REPRESENTATIVE_MAX) {
    return refuse('representative', E.LICENCE_REPRESENTATIVE_TOO_LONG);
  }
  const capital = text(input.capital);
  if (charCount(capital) > CAPITAL_MAX) return refuse('capital', E.LICENCE_CAPITAL_TOO_LONG);
  const foundedOn = input.foundedOn.trim();
  if (!isCalendarDay(foundedOn) || foundedOn > today) {
    return refuse('foundedOn', E.LICENCE_FOUNDED_INVALID);
  }
  const termStart = input.termStart.trim();
  if (!isCalendarDay(termStart)) return refuse('termStart', E.LICENCE_TERM_INVALID);
  const termEnd = input.termEnd.trim();
  if (termEnd && !isCalendarDay(termEnd)) return refuse('termEnd', E.LICENCE_TERM_INVALID);
  if (termEnd && termEnd <= termStart) return refuse('termEnd', E.LICENCE_TERM_ORDER);
  const address = text(input.address);
  if (!address) return refuse('address', E.LICENCE_ADDRESS_EMPTY);
  if (charCount(address) > ADDRESS_MAX) return refuse('address', E.LICENCE_ADDRESS_TOO_LONG);
  const scope = input.scope.trim();
  if (!scope) return refuse('scope', E.LICENCE_SCOPE_EMPTY);
  if (charCount(scope) > SCOPE_MAX) return refuse('scope', E.LICENCE_SCOPE_TOO_LONG);
  const authority = text(input.authority);
  if (!authority) return refuse('authority', E.LICENCE_AUTHORITY_EMPTY);
  if (charCount(authority) > AUTHORITY_MAX)
    return refuse('authority', E.LICENCE_AUTHORITY_TOO_LONG);
  return {
    ok: true,
    value: {
      kind,
      name,
      creditCode,
      representative,
      capital,
      foundedOn,
      termStart,
      termEnd: termEnd || null,
      address,
      scope,
      authority,
    },
  };
}

/** The licence's facts as rows of the businessLicense page, in the licence's own order. */
export function licenceRows(facts: LicenceFacts): { label: string; value: string }[] {
  const individual = isIndividualBusiness(facts.kind);
  const day = (value: string) => {
    const [y, m, d] = value.split('-').map(Number);
    return `${y}年${m}月${d}日`;
  };
  return [
    { label: '统一社会信用代码', value: facts.creditCode },
    { label: '名称', value: facts.name },
    { label: '类型', value: facts.kind },
    { label: individual ? '经营者' : '法定代表人', value: facts.representative },
    ...(facts.capital
      ? [{ label: individual ? '资金数额' : '注册资本', value: facts.capital }]
      : []),
    { label: individual ? '注册日期' : '成立日期', value: day(facts.foundedOn) },
    {
      label: '营业期限',
      value: `${day(facts.termStart)}至${facts.termEnd ? day(facts.termEnd) : '长期'}`,
    },
    { label: individual ? '经营场所' : '住所', value: facts.address },
    { label: '经营范围', value: facts.scope },
    { label: '登记机关', value: facts.authority },
  ];
}
