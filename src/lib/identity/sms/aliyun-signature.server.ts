/**
 * Aliyun's request signature V3 (ACS3-HMAC-SHA256), as @alicloud/openapi-core computes it: the
 * canonical request (method, path, sorted query, the signed headers, the body's SHA-256) hashed,
 * then an HMAC-SHA256 with the AccessKey secret, all hex. The adapter signs with it and the
 * sandbox checks with it; the vendor's own SDK is the independent check (aliyun-sdk.test.ts).
 */
import { createHash, createHmac } from 'node:crypto';

export const ACS3_ALGORITHM = 'ACS3-HMAC-SHA256';

/** Percent-encoding as Aliyun canonicalises: RFC 3986, so also ! ' ( ) * are escaped. */
export function acsEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** key=value pairs sorted by key, each value encoded (the query string as it is signed). */
export function canonicalQuery(query: ReadonlyArray<readonly [string, string]>): string {
  return [...query]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${acsEncode(value)}`)
    .join('&');
}

export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** yyyy-MM-ddTHH:mm:ssZ, the x-acs-date. */
export function acsDate(now: Date): string {
  return now.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export interface SignedRequest {
  method: string;
  /** The request path, `/` for RPC-style calls. */
  path: string;
  query: ReadonlyArray<readonly [string, string]>;
  /** The headers to sign, names in lower case (host, x-acs-*, content-type when present). */
  headers: Readonly<Record<string, string>>;
  /** The hex SHA-256 of the body (x-acs-content-sha256). */
  payloadHash: string;
}

/** The hex signature of a request; the signed header names come from `headers`, sorted. */
export function acs3Signature(request: SignedRequest, secret: string): string {
  const names = Object.keys(request.headers).sort();
  const canonical = [
    request.method.toUpperCase(),
    request.path,
    canonicalQuery(request.query),
    names.map((name) => `${name}:${request.headers[name]!.trim()}\n`).join(''),
    names.join(';'),
    request.payloadHash,
  ].join('\n');
  const toSign = `${ACS3_ALGORITHM}\n${sha256Hex(canonical)}`;
  return createHmac('sha256', secret).update(toSign).digest('hex');
}

/** The Authorization header for an AccessKey. */
export function acs3Authorization(request: SignedRequest, id: string, secret: string): string {
  const signedHeaders = Object.keys(request.headers).sort().join(';');
  return `${ACS3_ALGORITHM} Credential=${id},SignedHeaders=${signedHeaders},Signature=${acs3Signature(request, secret)}`;
}
