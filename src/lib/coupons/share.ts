/**
 * A shop keeper's coupon share (pure, isomorphic): where a handed-out coupon is drawn and what
 * the shared card says. The link itself is built on the server (share.server.ts).
 */

/** Where a shopper draws a coupon a shop keeper handed out: a share link or the success page. */
export const HANDOUT_SCENES = ['share', 'pay'] as const;
export type HandoutScene = (typeof HANDOUT_SCENES)[number];

/** The shared card's title: 送你一张¥20优惠券. */
export function shareTitle(face: string): string {
  return `送你一张${face}优惠券`;
}

/** The shared card's line: the condition and how long it is valid once claimed. */
export function shareDesc(condition: string, validity: string): string {
  return `${condition}，${validity}`;
}
