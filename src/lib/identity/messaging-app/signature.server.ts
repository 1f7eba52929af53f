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

export interface JsSdkConfig {
  appId: string;
  timestamp: number;
  nonceStr: string;
  signature: string;
}

/**
 * What a page of this site needs for the SDK's config: the signature for its URL, or null when
 * the URL is not a page of `origin` (a signature for anyone's page is not ours to give).
 */
export async function jsSdkConfig(
  provider: { appId: string; jsapiTicket(): Promise<string> },
  pageUrl: string,
  origin: string,
  now = new Date(),
): Promise<JsSdkConfig | null> {
  let url: URL;
  try {
    url = new URL(pageUrl);
  } catch {
    return null;
  }
  if (url.origin !== origin || url.username || url.password) return null;
  const timestamp = Math.floor(now.getTime() / 1000);
  const nonceStr = newNonce();
  const signature = jsSdkSignature({
    ticket: await provider.jsapiTicket(),
    nonceStr,
    timestamp,
    url: pageUrl,
  });
  return { appId: provider.appId, timestamp, nonceStr, signature };
}
