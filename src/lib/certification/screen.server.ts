/**
 * What the keeper's certification pages show in one read: their certification (masked), the
 * separate consent still to give, their real name (masked), the agreements their payouts need
 * with whether each is signed, and whether they may be paid.
 */
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { readRealName, type RealNameView } from '#lib/identity/index.server.ts';
import { unsignedAgreements } from '#lib/legal/index.server.ts';
import { agreementInfo, type AgreementType, type PendingAgreement } from '#lib/legal/index.ts';
import { readCertification, type CertificationView } from './certifications.server.ts';
import { consentToGive } from './consent.server.ts';
import {
  PAYOUT_AGREEMENTS,
  payoutReadiness,
  type PayoutReadiness,
} from './payout-clearance.server.ts';
import type { CertificationKind } from './status.ts';

export interface CertificationScreen {
  certification: CertificationView | null;
  /** The separate consent still to give before anything is collected; null once given. */
  consent: PendingAgreement | null;
  realName: RealNameView | null;
  /** The agreements a payout of this kind needs (of a person when nothing is chosen yet). */
  agreements: { type: AgreementType; title: string; signed: boolean }[];
  readiness: PayoutReadiness;
}

export async function readCertificationScreen(
  db: DbOrTx,
  input: { shopId: string; userId: number; kind?: CertificationKind | undefined; now?: Date },
): Promise<CertificationScreen> {
  const now = input.now ?? new Date();
  const [certification, consent, realName, readiness] = await Promise.all([
    readCertification(db, { ...input, now }),
    consentToGive(db, { ...input, now }),
    readRealName(db, input.userId),
    payoutReadiness(db, { ...input, now }),
  ]);
  const kind = input.kind ?? certification?.kind ?? 'individual';
  const types = PAYOUT_AGREEMENTS[kind];
  const unsigned = new Set(
    (await unsignedAgreements(db, { ...input, types, now })).map((a) => a.type),
  );
  return {
    certification,
    consent,
    realName,
    agreements: types.map((type) => ({
      type,
      title: agreementInfo(type).name,
      signed: !unsigned.has(type),
    })),
    readiness,
  };
}
