/**
 * WeChat Pay API v3, the parts both ends of the protocol share (the merchant's adapter and the
 * built-in sandbox gateway): the request signature (`WECHATPAY2-SHA256-RSA2048` Authorization),
 * the signature of answers and notifications (Wechatpay-* headers over `timestamp\nnonce\nbody\n`),
 * the AEAD_AES_256_GCM resource of a notification, and the in-app pay request's paySign.
 * RSA is PKCS#1 v1.5 with SHA-256, base64; everything is node:crypto.
 */
import {
  constants,
  createCipheriv,
  createDecipheriv,
  privateDecrypt,
  publicEncrypt,
  createPrivateKey,
  createPublicKey,
  createSign,
  createVerify,
  randomBytes,
  type KeyObject,
} from 'node:crypto';

export const AUTH_SCHEMA = 'WECHATPAY2-SHA256-RSA2048';
/** How far a signed timestamp may be from now (both ways) before it is refused. */
export const TIMESTAMP_WINDOW_SECONDS = 5 * 60;

export type Key = KeyObject | string;

function privateKey(key: Key): KeyObject {
  return typeof key === 'string' ? createPrivateKey(key) : key;
}

function publicKey(key: Key): KeyObject {
  if (typeof key !== 'string') return key.type === 'private' ? createPublicKey(key) : key;
  return createPublicKey(key);
}

export function rsaSign(message: string, key: Key): string {
  return createSign('RSA-SHA256').update(message, 'utf8').sign(privateKey(key), 'base64');
}

export function rsaVerify(message: string, signature: string, key: Key): boolean {
  try {
    return createVerify('RSA-SHA256')
      .update(message, 'utf8')
      .verify(publicKey(key), signature, 'base64');
  } catch {
    return false;
  }
}

const NONCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A nonce of upper-case letters and digits, as the gateway's own. */
export function newNonce(length = 32): string {
  const bytes = randomBytes(length);
  let nonce = '';
  for (const byte of bytes) nonce += NONCE_ALPHABET[byte % NONCE_ALPHABET.length];
  return nonce;
}

export function unixSeconds(now: Date = new Date()): number {
  return Math.floor(now.getTime() / 1000);
}

/** The string a merchant request signs: method, path with query, timestamp, nonce, body. */
export function requestMessage(input: {
  method: string;
  /** Path and query as sent, e.g. `/v3/pay/transactions/out-trade-no/X?mchid=1`. */
  url: string;
  timestamp: number | string;
  nonce: string;
  body: string;
}): string {
  return `${input.method.toUpperCase()}\n${input.url}\n${input.timestamp}\n${input.nonce}\n${input.body}\n`;
}

/** The string an answer or a notification signs. */
export function responseMessage(timestamp: number | string, nonce: string, body: string): string {
  return `${timestamp}\n${nonce}\n${body}\n`;
}

export interface AuthorizationFields {
  mchid: string;
  nonce_str: string;
  signature: string;
  timestamp: string;
  serial_no: string;
}

/** The Authorization header of a merchant request. */
export function authorization(input: {
  mchId: string;
  serial: string;
  privateKey: Key;
  method: string;
  url: string;
  body: string;
  nonce?: string;
  timestamp?: number;
}): string {
  const nonce = input.nonce ?? newNonce();
  const timestamp = input.timestamp ?? unixSeconds();
  const signature = rsaSign(
    requestMessage({ method: input.method, url: input.url, timestamp, nonce, body: input.body }),
    input.privateKey,
  );
  return (
    `${AUTH_SCHEMA} mchid="${input.mchId}",nonce_str="${nonce}",signature="${signature}",` +
    `timestamp="${timestamp}",serial_no="${input.serial}"`
  );
}

/** The fields of an Authorization header, or null when it is not a v3 one. */
export function parseAuthorization(header: string | null): AuthorizationFields | null {
  if (!header?.startsWith(`${AUTH_SCHEMA} `)) return null;
  const fields: Record<string, string> = {};
  for (const match of header.slice(AUTH_SCHEMA.length + 1).matchAll(/(\w+)="([^"]*)"/g)) {
    fields[match[1]!] = match[2]!;
  }
  const { mchid, nonce_str, signature, timestamp, serial_no } = fields;
  if (!mchid || !nonce_str || !signature || !timestamp || !serial_no) return null;
  return { mchid, nonce_str, signature, timestamp, serial_no };
}

/** The Wechatpay-* headers that sign an answer or a notification with the platform key. */
export function signedHeaders(input: {
  body: string;
  serial: string;
  privateKey: Key;
  nonce?: string;
  timestamp?: number;
}): Record<string, string> {
  const nonce = input.nonce ?? newNonce();
  const timestamp = input.timestamp ?? unixSeconds();
  return {
    'Wechatpay-Timestamp': String(timestamp),
    'Wechatpay-Nonce': nonce,
    'Wechatpay-Signature': rsaSign(responseMessage(timestamp, nonce, input.body), input.privateKey),
    'Wechatpay-Serial': input.serial,
  };
}

export type SignatureVerdict =
  { ok: true } | { ok: false; reason: 'missing' | 'serial' | 'timestamp' | 'signature' };

/**
 * Checks the Wechatpay-* headers of an answer or a notification: the serial names the platform
 * key we hold, the timestamp is within five minutes of now, the signature verifies.
 */
export function verifySignedHeaders(input: {
  headers: { get(name: string): string | null };
  body: string;
  /** Platform keys by serial or public-key id. */
  keys: ReadonlyMap<string, Key>;
  now?: Date;
}): SignatureVerdict {
  const timestamp = input.headers.get('wechatpay-timestamp');
  const nonce = input.headers.get('wechatpay-nonce');
  const signature = input.headers.get('wechatpay-signature');
  const serial = input.headers.get('wechatpay-serial');
  if (!timestamp || !nonce || !signature || !serial) return { ok: false, reason: 'missing' };
  const key = input.keys.get(serial);
  if (!key) return { ok: false, reason: 'serial' };
  const seconds = /^\d{1,12}$/.test(timestamp) ? Number(timestamp) : NaN;
  if (!(Math.abs(unixSeconds(input.now) - seconds) <= TIMESTAMP_WINDOW_SECONDS)) {
    return { ok: false, reason: 'timestamp' };
  }
  if (!rsaVerify(responseMessage(timestamp, nonce, input.body), signature, key)) {
    return { ok: false, reason: 'signature' };
  }
  return { ok: true };
}

/** The encrypted resource of a notification. */
export interface EncryptedResource {
  algorithm: 'AEAD_AES_256_GCM';
  ciphertext: string;
  associated_data: string;
  original_type: string;
  nonce: string;
}

/** A notification's body as the gateway posts it. */
export interface Notification {
  id: string;
  create_time: string;
  event_type: string;
  resource_type: 'encrypt-resource';
  summary: string;
  resource: EncryptedResource;
}

const TAG_BYTES = 16;

/** AEAD_AES_256_GCM with the 32-byte API v3 key; the ciphertext carries its tag at the end. */
export function encryptResource(input: {
  plaintext: string;
  apiV3Key: string;
  associatedData: string;
  originalType: string;
  nonce?: string;
}): EncryptedResource {
  const nonce = input.nonce ?? newNonce(12);
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(input.apiV3Key, 'utf8'), nonce);
  cipher.setAAD(Buffer.from(input.associatedData, 'utf8'));
  const body = Buffer.concat([cipher.update(input.plaintext, 'utf8'), cipher.final()]);
  return {
    algorithm: 'AEAD_AES_256_GCM',
    ciphertext: Buffer.concat([body, cipher.getAuthTag()]).toString('base64'),
    associated_data: input.associatedData,
    original_type: input.originalType,
    nonce,
  };
}

/** The plaintext of an encrypted resource, or null when it does not decrypt (wrong key, altered). */
export function decryptResource(resource: EncryptedResource, apiV3Key: string): string | null {
  try {
    if (resource.algorithm !== 'AEAD_AES_256_GCM') return null;
    const data = Buffer.from(resource.ciphertext, 'base64');
    if (data.length <= TAG_BYTES) return null;
    const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), resource.nonce);
    decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
    decipher.setAuthTag(data.subarray(data.length - TAG_BYTES));
    return Buffer.concat([
      decipher.update(data.subarray(0, data.length - TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return null;
  }
}

/** What the page hands the messaging app's pay request (getBrandWCPayRequest). */
export interface JsapiPayParams {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: 'RSA';
  paySign: string;
}

/** The message paySign signs: appId, timeStamp, nonceStr and package, one per line. */
export function payRequestMessage(p: Omit<JsapiPayParams, 'signType' | 'paySign'>): string {
  return `${p.appId}\n${p.timeStamp}\n${p.nonceStr}\n${p.package}\n`;
}

/** The in-app pay request for a prepay id, signed with the merchant key. */
export function jsapiPayParams(input: {
  appId: string;
  prepayId: string;
  privateKey: Key;
  nonce?: string;
  timestamp?: number;
}): JsapiPayParams {
  const params = {
    appId: input.appId,
    timeStamp: String(input.timestamp ?? unixSeconds()),
    nonceStr: input.nonce ?? newNonce(),
    package: `prepay_id=${input.prepayId}`,
  };
  return {
    ...params,
    signType: 'RSA',
    paySign: rsaSign(payRequestMessage(params), input.privateKey),
  };
}

/**
 * A sensitive field (a payee's name) as the gateway takes it: RSAES-OAEP (SHA-1, the padding
 * WeChat Pay names) with the platform public key, base64. The request then names that key in
 * its Wechatpay-Serial header.
 */
export function encryptSensitive(plaintext: string, platformPublicKey: Key): string {
  return publicEncrypt(
    { key: publicKey(platformPublicKey), padding: constants.RSA_PKCS1_OAEP_PADDING },
    Buffer.from(plaintext, 'utf8'),
  ).toString('base64');
}

/** The gateway's side of encryptSensitive; null when it does not decrypt with this key. */
export function decryptSensitive(ciphertext: string, platformPrivateKey: Key): string | null {
  try {
    return privateDecrypt(
      { key: privateKey(platformPrivateKey), padding: constants.RSA_PKCS1_OAEP_PADDING },
      Buffer.from(ciphertext, 'base64'),
    ).toString('utf8');
  } catch {
    return null;
  }
}

/** RFC 3339 in China time, as the gateway writes times (2026-11-23T10:12:00+08:00). */
export function chinaTime(date: Date): string {
  const shifted = new Date(date.getTime() + 8 * 3600_000);
  return `${shifted.toISOString().slice(0, 19)}+08:00`;
}
