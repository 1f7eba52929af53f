/**
 * 纳税人识别号 on an invoice title. Since 2015 a company's is its 18-character unified social
 * credit code (统一社会信用代码, GB 32100-2015): 17 characters and a check character, all from
 * 0-9 and the capital letters without I, O, S, V and Z. Older ids (15-digit tax registration
 * numbers, 17 or 20 characters) are still printed on some titles: taken as written, unchecked.
 */

/** The code's 31 characters, each worth its index. */
const CHARSET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
/** The weight of each of the first 17 positions: 3^i mod 31. */
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** The check character the first 17 characters of a code call for, or null when one is not in the charset. */
export function usccCheckCharacter(first17: string): string | null {
  if (first17.length !== 17) return null;
  let sum = 0;
  for (let i = 0; i < 17; i += 1) {
    const value = CHARSET.indexOf(first17[i]!);
    if (value < 0) return null;
    sum += value * WEIGHTS[i]!;
  }
  return CHARSET[(31 - (sum % 31)) % 31]!;
}

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
    if (![...taxId].every((c) => CHARSET.includes(c))) return { ok: false, reason: 'charset' };
    return usccCheckCharacter(taxId.slice(0, 17)) === taxId[17]
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
