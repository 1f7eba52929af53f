/**
 * What `npm run doctor` says of each outside service: configured and answering (ready), a setting
 * missing, the service unreachable, or its credentials refused. Each area's probe makes one
 * harmless call (a token fetch, the query of a bill that does not exist) and classifies it.
 */
export type ReadinessState = 'ready' | 'missing' | 'unreachable' | 'refused';

export interface Readiness {
  state: ReadinessState;
  /** One line: what was asked and what came back (never a secret). */
  detail: string;
}

/** Errors that mean the request never got an answer: DNS, refused connection, TLS, time-out. */
export function isUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'TimeoutError' || error.name === 'AbortError') return true;
  // fetch wraps the network failure: `TypeError: fetch failed` with the cause.
  return error instanceof TypeError && /fetch failed/i.test(error.message);
}

/** The reason of an unreachable service in a few words (the network error's code). */
export function unreachableDetail(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
}
