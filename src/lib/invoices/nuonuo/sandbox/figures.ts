/**
 * What the sandbox platform checks and prints the way the tax bureau does: the buyer's 纳税人识别号
 * (GB 32100's check character of the 18-character unified social credit code, platform/credit-code.ts; the
 * older 15-, 17- and 20-character ids taken as they are), and the codes the sandbox makes.
 */

import { creditCodeCheckChar } from '#lib/platform/credit-code.ts';

/** GB 11714: the check character of a 9-character organisation code's first 8. */
export function orgCodeCheckChar(body: string): string {
  const weights = [3, 7, 9, 10, 5, 8, 4, 2];
  let sum = 0;
  for (let i = 0; i < 8; i++) {
    const c = body[i]!;
    const value = /\d/.test(c) ? Number(c) : c.charCodeAt(0) - 55;
    sum += value * weights[i]!;
  }
  const check = 11 - (sum % 11);
  return check === 10 ? 'X' : check === 11 ? '0' : String(check);
}

export type TaxNoCheck = { ok: true } | { ok: false; reason: string };

/** The platform's check of a buyer's 纳税人识别号 (given in upper case, as it must be). */
export function checkTaxNo(taxNo: string): TaxNoCheck {
  if (!/^[0-9A-Z]+$/.test(taxNo)) {
    return { ok: false, reason: '购方税号有误：只能由数字和大写字母组成' };
  }
  if (taxNo.length === 18) {
    const check = creditCodeCheckChar(taxNo.slice(0, 17));
    if (check === null) return { ok: false, reason: '购方税号有误：含有不允许的字符' };
    if (check !== taxNo[17]) return { ok: false, reason: '购方税号有误：校验码不正确' };
    return { ok: true };
  }
  if ([15, 17, 20].includes(taxNo.length)) return { ok: true };
  return { ok: false, reason: '购方税号有误：长度应为15、17、18或20位' };
}

/** A valid code in `region` (6 digits) for the organisation `org` (8 characters of the code set). */
export function makeUscc(region: string, org: string): string {
  const organisation = org + orgCodeCheckChar(org);
  const body = `91${region}${organisation}`;
  return body + creditCodeCheckChar(body)!;
}
