/**
 * What must hold before a keeper is paid (issue #30 item 4), checked in the withdrawal's own
 * transaction: the keeper is certified in the shop, has signed the agreements of their kind in
 * the versions in force, and — paid as a person — stays within the month and year quotas, with
 * the tax withheld by the cumulative method and recorded with the withdrawal.
 */
import { and, eq } from 'drizzle-orm';
import { appError } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';
import type { DbOrTx, Tx } from '#lib/platform/db/client.server.ts';
import { certifications } from '#lib/platform/db/schema.ts';
import { unsignedAgreements } from '#lib/legal/index.server.ts';
import type { AgreementType, PendingAgreement } from '#lib/legal/index.ts';
import { CertificationStatus, type CertificationKind } from './status.ts';
import { withholdLabourTax } from './payout-tax.server.ts';

/** The agreements a kind signs before its first payout (a new version asks again). */
export const PAYOUT_AGREEMENTS: Record<CertificationKind, readonly AgreementType[]> = {
  // Paid as 劳务报酬: the person's terms and the tax agency agreement.
  individual: ['individualProtocol', 'taxIndividualProtocol'],
  // Paid against its own invoice.
  business: ['indComProtocol'],
  // Its contract with the shop is the keeper service agreement every keeper signs.
  enterprise: [],
};

export interface PayoutClearance {
  kind: CertificationKind;
  /** Withheld from this payout (a person's 劳务报酬); 0 for a business or an enterprise. */
  taxCents: number;
}

/** Where a keeper stands before asking for a payout (申请提现 shows what is still to do). */
export type PayoutReadiness =
  | { ready: false; step: 'certify'; status: CertificationStatus | null }
  | { ready: false; step: 'sign'; kind: CertificationKind; unsigned: PendingAgreement[] }
  | { ready: true; kind: CertificationKind };

export async function payoutReadiness(
  db: DbOrTx,
  input: { shopId: string; userId: number; now?: Date },
): Promise<PayoutReadiness> {
  const [row] = await db
    .select({ kind: certifications.kind, status: certifications.status })
    .from(certifications)
    .where(and(eq(certifications.shopId, input.shopId), eq(certifications.userId, input.userId)));
  if (row?.status !== CertificationStatus.Verified) {
    return { ready: false, step: 'certify', status: (row?.status as CertificationStatus) ?? null };
  }
  const kind = row.kind as CertificationKind;
  const unsigned = await unsignedAgreements(db, {
    shopId: input.shopId,
    userId: input.userId,
    types: PAYOUT_AGREEMENTS[kind],
    now: input.now ?? new Date(),
  });
  return unsigned.length ? { ready: false, step: 'sign', kind, unsigned } : { ready: true, kind };
}

/**
 * Refuses the payout unless the keeper is ready (as payoutReadiness tells), then withholds a
 * person's tax within the quotas. Runs in the withdrawal's transaction.
 */
export async function clearForPayout(
  tx: Tx,
  input: { withdrawalNo: string; shopId: string; userId: number; amountCents: number; now: Date },
): Promise<PayoutClearance> {
  const readiness = await payoutReadiness(tx, input);
  if (!readiness.ready) {
    if (readiness.step === 'certify') throw appError(Errors.PAYOUT_NOT_CERTIFIED);
    throw appError({
      ...Errors.PAYOUT_PROTOCOL_UNSIGNED,
      message: `请先签署${readiness.unsigned.map((a) => `《${a.title}》`).join('')}再提现`,
    });
  }
  const { kind } = readiness;
  if (kind !== 'individual') return { kind, taxCents: 0 };
  const withholding = await withholdLabourTax(tx, {
    withdrawalNo: input.withdrawalNo,
    shopId: input.shopId,
    userId: input.userId,
    incomeCents: input.amountCents,
    now: input.now,
  });
  return { kind, taxCents: withholding.taxCents };
}
