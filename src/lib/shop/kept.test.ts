import { describe, expect, it } from 'vitest';
import { KEEP_MS, readKept } from './kept.ts';

describe('answers kept in the browser', () => {
  const stored = JSON.stringify({ at: 10_000, value: [{ code: '1004', enableStatus: 1 }] });

  it('are used for 120 s', () => {
    expect(KEEP_MS).toBe(120_000);
    expect(readKept(stored, 10_000)).toEqual([{ code: '1004', enableStatus: 1 }]);
    expect(readKept(stored, 10_000 + KEEP_MS - 1)).toEqual([{ code: '1004', enableStatus: 1 }]);
    expect(readKept(stored, 10_000 + KEEP_MS)).toBeUndefined();
  });

  it('keep a null answer (a shop without a skin) as an answer', () => {
    expect(readKept(JSON.stringify({ at: 0, value: null }), 1)).toBeNull();
  });

  it('are ignored when missing, malformed or from the future', () => {
    expect(readKept(null, 0)).toBeUndefined();
    expect(readKept('{', 0)).toBeUndefined();
    expect(readKept(JSON.stringify({ value: 1 }), 0)).toBeUndefined();
    expect(readKept(stored, 9_000)).toBeUndefined();
  });
});
