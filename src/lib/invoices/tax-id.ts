/**
 * 纳税人识别号 on an invoice title. Since 2015 a company's is its 18-character unified social
 * credit code (统一社会信用代码, GB 32100-2015): 17 characters and a check character, all from
 * 0-9 and the capital letters without I, O, S, V and Z. Older ids (15-digit tax registration
 * numbers, 17 or 20 characters) are still printed on some titles: taken as written, unchecked.
 */
import { CREDIT_CODE_CHARS, creditCodeCheckChar } from '#lib/platform/credit-code.ts';

export type TaxIdCheck =
  | { ok: true; taxId: string; kind: 'uscc' | 'legacy' }
  | { ok: false; reason: 'empty' | 'length' | 'charset' | 'check' };

/**
 * Reads a tax id as a shopper types it: spaces dropped, upper-cased first. An 18-character one
 * must be a credit code with the right check character; 15, 17 or 20 letters and digits pass as
 * legacy ids.
 */
export function checkTaxId(input: string): TaxIdCheck {
  const taxId = input.replace(/\s+/g, '').toUpperCase();
  if (taxId === '') return { ok: false, reason: 'empty' };
  if (taxId.length === 18) {
    if (![...taxId].every((c) => CREDIT_CODE_CHARS.includes(c)))
      return { ok: false, reason: 'charset' };
    return creditCodeCheckChar(taxId.slice(0, 17)) === taxId[17]
      ? { ok: true, taxId, kind: 'uscc' }
      : { ok: false, reason: 'check' };
  }
  if (taxId.length === 15 || taxId.length === 17 || taxId.length === 20) {
    return /^[0-9A-Z]+$/.test(taxId)
      ? { ok: true, taxId, kind: 'legacy' }
      : { ok: false, reason: 'charset' };
  }
  return { ok: false, reason: 'length' };
}
