/**
 * The messaging app's JS-SDK signature (shell §3 "Wechat-style signature": appId, timestamp,
 * nonceStr, signature): SHA-1 over the ticket, nonce, timestamp and page URL, in that order of
 * keys, joined as a query string, with the URL's #fragment left out.
 */
import { createHash, randomInt } from 'node:crypto';

export interface SignatureInput {
  ticket: string;
  nonceStr: string;
  /** Seconds since the epoch. */
  timestamp: number;
  /** The page's full URL; anything from # on is ignored. */
  url: string;
}

/** The string that is hashed (keys in ASCII order, values raw, not URL-encoded). */
export function signatureBase(input: SignatureInput): string {
  const hash = input.url.indexOf('#');
  const url = hash === -1 ? input.url : input.url.slice(0, hash);
  return `jsapi_ticket=${input.ticket}&noncestr=${input.nonceStr}&timestamp=${input.timestamp}&url=${url}`;
}

export function jsSdkSignature(input: SignatureInput): string {
  return createHash('sha1').update(signatureBase(input), 'utf8').digest('hex');
}

const NONCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random nonce of letters and digits (the SDK accepts up to 32 characters). */
export function newNonce(length = 16): string {
  let nonce = '';
  for (let i = 0; i < length; i++) nonce += NONCE_ALPHABET[randomInt(NONCE_ALPHABET.length)];
  return nonce;
}
