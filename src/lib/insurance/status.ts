/** The states of a freight insurance claim (理赔), DESIGN "States are tables". */
import { transitions } from '#lib/platform/transitions.ts';

export const ClaimStatus = {
  /** Recorded when the return was approved: the shop owes the shopper the cover. */
  Owed: 0,
  /** Paid out to the shopper. */
  Paid: 1,
} as const;
export type ClaimStatus = (typeof ClaimStatus)[keyof typeof ClaimStatus];

export const claimTransitions = transitions<ClaimStatus>({
  [ClaimStatus.Owed]: [ClaimStatus.Paid],
  [ClaimStatus.Paid]: [],
});

export const CLAIM_STATUS_TEXT: Record<ClaimStatus, string> = {
  [ClaimStatus.Owed]: '待赔付',
  [ClaimStatus.Paid]: '已赔付',
};
