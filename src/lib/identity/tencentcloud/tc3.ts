/**
 * Tencent Cloud API 3.0's request signature, TC3-HMAC-SHA256, for both ends: the shop's adapters
 * (SMS, faceid) sign with it and the Tencent Cloud sandbox verifies with it. The canonical request
 * is `method\npath\nquery\nheaders\nsignedHeaders\nsha256(body)`, the string to sign
 * `TC3-HMAC-SHA256\ntimestamp\ndate/service/tc3_request\nsha256(canonical request)`, the key
 * HMAC("TC3" + secretKey) over the UTC date, the service and "tc3_request" in turn.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export const TC3_ALGORITHM = 'TC3-HMAC-SHA256';
/** How far X-TC-Timestamp may be from the server's clock (both ways): five minutes. */
export const TC3_WINDOW_SECONDS = 5 * 60;

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) =>
  createHmac('sha256', key).update(data).digest();

/** The UTC calendar day of a unix timestamp: the credential scope's date. */
export function tc3Date(timestamp: number): string {
  return new Date(timestamp * 1000).toISOString().slice(0, 10);
}

export interface Tc3Request {
  method: string;
  /** The URL path as sent ('/'). */
  path: string;
  /** The query string as sent, without '?' ('' for a POST). */
  query: string;
  /** Lower-case header name → value, for every header named in signedHeaders. */
  headers: Readonly<Record<string, string>>;
  /** Lower-case header names, sorted, ';'-joined ("content-type;host;x-tc-action"). */
  signedHeaders: string;
  body: string | Buffer;
}

/** The canonical request: headers in signedHeaders' order, each `name:trimmed value\n`. */
export function canonicalRequest(request: Tc3Request): string {
  const names = request.signedHeaders.split(';');
  const headers = names
    .map((name) => `${name}:${(request.headers[name] ?? '').trim().toLowerCase()}\n`)
    .join('');
  return [
    request.method.toUpperCase(),
    request.path,
    request.query,
    headers,
    request.signedHeaders,
    sha256Hex(request.body),
  ].join('\n');
}

/** The hex signature of a canonical request for one secret key, service and timestamp. */
export function tc3Signature(
  secretKey: string,
  service: string,
  timestamp: number,
  canonical: string,
): string {
  const date = tc3Date(timestamp);
  const stringToSign = [
    TC3_ALGORITHM,
    String(timestamp),
    `${date}/${service}/tc3_request`,
    sha256Hex(canonical),
  ].join('\n');
  const kDate = hmac(`TC3${secretKey}`, date);
  const kService = hmac(kDate, service);
  const kSigning = hmac(kService, 'tc3_request');
  return createHmac('sha256', kSigning).update(stringToSign).digest('hex');
}

/** The Authorization header of a request. */
export function tc3Authorization(input: {
  secretId: string;
  secretKey: string;
  service: string;
  timestamp: number;
  request: Tc3Request;
}): string {
  const signature = tc3Signature(
    input.secretKey,
    input.service,
    input.timestamp,
    canonicalRequest(input.request),
  );
  const scope = `${tc3Date(input.timestamp)}/${input.service}/tc3_request`;
  return `${TC3_ALGORITHM} Credential=${input.secretId}/${scope}, SignedHeaders=${input.request.signedHeaders}, Signature=${signature}`;
}

export interface ParsedAuthorization {
  secretId: string;
  date: string;
  service: string;
  signedHeaders: string;
  signature: string;
}

/** The parts of a TC3 Authorization header, or null when it is not one. */
export function parseTc3Authorization(header: string | null): ParsedAuthorization | null {
  if (!header) return null;
  const match =
    /^TC3-HMAC-SHA256 Credential=([^/\s,]+)\/(\d{4}-\d{2}-\d{2})\/([a-z0-9.-]+)\/tc3_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      header.trim(),
    );
  if (!match) return null;
  const [, secretId, date, service, signedHeaders, signature] = match;
  return {
    secretId: secretId!,
    date: date!,
    service: service!,
    signedHeaders: signedHeaders!,
    signature: signature!,
  };
}

/** The vendor's own error codes for a request that fails authentication. */
export type Tc3Failure =
  | 'AuthFailure.InvalidAuthorization'
  | 'AuthFailure.SignatureExpire'
  | 'AuthFailure.SecretIdNotFound'
  | 'AuthFailure.SignatureFailure';

export type Tc3Verdict =
  | { ok: true; secretId: string; service: string }
  | { ok: false; code: Tc3Failure; message: string };

/**
 * Checks a request's TC3 signature as Tencent Cloud does: the Authorization's form, content-type
 * and host among the signed headers, X-TC-Timestamp within five minutes of `now` and on the
 * scope's date, a known SecretId, a service the caller accepts, then the signature itself.
 *
 * `hosts` are the host values to try for the signed `host` header: the SDKs disagree on whether
 * a port belongs to it (Node's signs the name alone, Go's the name and port), so a verifier
 * behind a port accepts either.
 */
export function verifyTc3(input: {
  method: string;
  path: string;
  query: string;
  /** Lower-case header name → value, as received. */
  headers: Readonly<Record<string, string>>;
  body: string | Buffer;
  hosts: readonly string[];
  secretKeyOf: (secretId: string) => string | undefined;
  services: readonly string[];
  now: Date;
}): Tc3Verdict {
  const auth = parseTc3Authorization(input.headers['authorization'] ?? null);
  const refuse = (code: Tc3Failure, message: string): Tc3Verdict => ({ ok: false, code, message });
  if (!auth) {
    return refuse(
      'AuthFailure.InvalidAuthorization',
      'Authorization is not a TC3-HMAC-SHA256 header.',
    );
  }
  const names = auth.signedHeaders.split(';');
  if (!names.includes('content-type') || !names.includes('host')) {
    return refuse(
      'AuthFailure.InvalidAuthorization',
      'SignedHeaders must include content-type and host.',
    );
  }
  const timestamp = Number(input.headers['x-tc-timestamp']);
  if (!Number.isInteger(timestamp)) {
    return refuse('AuthFailure.InvalidAuthorization', 'X-TC-Timestamp is missing or not a number.');
  }
  if (Math.abs(input.now.getTime() / 1000 - timestamp) > TC3_WINDOW_SECONDS) {
    return refuse(
      'AuthFailure.SignatureExpire',
      'Signature expired. Timestamp and server time cannot differ by more than five minutes.',
    );
  }
  if (auth.date !== tc3Date(timestamp)) {
    return refuse(
      'AuthFailure.InvalidAuthorization',
      'The credential date is not the date of X-TC-Timestamp.',
    );
  }
  const secretKey = input.secretKeyOf(auth.secretId);
  if (secretKey === undefined) {
    return refuse('AuthFailure.SecretIdNotFound', 'The SecretId is not found.');
  }
  if (!input.services.includes(auth.service)) {
    return refuse(
      'AuthFailure.InvalidAuthorization',
      `The credential scope names service ${auth.service}.`,
    );
  }
  const expected = Buffer.from(auth.signature, 'hex');
  for (const host of input.hosts) {
    const canonical = canonicalRequest({
      method: input.method,
      path: input.path,
      query: input.query,
      headers: { ...input.headers, host },
      signedHeaders: auth.signedHeaders,
      body: input.body,
    });
    const actual = Buffer.from(tc3Signature(secretKey, auth.service, timestamp, canonical), 'hex');
    if (timingSafeEqual(actual, expected)) {
      return { ok: true, secretId: auth.secretId, service: auth.service };
    }
  }
  return refuse(
    'AuthFailure.SignatureFailure',
    'The provided credentials could not be validated. Please check your signature is correct.',
  );
}
