/**
 * 云账户 (Yunzhanghu) open API's envelope, as its SDKs build it (decision 055): the request's
 * parameters go as JSON, encrypted with 3DES-CBC (the 24-character 3DES key, its first 8
 * characters the IV, PKCS#7 padding, base64), in `data`; beside it a random `mess`, a
 * millisecond `timestamp`, the `sign` and `sign_type`. With sign_type `sha256` the sign is
 * HMAC-SHA256 keyed with the App Key over `data=…&mess=…&timestamp=…&key=<App Key>`, in hex.
 * Headers name the platform (`dealer-id`) and the request (`request-id`). Answers are JSON
 * `{ code, message, request_id, data }`, code `0000` on success; a query asked with
 * `data_type=encryption` gets `data` encrypted the same way. Notifications arrive as the same
 * four fields and are verified, then decrypted, before anything is done with them.
 */
import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

export const SIGN_TYPE = 'sha256';

export interface Credentials {
  appKey: string;
  /** 24 characters. */
  des3Key: string;
}

export interface Envelope {
  data: string;
  mess: string;
  timestamp: string;
  sign: string;
  sign_type: typeof SIGN_TYPE;
}

export function encrypt(plaintext: string, des3Key: string): string {
  const cipher = createCipheriv('des-ede3-cbc', des3Key, des3Key.slice(0, 8));
  return cipher.update(plaintext, 'utf8', 'base64') + cipher.final('base64');
}

export function decrypt(ciphertext: string, des3Key: string): string {
  const decipher = createDecipheriv('des-ede3-cbc', des3Key, des3Key.slice(0, 8));
  return decipher.update(ciphertext, 'base64', 'utf8') + decipher.final('utf8');
}

export function sign(fields: { data: string; mess: string; timestamp: string }, appKey: string) {
  return createHmac('sha256', appKey)
    .update(`data=${fields.data}&mess=${fields.mess}&timestamp=${fields.timestamp}&key=${appKey}`)
    .digest('hex');
}

/** Whether the fields carry the sign of this App Key (compared in constant time). */
export function verify(
  fields: { data: string; mess: string; timestamp: string; sign: string },
  appKey: string,
): boolean {
  const expected = Buffer.from(sign(fields, appKey), 'hex');
  const given = Buffer.from(fields.sign, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The envelope of a request's parameters. */
export function seal(params: unknown, credentials: Credentials, now = Date.now()): Envelope {
  const data = encrypt(JSON.stringify(params), credentials.des3Key);
  const fields = { data, mess: randomBytes(16).toString('hex'), timestamp: String(now) };
  return { ...fields, sign: sign(fields, credentials.appKey), sign_type: SIGN_TYPE };
}

/** The parameters of an envelope whose sign holds; null when it does not or cannot be read. */
export function open<T>(
  fields: Partial<Record<keyof Envelope, string | null>>,
  credentials: Credentials,
): T | null {
  const { data, mess, timestamp, sign: given } = fields;
  if (!data || !mess || !timestamp || !given) return null;
  if (!verify({ data, mess, timestamp, sign: given }, credentials.appKey)) return null;
  try {
    return JSON.parse(decrypt(data, credentials.des3Key)) as T;
  } catch {
    return null;
  }
}

/** Amounts travel as yuan with two decimals ("12.34"). */
export const yuan = (cents: number) => (cents / 100).toFixed(2);

/** Cents of a yuan amount as the API writes it; null when it is no amount. */
export function centsOf(amount: string): number | null {
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(amount)) return null;
  const [whole, fraction = ''] = amount.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/**
 * An order's status (查询单笔订单信息 `status`): 1 paid; 2 failed, 9 returned by the bank
 * (退汇), 15 cancelled — the money comes back; anything else (0 accepted, 4 held, 5 paying, 8
 * waiting to be paid) is not final yet.
 */
export function orderOutcome(status: string): 'SUCCESS' | 'FAIL' | 'PENDING' {
  if (status === '1') return 'SUCCESS';
  if (status === '2' || status === '9' || status === '15') return 'FAIL';
  return 'PENDING';
}
