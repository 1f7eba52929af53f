import { describe, expect, it, vi } from 'vitest';
import { ByteLru, memoize } from './lru.ts';

describe('ByteLru and memoize', () => {
  it('evicts the least recently used entries beyond the byte bound', () => {
    const lru = new ByteLru<string>(10);
    lru.set('a', 'A', 4);
    lru.set('b', 'B', 4);
    lru.get('a');
    lru.set('c', 'C', 4);
    expect([lru.get('a'), lru.get('b'), lru.get('c')]).toEqual(['A', undefined, 'C']);
    expect(lru.bytes).toBe(8);
    lru.set('huge', 'H', 11);
    expect(lru.get('huge')).toBeUndefined();
  });

  it('keeps an entry read all along while older, unread ones leave', () => {
    const lru = new ByteLru<number>(100);
    lru.set('hot', 0, 1);
    for (let i = 0; i < 1_000; i += 1) {
      lru.set(`cold${i}`, i, 1);
      expect(lru.get('hot')).toBe(0);
    }
    expect(lru.bytes).toBe(100);
    expect(lru.get('cold899')).toBeUndefined();
    expect(lru.get('cold999')).toBe(999);
  });

  it('keeps neither a null nor a failure', async () => {
    const cached = memoize(new ByteLru<string>(100), () => 1);
    const compute = vi.fn(async () => null);
    await cached('k', compute);
    await cached('k', compute);
    expect(compute).toHaveBeenCalledTimes(2);
    await expect(cached('e', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await cached('e', async () => 'ok')).toBe('ok');
  });
});
