/**
 * The unified social credit code (统一社会信用代码, GB 32100-2015): 18 characters from the digits
 * and the capital letters without I, O, S, V and Z, the last a check character of the first 17.
 * One check for the whole shop: invoice titles, the business licence, certification.
 */

/** The code's 31 characters, each worth its index. */
export const CREDIT_CODE_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
/** The weight of each of the first 17 positions: 3^i mod 31. */
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** The check character the first 17 characters call for; null when they are not 17 of the set. */
export function creditCodeCheckChar(first17: string): string | null {
  if (first17.length !== 17) return null;
  let sum = 0;
  for (let i = 0; i < 17; i += 1) {
    const value = CREDIT_CODE_CHARS.indexOf(first17[i]!);
    if (value < 0) return null;
    sum += value * WEIGHTS[i]!;
  }
  return CREDIT_CODE_CHARS[(31 - (sum % 31)) % 31]!;
}

/** Whether an 18-character code (upper case) carries the right check character. */
export function isCreditCode(code: string): boolean {
  return code.length === 18 && creditCodeCheckChar(code.slice(0, 17)) === code[17];
}
