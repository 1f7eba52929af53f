/**
 * The tax withheld on a payout of 劳务报酬 (decision 054): computed by the cumulative method from
 * the person's earlier payouts this tax year and recorded with the payout, in the caller's
 * transaction, under the person's lock so that two payouts at once never miss each other (nor
 * pass the month and year quotas together). Asked
 * again for the same withdrawal, it answers what was recorded. A payout that did not happen is
 * voided and no longer counted.
 */
import { and, asc, desc, eq, isNull, like } from 'drizzle-orm';
import { appError } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';
import type { DbOrTx, Tx } from '#lib/platform/db/client.server.ts';
import { payoutTaxes } from '#lib/platform/db/schema.ts';
import { LockClass, lockForTransaction } from '#lib/platform/db/locks.server.ts';
import { shopDay } from '#lib/platform/time.ts';
import { verifiedPersonKey } from '#lib/identity/index.server.ts';
import { quotaExceeded, withholdingFor, type EarlierPayout, type Withholding } from './tax.ts';

/** The person's payouts of the tax year of `day` that count (not voided), in the order made. */
function earlierPayouts(db: DbOrTx, personKey: string, day: string): Promise<EarlierPayout[]> {
  return db
    .select({
      month: payoutTaxes.month,
      incomeCents: payoutTaxes.incomeCents,
      taxCents: payoutTaxes.taxCents,
    })
    .from(payoutTaxes)
    .where(
      and(
        eq(payoutTaxes.personKey, personKey),
        like(payoutTaxes.month, `${day.slice(0, 4)}-%`),
        isNull(payoutTaxes.voidedAt),
      ),
    )
    .orderBy(asc(payoutTaxes.id));
}

/**
 * What 申请提现 estimates a person's tax from before they confirm: their payouts this year as
 * recorded so far; null for a user without a verified person (no tax is computed for them).
 */
export async function payoutsThisYear(
  db: DbOrTx,
  userId: number,
  now = new Date(),
): Promise<EarlierPayout[] | null> {
  const personKey = await verifiedPersonKey(db, userId);
  return personKey ? earlierPayouts(db, personKey, shopDay(now)) : null;
}

export async function withholdLabourTax(
  tx: Tx,
  input: { withdrawalNo: string; shopId: string; userId: number; incomeCents: number; now: Date },
): Promise<Withholding> {
  const personKey = await verifiedPersonKey(tx, input.userId);
  if (!personKey) throw appError(Errors.TAXPAYER_UNVERIFIED);
  await lockForTransaction(tx, LockClass.labourTax, personKey);
  const [recorded] = await tx
    .select({ calculation: payoutTaxes.calculation })
    .from(payoutTaxes)
    .where(eq(payoutTaxes.withdrawalNo, input.withdrawalNo));
  if (recorded) return recorded.calculation;
  const day = shopDay(input.now);
  const earlier = await earlierPayouts(tx, personKey, day);
  // The quotas count every payout of the person's this year, in every shop, under the same lock.
  const over = quotaExceeded({ day, incomeCents: input.incomeCents, earlier });
  if (over) throw appError(over === 'month' ? Errors.PAYOUT_MONTH_QUOTA : Errors.PAYOUT_YEAR_QUOTA);
  const withholding = withholdingFor({ day, incomeCents: input.incomeCents, earlier });
  await tx.insert(payoutTaxes).values({
    withdrawalNo: input.withdrawalNo,
    shopId: input.shopId,
    userId: input.userId,
    personKey,
    month: withholding.month,
    incomeCents: input.incomeCents,
    taxCents: withholding.taxCents,
    calculation: withholding,
    createdAt: input.now,
  });
  return withholding;
}

/** The payout of this withdrawal did not happen: its tax is no longer counted. */
export async function voidLabourTax(
  tx: Tx,
  input: { withdrawalNo: string; now: Date },
): Promise<void> {
  await tx
    .update(payoutTaxes)
    .set({ voidedAt: input.now })
    .where(and(eq(payoutTaxes.withdrawalNo, input.withdrawalNo), isNull(payoutTaxes.voidedAt)));
}

/** The calculation recorded for a withdrawal of this user's, or null (taxGrcDetail). */
export async function payoutTaxOf(
  db: DbOrTx,
  input: { withdrawalNo: string; userId: number },
): Promise<(Withholding & { voided: boolean }) | null> {
  const [row] = await db
    .select({ calculation: payoutTaxes.calculation, voidedAt: payoutTaxes.voidedAt })
    .from(payoutTaxes)
    .where(
      and(eq(payoutTaxes.withdrawalNo, input.withdrawalNo), eq(payoutTaxes.userId, input.userId)),
    );
  return row ? { ...row.calculation, voided: row.voidedAt !== null } : null;
}

/** A payout's tax as listed for its person: the withdrawal, month, income and tax, newest first. */
export interface PayoutTaxRow {
  withdrawalNo: string;
  month: string;
  incomeCents: number;
  taxCents: number;
  voided: boolean;
}

/** This user's payout taxes of a tax year (taxGrcDetail without a withdrawal). */
export async function listPayoutTaxes(
  db: DbOrTx,
  input: { userId: number; year: string },
): Promise<PayoutTaxRow[]> {
  const rows = await db
    .select({
      withdrawalNo: payoutTaxes.withdrawalNo,
      month: payoutTaxes.month,
      incomeCents: payoutTaxes.incomeCents,
      taxCents: payoutTaxes.taxCents,
      voidedAt: payoutTaxes.voidedAt,
    })
    .from(payoutTaxes)
    .where(and(eq(payoutTaxes.userId, input.userId), like(payoutTaxes.month, `${input.year}-%`)))
    .orderBy(desc(payoutTaxes.id));
  return rows.map(({ voidedAt, ...row }) => ({ ...row, voided: voidedAt !== null }));
}
