/**
 * Tax withheld on a keeper's commission paid as 劳务报酬 (remuneration for services), by the
 * cumulative method that internet platforms use from 2025-10-01 (国家税务总局公告2025年第16号).
 * Pure and in integer cents; the rule (expense share, monthly deduction, rate table) is data,
 * dated with its source, so a change of rule is a new row, not new code.
 *
 * For each payout of a tax year (the calendar year), with everything paid earlier that year:
 *   income to date      = Σ income paid this year, this payout included
 *   expenses            = income to date × the expense share (20 %)
 *   deductions          = ¥5,000 × the months on the platform this year, from the first month
 *                         the keeper was paid through this payout's month (a month without
 *                         income in between still counts: the keeper stayed on the platform)
 *   taxable             = max(0, income to date − expenses − deductions)
 *   tax to date         = taxable × rate − quick deduction, from the cumulative rate table
 *   this payout's tax   = max(0, tax to date − tax withheld earlier this year)
 * Tax withheld is never handed back within the year: a later month whose deductions outgrow the
 * income withholds nothing, and the difference is settled in the keeper's annual return.
 */

export interface TaxBracket {
  /** The bracket's top, inclusive, in cents of taxable income to date; null for the last. */
  upToCents: number | null;
  /** The rate in basis points (300 = 3 %). */
  rateBp: number;
  quickDeductionCents: number;
}

export interface LabourTaxRule {
  /** The first shop day (YYYY-MM-DD) the rule applies to a payout. */
  validFrom: string;
  /** Where the rule comes from, shown with every calculation (taxGrcDetail). */
  source: string;
  /** The share of income taken as expenses, in basis points (2000 = 20 %). */
  expenseShareBp: number;
  /** Deducted for each month on the platform this year. */
  monthlyDeductionCents: number;
  brackets: readonly TaxBracket[];
}

const yuan = (n: number) => n * 100;

/** The rules in force, oldest first. A payout uses the newest whose validFrom is not after it. */
export const LABOUR_TAX_RULES: readonly LabourTaxRule[] = [
  {
    validFrom: '2025-10-01',
    source: '国家税务总局公告2025年第16号（累计预扣法，个人所得税预扣率表一）',
    expenseShareBp: 2000,
    monthlyDeductionCents: yuan(5000),
    brackets: [
      { upToCents: yuan(36_000), rateBp: 300, quickDeductionCents: 0 },
      { upToCents: yuan(144_000), rateBp: 1000, quickDeductionCents: yuan(2520) },
      { upToCents: yuan(300_000), rateBp: 2000, quickDeductionCents: yuan(16_920) },
      { upToCents: yuan(420_000), rateBp: 2500, quickDeductionCents: yuan(31_920) },
      { upToCents: yuan(660_000), rateBp: 3000, quickDeductionCents: yuan(52_920) },
      { upToCents: yuan(960_000), rateBp: 3500, quickDeductionCents: yuan(85_920) },
      { upToCents: null, rateBp: 4500, quickDeductionCents: yuan(181_920) },
    ],
  },
];

/** The rule for a payout on this shop day; none before the first rule (such payouts are refused). */
export function labourTaxRuleOn(
  day: string,
  rules: readonly LabourTaxRule[] = LABOUR_TAX_RULES,
): LabourTaxRule | null {
  let found: LabourTaxRule | null = null;
  for (const rule of rules) if (rule.validFrom <= day) found = rule;
  return found;
}

/** A payout made earlier in the same tax year, on the same platform. */
export interface EarlierPayout {
  /** YYYY-MM of the shop day it was paid. */
  month: string;
  incomeCents: number;
  taxCents: number;
}

export interface Withholding {
  /** YYYY-MM of this payout. */
  month: string;
  source: string;
  /** Months on the platform this year, through this payout's month. */
  months: number;
  incomeToDateCents: number;
  expensesCents: number;
  deductionsCents: number;
  taxableCents: number;
  rateBp: number;
  quickDeductionCents: number;
  taxToDateCents: number;
  withheldBeforeCents: number;
  /** This payout's tax. */
  taxCents: number;
  /** What the keeper receives: this payout's income less its tax. */
  netCents: number;
}

const monthIndex = (month: string) => {
  const [year, m] = month.split('-').map(Number);
  return year! * 12 + (m! - 1);
};

/** Rounds a non-negative amount in hundredths of a cent to cents, halves up. */
const toCents = (hundredths: bigint) => Number((hundredths + 50n) / 100n);

/**
 * The tax on a payout of `incomeCents` made on `day` (YYYY-MM-DD), given the keeper's earlier
 * payouts on this platform. Earlier payouts of other years are ignored; those after this month
 * are refused (payouts are computed in the order they are made).
 */
export function withholdingFor(input: {
  day: string;
  incomeCents: number;
  earlier: readonly EarlierPayout[];
  rules?: readonly LabourTaxRule[];
}): Withholding {
  const { day, incomeCents } = input;
  if (!Number.isSafeInteger(incomeCents) || incomeCents <= 0) {
    throw new RangeError(`A payout's income is a positive number of cents: ${incomeCents}`);
  }
  const rule = labourTaxRuleOn(day, input.rules);
  if (!rule) throw new RangeError(`No tax rule applies on ${day}`);
  const month = day.slice(0, 7);
  const year = month.slice(0, 4);
  const thisYear = input.earlier.filter((p) => p.month.startsWith(`${year}-`));
  if (thisYear.some((p) => p.month > month)) {
    throw new RangeError(`An earlier payout is dated after ${month}`);
  }
  const firstMonth = thisYear.reduce((first, p) => (p.month < first ? p.month : first), month);
  const months = monthIndex(month) - monthIndex(firstMonth) + 1;

  const incomeToDateCents = thisYear.reduce((sum, p) => sum + p.incomeCents, incomeCents);
  const withheldBeforeCents = thisYear.reduce((sum, p) => sum + p.taxCents, 0);
  // Exact in hundredths of a cent: the shares and rates are basis points.
  const expenses = BigInt(incomeToDateCents) * BigInt(rule.expenseShareBp);
  const deductionsCents = rule.monthlyDeductionCents * months;
  const taxable100 =
    BigInt(incomeToDateCents) * 10_000n - expenses - BigInt(deductionsCents) * 10_000n;
  const taxable = taxable100 > 0n ? taxable100 : 0n; // in 1/10,000 of a cent
  const bracket = rule.brackets.find(
    (b) => b.upToCents === null || taxable <= BigInt(b.upToCents) * 10_000n,
  )!;
  // taxable × rate (bp) → 1/100,000,000 of a cent; less the quick deduction; to hundredths.
  const taxToDate1e8 =
    taxable * BigInt(bracket.rateBp) - BigInt(bracket.quickDeductionCents) * 100_000_000n;
  const taxToDateCents = taxToDate1e8 > 0n ? toCents(taxToDate1e8 / 1_000_000n) : 0;
  const taxCents = Math.max(0, taxToDateCents - withheldBeforeCents);
  return {
    month,
    source: rule.source,
    months,
    incomeToDateCents,
    expensesCents: toCents(expenses / 100n),
    deductionsCents,
    taxableCents: toCents(taxable / 100n),
    rateBp: bracket.rateBp,
    quickDeductionCents: bracket.quickDeductionCents,
    taxToDateCents,
    withheldBeforeCents,
    taxCents,
    netCents: incomeCents - taxCents,
  };
}

/**
 * How much a person may be paid as 劳务报酬 through the platform (the flexible-employment
 * provider's quota): a month's payouts stay within the small-taxpayer VAT threshold the provider
 * issues invoices under, and a year's within the provider's annual limit per person.
 */
export const LABOUR_PAYOUT_QUOTA = {
  monthCents: yuan(98_000),
  yearCents: yuan(500_000),
} as const;

/** Which quota a payout of `incomeCents` on `day` would exceed, given the earlier payouts; or null. */
export function quotaExceeded(input: {
  day: string;
  incomeCents: number;
  earlier: readonly Pick<EarlierPayout, 'month' | 'incomeCents'>[];
  quota?: { monthCents: number; yearCents: number };
}): 'month' | 'year' | null {
  const quota = input.quota ?? LABOUR_PAYOUT_QUOTA;
  const month = input.day.slice(0, 7);
  const sum = (prefix: string) =>
    input.earlier
      .filter((p) => p.month.startsWith(prefix))
      .reduce((total, p) => total + p.incomeCents, input.incomeCents);
  if (sum(month) > quota.monthCents) return 'month';
  if (sum(`${month.slice(0, 4)}-`) > quota.yearCents) return 'year';
  return null;
}
