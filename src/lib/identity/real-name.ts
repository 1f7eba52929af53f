/**
 * Real-name rules for cross-border goods (pure): the name (2–20 Chinese characters, · allowed),
 * the mainland second-generation ID number (GB 11643: 6-digit region, birth date, 3-digit
 * sequence, check digit), the masks shown instead of either, and the rule text (shell §5).
 */

/** Shell §5 "Real-name rule shown". */
export const REAL_NAME_RULE =
  '根据海关要求，购买跨境商品需提供中国大陆二代身份证信息进行实名认证，且订购人实名信息需与支付人一致。';

export const RealNameMessages = {
  NAME: '请输入2-20个汉字的真实姓名',
  ID_FORMAT: '请输入18位身份证号码（最后一位可为X）',
  ID_REGION: '身份证号码的地区码不正确，请核对',
  ID_BIRTH: '身份证号码中的出生日期不正确，请核对',
  ID_CHECK_DIGIT: '身份证号码校验位不正确，请核对后重新输入',
} as const;

export type IdNumberProblem = 'ID_FORMAT' | 'ID_REGION' | 'ID_BIRTH' | 'ID_CHECK_DIGIT';

/** Separators people type in names (•, ・, ．) read as the one middle dot ·. */
export function cleanRealName(value: string): string {
  return value
    .normalize('NFKC')
    .replace(/[•・‧∙．.]/g, '·')
    .replace(/\s+/g, '');
}

/** 2–20 Chinese characters, with · between parts (阿卜杜·热合曼), not at either end. */
export function isRealName(value: string): boolean {
  const name = cleanRealName(value);
  const length = [...name].length;
  return (
    length >= 2 &&
    length <= 20 &&
    /^[\u3400-\u9fff\u{20000}-\u{2ffff}]+(?:·[\u3400-\u9fff\u{20000}-\u{2ffff}]+)*$/u.test(name)
  );
}

/** The number as typed: spaces dropped, full-width digits plain, x upper-case. */
export function cleanIdNumber(value: string): string {
  return value.normalize('NFKC').replace(/\s+/g, '').toUpperCase();
}

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_DIGITS = '10X98765432';

/** The check digit of the first 17 digits (GB 11643: weighted sum mod 11). */
export function checkDigit(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * WEIGHTS[i]!;
  return CHECK_DIGITS[sum % 11]!;
}

/**
 * The first two digits of GB/T 2260 provinces (mainland, Taiwan 71, Hong Kong 81, Macao 82) and
 * 83, the prefix of residence permits for Taiwan residents. A number keeps the region code of
 * where it was issued, which may since have been merged away, so below the province only a
 * well-formed city and county code (not 00) is asked for. regions.test checks these against the
 * dataset.
 */
export const ID_PROVINCE_PREFIXES: readonly string[] = [
  '11',
  '12',
  '13',
  '14',
  '15',
  '21',
  '22',
  '23',
  '31',
  '32',
  '33',
  '34',
  '35',
  '36',
  '37',
  '41',
  '42',
  '43',
  '44',
  '45',
  '46',
  '50',
  '51',
  '52',
  '53',
  '54',
  '61',
  '62',
  '63',
  '64',
  '65',
  '71',
  '81',
  '82',
  '83',
];

function isBirthDate(yyyymmdd: string, today: Date): boolean {
  const year = Number(yyyymmdd.slice(0, 4));
  const month = Number(yyyymmdd.slice(4, 6));
  const day = Number(yyyymmdd.slice(6, 8));
  if (year < 1900 || month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return false;
  return date.getTime() <= today.getTime();
}

/** What is wrong with an ID number, or null when it is a well-formed second-generation one. */
export function idNumberProblem(value: string, today = new Date()): IdNumberProblem | null {
  const id = cleanIdNumber(value);
  if (!/^\d{17}[\dX]$/.test(id)) return 'ID_FORMAT';
  if (!ID_PROVINCE_PREFIXES.includes(id.slice(0, 2)) || id.slice(2, 4) === '00') return 'ID_REGION';
  if (!isBirthDate(id.slice(6, 14), today)) return 'ID_BIRTH';
  if (checkDigit(id.slice(0, 17)) !== id[17]) return 'ID_CHECK_DIGIT';
  return null;
}

/** The first thing wrong with a name and number as the form has them, or null. */
export function realNameProblem(
  input: { name: string; idNumber: string },
  today = new Date(),
): { field: 'name' | 'idNumber'; message: string } | null {
  if (!isRealName(input.name)) return { field: 'name', message: RealNameMessages.NAME };
  const problem = idNumberProblem(input.idNumber, today);
  return problem ? { field: 'idNumber', message: RealNameMessages[problem] } : null;
}

/** 张三 → 张*, 王小明 → 王*明, 欧阳娜娜 → 欧**娜: the first and (from three characters) the last. */
export function maskName(value: string): string {
  const chars = [...cleanRealName(value)];
  if (chars.length <= 1) return chars.join('');
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
}

/**
 * 330106199001011234 → 330106********1234: the region and the last four shown, the birth date
 * and the rest of the sequence hidden.
 */
export function maskIdNumber(value: string): string {
  const id = cleanIdNumber(value);
  if (id.length < 10) return '*'.repeat(id.length);
  return `${id.slice(0, 6)}${'*'.repeat(id.length - 10)}${id.slice(-4)}`;
}

/** Whether two written names are the same person's name (spaces and dot variants aside). */
export function sameRealName(a: string, b: string): boolean {
  const left = cleanRealName(a);
  return left.length > 0 && left === cleanRealName(b);
}
