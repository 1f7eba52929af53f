/**
 * Answers the browser keeps for a while (shell §9: skin info and entrance status 120 s), per shop
 * in sessionStorage: a page opened within the time asks nothing. Only a successful answer is kept
 * (the request client resolves only code 0); a failed one is asked again next time.
 */

export const KEEP_MS = 120_000;

interface Kept<T> {
  at: number;
  value: T;
}

/** The kept value when it is younger than `maxAge`, else undefined. Pure. */
export function readKept<T>(stored: string | null, now: number, maxAge = KEEP_MS): T | undefined {
  try {
    const kept = JSON.parse(stored ?? 'null') as Partial<Kept<T>> | null;
    if (!kept || typeof kept.at !== 'number' || !('value' in kept)) return undefined;
    const age = now - kept.at;
    return age >= 0 && age < maxAge ? (kept.value as T) : undefined;
  } catch {
    return undefined;
  }
}

export function keep<T>(key: string, value: T, now = Date.now()): void {
  try {
    sessionStorage.setItem(key, JSON.stringify({ at: now, value } satisfies Kept<T>));
  } catch {
    // Storage full or refused: the next page asks again.
  }
}

export function forget(key: string): void {
  sessionStorage.removeItem(key);
}

/** The kept answer, else `load()`'s, kept from now on. */
export async function kept<T>(key: string, load: () => Promise<T>): Promise<T> {
  const stored = readKept<T>(sessionStorage.getItem(key), Date.now());
  if (stored !== undefined) return stored;
  const value = await load();
  keep(key, value);
  return value;
}
