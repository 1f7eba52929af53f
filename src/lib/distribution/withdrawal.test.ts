import { describe, expect, it } from 'vitest';
import {
  cleanCardNumber,
  luhnValid,
  maskCardNumber,
  recogniseBank,
  withdrawalFeeCents,
  yuanToCents,
} from './withdrawal.ts';

describe('withdrawal amounts', () => {
  it('reads yuan with at most two decimals', () => {
    expect(yuanToCents('12')).toBe(1200);
    expect(yuanToCents('12.3')).toBe(1230);
    expect(yuanToCents(' 0.05 ')).toBe(5);
    expect(yuanToCents('12.345')).toBeNull();
    expect(yuanToCents('-1')).toBeNull();
    expect(yuanToCents('1e3')).toBeNull();
    expect(yuanToCents('')).toBeNull();
  });

  it('are free of fees', () => {
    expect(withdrawalFeeCents(100)).toBe(0);
    expect(withdrawalFeeCents(5_000_000)).toBe(0);
  });
});

describe('bank cards', () => {
  it('pass the Luhn check', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('6212261202011584340')).toBe(true);
    expect(luhnValid('6212261202011584349')).toBe(false);
    expect(luhnValid('6228480000000000000')).toBe(true);
    expect(luhnValid('12345')).toBe(false);
    expect(luhnValid('62122612020115843a')).toBe(false);
  });

  it('are cleaned, masked and recognised by their prefix', () => {
    expect(cleanCardNumber('6212 2612-0201 1584 340')).toBe('6212261202011584340');
    expect(maskCardNumber('6212261202011584340')).toBe('6212 **** **** 4340');
    expect(recogniseBank('6212261202011584340')).toBe('ICBC');
    expect(recogniseBank('6228480000000000000')).toBe('ABC');
    expect(recogniseBank('9999990000000000')).toBeNull();
  });
});
