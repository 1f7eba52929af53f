/** Withdrawal and bank card rules: amounts, fees, card numbers, banks. Pure; shown and enforced. */

/** 最低提现 ¥1.00; at most ¥50,000.00 a time, and never more than the available balance. */
export const MIN_WITHDRAWAL_CENTS = 100;
export const MAX_WITHDRAWAL_CENTS = 5_000_000;
/** A shop keeper keeps at most this many bank cards. */
export const MAX_BANK_CARDS = 5;
/** Tries to enter an enterprise card's verification amount. */
export const ENTERPRISE_VERIFY_TRIES = 3;

/** The fee rule shown before confirming: withdrawals are free of charge. */
export const FEE_RULE_TEXT = '提现免手续费，审核通过后1-3个工作日到账';
export function withdrawalFeeCents(_amountCents: number): number {
  return 0;
}

/** "12.3" or "12.30" yuan → 1230 cents; null for anything else (at most two decimals). */
export function yuanToCents(text: string): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** The Luhn check of a card number (digits only). */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** A card number as typed, spaces and dashes removed. */
export const cleanCardNumber = (text: string) => text.replace(/[\s-]/g, '');

/** "6222 **** **** 1234" style: the first four and the last four digits. */
export function maskCardNumber(digits: string): string {
  return `${digits.slice(0, 4)} **** **** ${digits.slice(-4)}`;
}

/** The banks a card may be of (code → name), in the order the picker lists them. */
export const BANKS = [
  ['ICBC', '中国工商银行'],
  ['ABC', '中国农业银行'],
  ['BOC', '中国银行'],
  ['CCB', '中国建设银行'],
  ['BOCOM', '交通银行'],
  ['PSBC', '中国邮政储蓄银行'],
  ['CMB', '招商银行'],
  ['CITIC', '中信银行'],
  ['CEB', '中国光大银行'],
  ['CMBC', '中国民生银行'],
  ['SPDB', '浦发银行'],
  ['CIB', '兴业银行'],
  ['PAB', '平安银行'],
  ['HXB', '华夏银行'],
] as const;
export type BankCode = (typeof BANKS)[number][0];
export const bankName = (code: string): string | null =>
  BANKS.find(([c]) => c === code)?.[1] ?? null;

/**
 * Issuer prefixes (BIN) of common debit cards, longest first, to recognise the bank from the
 * number; a card not recognised asks the shop keeper to choose the bank.
 */
const BINS: readonly (readonly [string, BankCode])[] = [
  ['621226', 'ICBC'],
  ['622202', 'ICBC'],
  ['622208', 'ICBC'],
  ['620200', 'ICBC'],
  ['622848', 'ABC'],
  ['622845', 'ABC'],
  ['621282', 'ABC'],
  ['621661', 'BOC'],
  ['621785', 'BOC'],
  ['456351', 'BOC'],
  ['621700', 'CCB'],
  ['622700', 'CCB'],
  ['436742', 'CCB'],
  ['622260', 'BOCOM'],
  ['622262', 'BOCOM'],
  ['621799', 'PSBC'],
  ['621098', 'PSBC'],
  ['622188', 'PSBC'],
  ['621483', 'CMB'],
  ['622588', 'CMB'],
  ['622609', 'CMB'],
  ['621771', 'CITIC'],
  ['622690', 'CITIC'],
  ['622666', 'CEB'],
  ['621489', 'CEB'],
  ['622622', 'CMBC'],
  ['621691', 'CMBC'],
  ['622521', 'SPDB'],
  ['622908', 'CIB'],
  ['622909', 'CIB'],
  ['622155', 'PAB'],
  ['623058', 'PAB'],
  ['622630', 'HXB'],
];

/**
 * Issuer prefixes of common credit cards (贷记卡): a payout goes to a debit card only. Where the
 * identity provider answers a card's kind, its answer decides too.
 */
const CREDIT_BINS: readonly string[] = ['622575', '622576', '438088', '518710', '356885'];

export function isCreditPrefix(digits: string): boolean {
  return CREDIT_BINS.some((prefix) => digits.startsWith(prefix));
}

/** The bank of a card number by its prefix, when known. */
export function recogniseBank(digits: string): BankCode | null {
  return BINS.find(([prefix]) => digits.startsWith(prefix))?.[1] ?? null;
}

/** A withdrawal's number: WD, the shop day and a random tail. */
export function withdrawalNumber(now: Date, random: string): string {
  const stamp = now.toISOString().slice(0, 10).replaceAll('-', '');
  return `WD${stamp}${random}`;
}
