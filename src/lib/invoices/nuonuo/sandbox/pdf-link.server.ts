/**
 * Where the sandbox serves an issued invoice's PDF: under the address the request came to, with a
 * key only the account's secret makes (the real platform's links are unguessable too).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { sandboxNuonuoRequests } from '#lib/platform/db/schema.ts';
import type { SandboxAccount } from './keys.server.ts';

export const PDF_PATH = /^fp\/(\d{20})\.pdf$/;

export function pdfKey(account: SandboxAccount, serialNo: string): string {
  return createHmac('sha256', account.appSecret)
    .update(`nuonuo-pdf:${serialNo}`, 'utf8')
    .digest('base64url')
    .slice(0, 24);
}

export function verifyPdfKey(account: SandboxAccount, serialNo: string, key: string): boolean {
  const expected = Buffer.from(pdfKey(account, serialNo));
  const given = Buffer.from(key);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function pdfUrlOf(
  row: Pick<typeof sandboxNuonuoRequests.$inferSelect, 'baseUrl' | 'serialNo'>,
  account: SandboxAccount,
): string {
  return `${row.baseUrl}fp/${row.serialNo}.pdf?k=${pdfKey(account, row.serialNo)}`;
}
