/**
 * Deterministic random streams for the demo data. Each area (and each sale) draws from a stream
 * of its own, named by a string, so adding a row in one place never shifts the numbers drawn
 * anywhere else.
 */

/** mulberry32: small, fast and the same on every machine. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

/** The stream named `name` (FNV-1a of the name seeds it). */
export function streamFor(name: string): () => number {
  let hash = 0x811c9dc5;
  for (const char of name) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193);
  }
  return prng(hash);
}
