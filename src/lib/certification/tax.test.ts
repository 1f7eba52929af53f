import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  LABOUR_TAX_RULES,
  labourTaxRuleOn,
  quotaExceeded,
  withholdingFor,
  type EarlierPayout,
} from './tax.ts';

const yuan = (n: number) => Math.round(n * 100);

/** Pays a list of payouts in order, as the withdrawals would, each with the ones before it. */
function payAll(payouts: { day: string; yuan: number }[]) {
  const earlier: EarlierPayout[] = [];
  return payouts.map(({ day, yuan: amount }) => {
    const result = withholdingFor({ day, incomeCents: yuan(amount), earlier });
    earlier.push({ month: result.month, incomeCents: yuan(amount), taxCents: result.taxCents });
    return result;
  });
}

describe('the cumulative withholding on 劳务报酬 (公告2025年第16号)', () => {
  it('a first payout: 20 % expenses and one month of ¥5,000 deducted, 3 % on the rest', () => {
    const [october] = payAll([{ day: '2025-10-15', yuan: 10_000 }]);
    expect(october).toMatchObject({
      month: '2025-10',
      months: 1,
      incomeToDateCents: yuan(10_000),
      expensesCents: yuan(2_000),
      deductionsCents: yuan(5_000),
      taxableCents: yuan(3_000),
      rateBp: 300,
      quickDeductionCents: 0,
      taxToDateCents: yuan(90),
      withheldBeforeCents: 0,
      taxCents: yuan(90),
      netCents: yuan(9_910),
    });
    expect(october!.source).toContain('国家税务总局公告2025年第16号');
  });

  it('the next month counts both months and withholds only what is not withheld yet', () => {
    const [, november] = payAll([
      { day: '2025-10-15', yuan: 10_000 },
      { day: '2025-11-03', yuan: 10_000 },
    ]);
    expect(november).toMatchObject({
      months: 2,
      incomeToDateCents: yuan(20_000),
      deductionsCents: yuan(10_000),
      taxableCents: yuan(6_000),
      taxToDateCents: yuan(180),
      withheldBeforeCents: yuan(90),
      taxCents: yuan(90),
    });
  });

  it('several payouts in one month: each on everything paid so far; nothing is handed back', () => {
    const [, , small, large] = payAll([
      { day: '2025-10-15', yuan: 10_000 },
      { day: '2025-11-03', yuan: 10_000 },
      { day: '2025-12-01', yuan: 3_000 },
      { day: '2025-12-20', yuan: 30_000 },
    ]);
    // ¥23,000 − ¥4,600 − 3 × ¥5,000 = ¥3,400 → ¥102 to date, less than the ¥180 already withheld.
    expect(small).toMatchObject({
      months: 3,
      taxableCents: yuan(3_400),
      taxToDateCents: yuan(102),
      withheldBeforeCents: yuan(180),
      taxCents: 0,
      netCents: yuan(3_000),
    });
    // ¥53,000 − ¥10,600 − ¥15,000 = ¥27,400 → ¥822 to date, ¥180 withheld before.
    expect(large).toMatchObject({
      months: 3,
      incomeToDateCents: yuan(53_000),
      taxableCents: yuan(27_400),
      taxToDateCents: yuan(822),
      withheldBeforeCents: yuan(180),
      taxCents: yuan(642),
    });
  });

  it('a month without income still counts as a month on the platform', () => {
    const [january, march] = payAll([
      { day: '2026-01-10', yuan: 8_000 },
      { day: '2026-03-10', yuan: 20_000 },
    ]);
    expect(january).toMatchObject({ months: 1, taxableCents: yuan(1_400), taxCents: yuan(42) });
    expect(march).toMatchObject({
      months: 3,
      incomeToDateCents: yuan(28_000),
      deductionsCents: yuan(15_000),
      taxableCents: yuan(7_400),
      taxToDateCents: yuan(222),
      taxCents: yuan(180),
    });
  });

  it('the months count from the first month paid this year, not from January', () => {
    const [june] = payAll([{ day: '2026-06-30', yuan: 4_000 }]);
    // ¥4,000 − ¥800 − ¥5,000 < 0: nothing taxable.
    expect(june).toMatchObject({ months: 1, taxableCents: 0, taxCents: 0, netCents: yuan(4_000) });
  });

  it('a new year starts again: last year’s payouts are not counted', () => {
    const [, january] = payAll([
      { day: '2025-12-10', yuan: 50_000 },
      { day: '2026-01-05', yuan: 10_000 },
    ]);
    expect(january).toMatchObject({
      months: 1,
      incomeToDateCents: yuan(10_000),
      withheldBeforeCents: 0,
      taxCents: yuan(90),
    });
  });

  it('income to date past ¥36,000 taxable moves to 10 % less ¥2,520', () => {
    const [march] = payAll([{ day: '2026-03-01', yuan: 100_000 }]);
    // ¥100,000 − ¥20,000 − ¥5,000 = ¥75,000 × 10 % − ¥2,520.
    expect(march).toMatchObject({
      taxableCents: yuan(75_000),
      rateBp: 1000,
      quickDeductionCents: yuan(2_520),
      taxCents: yuan(4_980),
    });
  });

  it('the top of a bracket is in it; one cent more is in the next', () => {
    // Taxable exactly ¥36,000: ¥51,250 × 80 % − ¥5,000.
    const [top] = payAll([{ day: '2026-01-01', yuan: 51_250 }]);
    expect(top).toMatchObject({ taxableCents: yuan(36_000), rateBp: 300, taxCents: yuan(1_080) });
    // 1.25 cents more income: taxable ¥36,000.01 → 10 % − ¥2,520 = ¥1,080.001 → ¥1,080.00.
    const [next] = payAll([{ day: '2026-01-01', yuan: 51_250.02 }]);
    expect(next!.rateBp).toBe(1000);
  });

  it('rounds the tax to the cent, halves up', () => {
    // ¥7,777.77: taxable ¥1,222.216 → 3 % = ¥36.66648 → ¥36.67.
    const [payout] = payAll([{ day: '2026-02-01', yuan: 7_777.77 }]);
    expect(payout).toMatchObject({ taxableCents: 122_222, taxCents: 3_667 });
  });

  it('refuses payouts before the first rule, non-positive amounts and out-of-order history', () => {
    expect(() => withholdingFor({ day: '2025-09-30', incomeCents: 100, earlier: [] })).toThrow(
      'No tax rule applies on 2025-09-30',
    );
    expect(() => withholdingFor({ day: '2026-01-01', incomeCents: 0, earlier: [] })).toThrow(
      RangeError,
    );
    expect(() =>
      withholdingFor({
        day: '2026-01-01',
        incomeCents: 100,
        earlier: [{ month: '2026-02', incomeCents: 100, taxCents: 0 }],
      }),
    ).toThrow('An earlier payout is dated after 2026-01');
  });

  it('picks the newest rule in force on the day', () => {
    const later = { ...LABOUR_TAX_RULES[0]!, validFrom: '2027-01-01', source: '某新规' };
    const rules = [LABOUR_TAX_RULES[0]!, later];
    expect(labourTaxRuleOn('2026-12-31', rules)!.source).toContain('2025年第16号');
    expect(labourTaxRuleOn('2027-01-01', rules)!.source).toBe('某新规');
    expect(labourTaxRuleOn('2025-09-30', rules)).toBeNull();
  });

  it('over a year of random payouts: withheld to date is the tax to date, never below zero per payout', () => {
    const payout = fc.record({
      month: fc.integer({ min: 1, max: 12 }),
      day: fc.integer({ min: 1, max: 28 }),
      cents: fc.integer({ min: 1, max: 20_000_000 }),
    });
    fc.assert(
      fc.property(fc.array(payout, { minLength: 1, maxLength: 30 }), (list) => {
        const sorted = [...list].sort((a, b) => a.month - b.month || a.day - b.day);
        const earlier: EarlierPayout[] = [];
        let withheld = 0;
        for (const p of sorted) {
          const day = `2026-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
          const w = withholdingFor({ day, incomeCents: p.cents, earlier });
          expect(w.taxCents).toBeGreaterThanOrEqual(0);
          expect(w.netCents).toBe(p.cents - w.taxCents);
          withheld += w.taxCents;
          // Withheld so far is the larger of the tax to date and what was already withheld.
          expect(withheld).toBe(Math.max(w.taxToDateCents, w.withheldBeforeCents));
          earlier.push({ month: w.month, incomeCents: p.cents, taxCents: w.taxCents });
        }
      }),
    );
  });
});

describe('the payout quotas (¥98,000 a month, ¥500,000 a year per person)', () => {
  it('allows a month up to ¥98,000 exactly, refuses a cent more', () => {
    const earlier = [{ month: '2026-03', incomeCents: yuan(90_000) }];
    expect(quotaExceeded({ day: '2026-03-31', incomeCents: yuan(8_000), earlier })).toBeNull();
    expect(quotaExceeded({ day: '2026-03-31', incomeCents: yuan(8_000) + 1, earlier })).toBe(
      'month',
    );
    // The next month starts again.
    expect(quotaExceeded({ day: '2026-04-01', incomeCents: yuan(98_000), earlier })).toBeNull();
  });

  it('counts the year across months, and ignores other years', () => {
    const earlier = ['01', '02', '03', '04', '05'].map((m) => ({
      month: `2026-${m}`,
      incomeCents: yuan(98_000),
    }));
    earlier.push({ month: '2025-12', incomeCents: yuan(98_000) });
    // ¥490,000 this year: ¥10,000 more is allowed, ¥10,000.01 is not.
    expect(quotaExceeded({ day: '2026-06-01', incomeCents: yuan(10_000), earlier })).toBeNull();
    expect(quotaExceeded({ day: '2026-06-01', incomeCents: yuan(10_000) + 1, earlier })).toBe(
      'year',
    );
    expect(quotaExceeded({ day: '2027-01-01', incomeCents: yuan(98_000), earlier })).toBeNull();
  });
});
