/**
 * What the sandbox platform checks and prints the way the tax bureau does: the buyer's 纳税人识别号
 * (GB 32100's check character of the 18-character unified social credit code; the older 15-, 17-
 * and 20-character ids taken as they are) and an amount in Chinese capitals (大写) for 价税合计.
 */

/** The code's 31 characters (no I, O, S, V, Z), each worth its index. */
const USCC_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** The 18th character of a code whose first 17 are `body`; null if one is not a code character. */
export function usccCheckChar(body: string): string | null {
  if (body.length !== 17) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const value = USCC_CHARS.indexOf(body[i]!);
    if (value < 0) return null;
    sum += value * USCC_WEIGHTS[i]!;
  }
  return USCC_CHARS[(31 - (sum % 31)) % 31]!;
}

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
    const check = usccCheckChar(taxNo.slice(0, 17));
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
  return body + usccCheckChar(body)!;
}

const DIGITS = '零壹贰叁肆伍陆柒捌玖';
const PLACES = ['', '拾', '佰', '仟'];
const SECTIONS = ['', '万', '亿', '万亿'];

function section(value: number): string {
  let out = '';
  let zero = false;
  for (let place = 3; place >= 0; place--) {
    const digit = Math.floor(value / 10 ** place) % 10;
    if (digit === 0) {
      if (out) zero = true;
      continue;
    }
    if (zero) out += '零';
    zero = false;
    out += DIGITS[digit]! + PLACES[place]!;
  }
  return out;
}

/**
 * An amount of cents in capitals as a 价税合计 is written: 壹佰壹拾叁圆整, 壹仟贰佰叁拾肆圆伍角陆分,
 * 壹佰圆零伍分, 伍角; a negative amount (a red letter) starts with 负.
 */
export function capitals(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not whole cents: ${cents}`);
  const negative = cents < 0;
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100);
  const jiao = Math.floor(abs / 10) % 10;
  const fen = abs % 10;
  let out = '';
  if (whole > 0) {
    const groups: number[] = [];
    for (let rest = whole; rest > 0; rest = Math.floor(rest / 10_000)) groups.push(rest % 10_000);
    let pendingZero = false;
    for (let i = groups.length - 1; i >= 0; i--) {
      const group = groups[i]!;
      if (group === 0) {
        if (out) pendingZero = true;
        continue;
      }
      // A gap inside the number (a group of fewer than four digits after a higher one) reads 零.
      if (out && (pendingZero || group < 1000)) out += '零';
      pendingZero = false;
      out += section(group) + SECTIONS[i]!;
    }
    out += '圆';
  }
  if (jiao === 0 && fen === 0) {
    out = (out || '零圆') + '整';
  } else {
    if (jiao > 0) out += `${DIGITS[jiao]}角`;
    else if (whole > 0) out += '零';
    if (fen > 0) out += `${DIGITS[fen]}分`;
  }
  return negative ? `负${out}` : out;
}
