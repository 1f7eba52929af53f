import { describe, expect, it } from 'vitest';
import { truncate } from './text.ts';

describe('truncate', () => {
  it('keeps texts up to 100 characters and cuts longer ones with an ellipsis', () => {
    expect(truncate('好'.repeat(100))).toBe('好'.repeat(100));
    expect(truncate('好'.repeat(101))).toBe(`${'好'.repeat(100)}…`);
    expect(truncate('abcdef', 3)).toBe('abc…');
  });
  it('never splits a character made of two code units', () => {
    expect(truncate('😀😀😀', 2)).toBe('😀😀…');
  });
});
