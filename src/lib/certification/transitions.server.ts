/**
 * The one writer of a certification's status and its events (DESIGN "States are tables"): one
 * conditional UPDATE guarded by the transition table, with the event row in the same transaction.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '#lib/platform/db/client.server.ts';
import { certificationEvents, certifications } from '#lib/platform/db/schema.ts';
import { certificationTransitions, type CertificationStatus } from './status.ts';

export type CertificationActor = 'keeper' | 'owner' | 'check' | 'timer';
type CertificationRow = typeof certifications.$inferSelect;
type CertificationSet = Partial<Omit<CertificationRow, 'id' | 'shopId' | 'userId' | 'status'>>;

/** Moves the certification to `to` when its status allows; the row as moved, or undefined. */
export async function moveCertification(
  tx: Tx,
  input: {
    certificationId: number;
    to: CertificationStatus;
    actor: CertificationActor;
    note?: string;
    set?: CertificationSet;
    now: Date;
  },
): Promise<CertificationRow | undefined> {
  const from = certificationTransitions.allowedFrom(input.to);
  const [before] = await tx
    .select({ status: certifications.status })
    .from(certifications)
    .where(and(eq(certifications.id, input.certificationId), inArray(certifications.status, from)))
    .for('update');
  if (!before) return undefined;
  const [moved] = await tx
    .update(certifications)
    .set({ ...input.set, status: input.to, updatedAt: input.now })
    .where(and(eq(certifications.id, input.certificationId), inArray(certifications.status, from)))
    .returning();
  if (!moved) return undefined;
  await tx.insert(certificationEvents).values({
    certificationId: moved.id,
    fromStatus: before.status,
    toStatus: input.to,
    actor: input.actor,
    note: input.note ?? '',
    createdAt: input.now,
  });
  return moved;
}

/** The event of a certification made as a draft. */
export async function recordDraftCreated(
  tx: Tx,
  input: { certificationId: number; status: CertificationStatus; now: Date },
): Promise<void> {
  await tx.insert(certificationEvents).values({
    certificationId: input.certificationId,
    fromStatus: null,
    toStatus: input.status,
    actor: 'keeper',
    note: '',
    createdAt: input.now,
  });
}
