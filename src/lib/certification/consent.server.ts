/**
 * The separate consent (个人信息单独同意, PIPL §28–29) a keeper gives before any ID number, ID
 * photo, licence or card of theirs is collected for certification: the shop's
 * personalInfoConsent agreement, accepted in the version in force.
 */
import { appError } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { unsignedAgreements } from '#lib/legal/index.server.ts';
import type { PendingAgreement } from '#lib/legal/index.ts';

/** The consent still to give, or null once given in the version in force. */
export async function consentToGive(
  db: DbOrTx,
  input: { shopId: string; userId: number; now?: Date },
): Promise<PendingAgreement | null> {
  const [pending] = await unsignedAgreements(db, { ...input, types: ['personalInfoConsent'] });
  return pending ?? null;
}

export async function requireConsent(
  db: DbOrTx,
  input: { shopId: string; userId: number; now?: Date },
): Promise<void> {
  if (await consentToGive(db, input)) throw appError(Errors.CONSENT_REQUIRED);
}
