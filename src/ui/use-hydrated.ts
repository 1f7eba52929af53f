import { useEffect, useState } from 'react';

/**
 * False in the server's HTML and until the island has hydrated: a button rendered disabled until
 * then cannot take a tap that no handler would answer.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
