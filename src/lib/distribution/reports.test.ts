import { describe, expect, it } from 'vitest';
import { transferId } from '../commission/ledger.ts';
import {
  billMonth,
  foldIncome,
  incomeYear,
  lineState,
  monthRange,
  monthsBack,
  monthTitle,
  netIncome,
  netSettled,
  shopMonth,
} from './reports.ts';

const NOW = new Date('2026-11-23T06:00:00Z');

describe('foldIncome', () => {
  it('nets a voided promise with the remainder promised again', () => {
    const f = foldIncome([
      { kind: 'pending', reason: 'commission', first: true, cents: 500 },
      { kind: 'void', reason: 'refund_void', first: false, cents: 500 },
      { kind: 'pending', reason: 'commission', first: false, cents: 300 },
      { kind: 'post', reason: 'settle', first: false, cents: 300 },
      { kind: 'posted', reason: 'clawback', first: false, cents: 100 },
      { kind: 'posted', reason: 'clawback_owed', first: false, cents: 50 },
      { kind: 'posted', reason: 'withdraw', first: false, cents: 150 },
      { kind: 'posted', reason: 'payout', first: false, cents: 150 },
      { kind: 'posted', reason: 'repay', first: false, cents: 20 },
    ]);
    expect(f).toEqual({
      earnedCents: 500,
      refundedCents: 350,
      settledCents: 300,
      clawedCents: 150,
      withdrawnCents: 150,
    });
    expect(netIncome(f)).toBe(150);
    expect(netSettled(f)).toBe(150);
  });

  it('knows a first promise by the id the ledger gives it', () => {
    expect(transferId.commission(42)).toBe('commission:line:42');
  });
});

describe('line states', () => {
  it('is pending while promised, settled while kept, void else', () => {
    expect(lineState(300, 0)).toBe('pending');
    expect(lineState(0, 300)).toBe('settled');
    expect(lineState(0, 0)).toBe('void');
  });
});

describe('the shop calendar', () => {
  it('counts months in China time', () => {
    expect(shopMonth(new Date('2026-10-31T16:30:00Z'))).toBe('2026-11');
    expect(monthRange('2026-12')).toEqual({
      from: new Date('2026-11-30T16:00:00Z'),
      to: new Date('2026-12-31T16:00:00Z'),
    });
    expect(monthsBack('2026-02', 3)).toEqual(['2026-02', '2026-01', '2025-12']);
    expect(monthTitle('2026-03')).toBe('2026年3月');
  });

  it('reads a bill month and a year from the query, else the current one', () => {
    expect(billMonth('2026-10', NOW)).toBe('2026-10');
    expect(billMonth('2026-12', NOW)).toBe('2026-11');
    expect(billMonth('2026-13', NOW)).toBe('2026-11');
    expect(billMonth(undefined, NOW)).toBe('2026-11');
    expect(incomeYear('2025', NOW)).toBe(2025);
    expect(incomeYear('2027', NOW)).toBe(2026);
    expect(incomeYear('abc', NOW)).toBe(2026);
  });
});
