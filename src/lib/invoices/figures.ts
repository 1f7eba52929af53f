/** An amount in Chinese capitals (大写), as 价税合计 is written on an invoice and its preview. */

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
