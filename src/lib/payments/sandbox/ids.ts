/**
 * The identifiers the sandbox gateway hands out, shaped like the real gateway's so a merchant's
 * column sizes and log greps work on both: prepay ids (`wx` + China time + hex), 28-digit
 * transaction ids, 29-digit refund ids, 28-character open ids. Random parts come from the CSPRNG:
 * a prepay id is the key to its cashier page.
 */
import { randomBytes, randomInt } from 'node:crypto';

/** China time as digits, yyyyMMddHHmmss (the real ids carry it). */
function chinaDigits(now: Date): string {
  return new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace(/\D/g, '');
}

function digits(count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) out += String(randomInt(10));
  return out;
}

/** The random tail of a prepay id: also the `pr` token of its native code_url. */
const TAIL_HEX = 20;

/** e.g. wx20261121120000 + 20 hex = 36 characters, as the real ones. */
export function newPrepayId(now: Date): string {
  return `wx${chinaDigits(now)}${randomBytes(TAIL_HEX / 2).toString('hex')}`;
}

/** The token of a native transaction's code_url, derived from its prepay id. */
export function codeToken(prepayId: string): string {
  return prepayId.slice(-TAIL_HEX);
}

export const CODE_TOKEN = /^[0-9a-f]{20}$/;

/** `weixin://wxpay/bizpayurl?pr=…`, what a native transaction's QR code holds. */
export function codeUrl(prepayId: string): string {
  return `weixin://wxpay/bizpayurl?pr=${codeToken(prepayId)}`;
}

export const PREPAY_ID = /^wx\d{14}[0-9a-f]{20}$/;

/** 4200 + yyyyMMdd + 16 digits. */
export function newTransactionId(now: Date): string {
  return `4200${chinaDigits(now).slice(0, 8)}${digits(16)}`;
}

/** 5030 + yyyyMMdd + 17 digits. */
export function newRefundId(now: Date): string {
  return `5030${chinaDigits(now).slice(0, 8)}${digits(17)}`;
}

/** A payer's open id when the cashier page pays (nobody is signed in to the sandbox app there). */
export function newOpenId(): string {
  return `o${randomBytes(20).toString('base64url')}`;
}

/** The Request-ID header of every answer. */
export function newRequestId(): string {
  return randomBytes(20).toString('hex').toUpperCase();
}
