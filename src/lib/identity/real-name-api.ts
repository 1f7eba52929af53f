/** The real-name form's call; the request client and the contracts load on first use. */
import type { SavedRealName } from './real-name-contracts.ts';

/** Saves the caller's real name; rejects with the ApiError (silent: the form shows it). */
export async function submitRealName(name: string, idNumber: string): Promise<SavedRealName> {
  const [{ call }, { RealNameEndpoints }] = await Promise.all([
    import('#lib/platform/client.ts'),
    import('./real-name-endpoints.ts'),
  ]);
  return call(RealNameEndpoints.save, { body: { name, idNumber } }, { silent: true });
}
