/** Bounded in-process caches: pictures, previews, fingerprints, catalogue reads, pages. */

/**
 * A map bounded by the total size of its values; the least recently used entries leave first.
 * A read moves its entry to the newest end only when it is in the older half: an entry read on
 * every request (a session, a kept page) is then not moved on every request, and what leaves is
 * still an entry not read since the newer half of the map was written.
 */
export class ByteLru<V> {
  #entries = new Map<string, { value: V; size: number; stamp: number }>();
  #bytes = 0;
  /** Counts insertions: an entry's stamp is the count when it was last put at the newest end. */
  #clock = 0;
  readonly maxBytes: number;

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  get bytes(): number {
    return this.#bytes;
  }

  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    // A Map iterates in insertion order: re-inserting makes this the most recently used.
    if (this.#clock - entry.stamp >= this.#entries.size / 2) {
      this.#entries.delete(key);
      entry.stamp = ++this.#clock;
      this.#entries.set(key, entry);
    }
    return entry.value;
  }

  set(key: string, value: V, size: number): void {
    this.delete(key);
    if (size > this.maxBytes) return;
    this.#entries.set(key, { value, size, stamp: ++this.#clock });
    this.#bytes += size;
    for (const [oldest, entry] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= entry.size;
    }
  }

  delete(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.size;
  }
}

/**
 * Wraps a cache so each key is computed once: a hit answers from the cache, and callers asking
 * while the computation runs share its promise. A null result ("not found") and a failure are not
 * kept, so a picture stored later or a passing error does not stick.
 */
export function memoize<V>(cache: ByteLru<V>, sizeOf: (value: V) => number) {
  const pending = new Map<string, Promise<V | null>>();
  const run = (key: string, compute: () => Promise<V | null>): Promise<V | null> => {
    const hit = cache.get(key);
    if (hit !== undefined) return Promise.resolve(hit);
    let running = pending.get(key);
    if (!running) {
      running = compute()
        .then((value) => {
          if (value !== null) cache.set(key, value, sizeOf(value));
          return value;
        })
        .finally(() => pending.delete(key));
      pending.set(key, running);
    }
    return running;
  };
  // What is held for the key, without computing anything: for callers that answer from memory
  // only (the front door), with no promise to wait for.
  return Object.assign(run, { peek: (key: string): V | undefined => cache.get(key) });
}
