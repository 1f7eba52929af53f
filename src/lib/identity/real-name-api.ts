/** The real-name form's call. */
import type { SavedRealName } from './real-name-contracts.ts';
import { call } from '#lib/platform/client.ts';
import * as RealNameEndpoints from './real-name-endpoints.ts';

/** Saves the caller's real name; rejects with the ApiError (silent: the form shows it). */
export async function submitRealName(name: string, idNumber: string): Promise<SavedRealName> {
  return call(RealNameEndpoints.save, { body: { name, idNumber } }, { silent: true });
}
