/**
 * Who may apply to be the shop's administrator: one rule for the page and both ways of applying
 * (the owner's SMS code, the owner's QR scan). Isomorphic: no I/O.
 */
import type { ErrorEntry } from '#lib/platform/errors.ts';
import { MembershipErrors } from './errors.ts';

/** The applicant's standing in the shop, as adminBindInfo reads it. */
export interface AdminApplicant {
  administrator: boolean;
  /** The user is the shop's owner: they already manage it and have nobody to ask. */
  isOwner: boolean;
  hasOwner: boolean;
}

/** Why the user may not apply, in the order the page tells it; null when they may. */
export type AdminApplyRefusal = 'administrator' | 'owner' | 'no-owner';

export function adminApplyRefusal(applicant: AdminApplicant): AdminApplyRefusal | null {
  if (applicant.administrator) return 'administrator';
  if (applicant.isOwner) return 'owner';
  if (!applicant.hasOwner) return 'no-owner';
  return null;
}

/** The answer a service gives for each refusal. */
export const ADMIN_APPLY_ERRORS: Record<AdminApplyRefusal, ErrorEntry> = {
  administrator: MembershipErrors.ALREADY_ADMIN,
  owner: MembershipErrors.OWNER_NEEDS_NO_ADMIN,
  'no-owner': MembershipErrors.SHOP_HAS_NO_OWNER,
};
