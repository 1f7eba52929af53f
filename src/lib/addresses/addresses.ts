/**
 * The rules of a delivery address (pure): the receiver's name, a mainland mobile number, a real
 * province / city / district of the dataset, the detail, the 20-address cap, and the split of a
 * pasted whole address (智能识别) into those parts. The regions are passed in (regions.ts).
 */
import { findRegion, type RegionPath, type Regions } from './regions.ts';

/** Addresses one user may keep. */
export const MAX_ADDRESSES = 20;
export const NAME_MAX = 25;
export const DETAIL_MIN = 2;
export const DETAIL_MAX = 120;
/** The paste box of 智能识别. */
export const PASTE_MAX = 300;

export const AddressMessages = {
  NAME: `请填写收货人姓名（${NAME_MAX}个字以内）`,
  PHONE: '请输入正确的手机号',
  REGION: '请选择所在地区',
  DETAIL: `请填写详细地址（${DETAIL_MIN}-${DETAIL_MAX}个字）`,
  LIMIT: `地址数量已达上限，最多保存${MAX_ADDRESSES}个收货地址`,
} as const;

/** A saved address as pages and the order confirmation read it. */
export interface Address {
  id: number;
  name: string;
  phone: string;
  province: string;
  city: string;
  district: string;
  /** The district's GB/T 2260 code. */
  regionCode: string;
  detail: string;
  isDefault: boolean;
}

export interface AddressFields extends AddressInput {
  isDefault: boolean;
}

export interface AddressInput {
  name: string;
  phone: string;
  province: string;
  city: string;
  district: string;
  detail: string;
}

/** Mainland mobile numbers. */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;

// Control characters, zero-width characters and the bidirectional overrides, and markup.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff<>"'`\\]/g;

/** Text as stored: NFKC (full-width letters and digits become plain), no unsafe characters, one space between words. */
export function cleanText(value: string): string {
  return value.normalize('NFKC').replace(UNSAFE, '').replace(/\s+/g, ' ').trim();
}

const length = (value: string) => [...value].length;

export function cleanName(value: string): string {
  return cleanText(value);
}

/** A mobile number as typed or pasted (138 0013 8000, 138-0013-8000, +86…) → 11 digits, or '' when it is not one. */
export function cleanPhone(value: string): string {
  const digits = value
    .normalize('NFKC')
    .replace(/[\s-]/g, '')
    .replace(/^(\+?86)(?=1\d{10}$)/, '');
  return MOBILE_PATTERN.test(digits) ? digits : '';
}

export function isName(value: string): boolean {
  const name = cleanName(value);
  return length(name) >= 1 && length(name) <= NAME_MAX;
}

export function isDetail(value: string): boolean {
  const detail = cleanText(value);
  return length(detail) >= DETAIL_MIN && length(detail) <= DETAIL_MAX;
}

export type AddressProblem = keyof Omit<typeof AddressMessages, 'LIMIT'>;

/** The first thing wrong with an address (name, phone, region, detail), or null with its region code. */
export function checkAddress(
  regions: Regions,
  input: AddressInput,
):
  | { problem: AddressProblem; message: string }
  | { problem: null; address: AddressInput & { regionCode: string } } {
  if (!isName(input.name)) return { problem: 'NAME', message: AddressMessages.NAME };
  const phone = cleanPhone(input.phone);
  if (!phone) return { problem: 'PHONE', message: AddressMessages.PHONE };
  const regionCode = regions.resolve(input.province, input.city, input.district);
  if (!regionCode) return { problem: 'REGION', message: AddressMessages.REGION };
  if (!isDetail(input.detail)) return { problem: 'DETAIL', message: AddressMessages.DETAIL };
  return {
    problem: null,
    address: {
      name: cleanName(input.name),
      phone,
      province: input.province,
      city: input.city,
      district: input.district,
      regionCode,
      detail: cleanText(input.detail),
    },
  };
}

/** What 智能识别 found; a part it could not find is ''. */
export interface SplitAddress {
  name: string;
  phone: string;
  province: string;
  city: string;
  district: string;
  /** The district's code when all three levels were found, else ''. */
  regionCode: string;
  detail: string;
}

/** Labels people paste with the parts (收货人：张三), longest first. */
const LABELS = [
  '收货人姓名',
  '收件人姓名',
  '联系人姓名',
  '收货人',
  '收件人',
  '联系人',
  '姓名',
  '手机号码',
  '联系电话',
  '联系方式',
  '电话号码',
  '手机号',
  '手机',
  '电话',
  '所在地区',
  '所在地',
  '收货地址',
  '收件地址',
  '详细地址',
  '地区',
  '地址',
];
const LABEL_PATTERN = new RegExp(`(?:${LABELS.join('|')})\\s*[:：]`, 'g');
/** The longer labels are removed even without a colon: "收货人张三". */
const BARE_LABEL_PATTERN =
  /(?:收货人|收件人|联系人|手机号码|联系电话|所在地区|详细地址|收货地址)(?![:：])/g;
/** Commas, semicolons, slashes, brackets and the like separate parts as spaces do. */
const SEPARATORS = /[,，;；、|/\\\n\r\t\u3000()（）[\]【】{}<>《》"“”'‘’]+/g;
/** A mobile number with optional +86 and single spaces or dashes between digits. */
const PHONE_IN_TEXT = /(?<!\d)(?:\+?86[\s-]?)?(1[3-9](?:[\s-]?\d){9})(?!\d)/;
const NAME_LIKE = /^(?:[\u3400-\u9fff·•]{2,6}|[A-Za-z][A-Za-z.\s]{0,24})$/;
/** Words of places, which a name found after the address or without one must not contain. */
const PLACE_WORD = /[路街道巷弄号楼栋幢室村镇乡组区县市省单元层座苑园厦场馆店院校]/;
const afterName = (word: string) => NAME_LIKE.test(word) && !PLACE_WORD.test(word);

function splitWords(text: string): string[] {
  return text
    .split(' ')
    .map((word) => word.trim())
    .filter((word) => word.length > 0);
}

/** Words glued back into an address detail: no space between Chinese characters and digits. */
function joinDetail(words: string[]): string {
  return words.reduce((joined, word) => {
    if (!joined) return word;
    const latin = /[A-Za-z]$/.test(joined) && /^[A-Za-z]/.test(word);
    return latin ? `${joined} ${word}` : `${joined}${word}`;
  }, '');
}

/**
 * Splits a pasted address: `张三 13800138000 浙江省杭州市西湖区文三路138号` → 张三 / 13800138000 /
 * 浙江省 杭州市 西湖区 / 文三路138号. Labels (收货人：), commas, spaces and new lines separate
 * the parts; the name may come before or after the phone or the address; short forms (浙江杭州)
 * and municipalities (北京市北京市朝阳区, 上海市浦东新区) are understood.
 */
export function splitAddress(regions: Regions, pasted: string): SplitAddress {
  let text = pasted
    .slice(0, PASTE_MAX * 2)
    .normalize('NFKC')
    .replace(LABEL_PATTERN, ' ')
    .replace(BARE_LABEL_PATTERN, ' ')
    .replace(SEPARATORS, ' ')
    .replace(/\s+/g, ' ')
    .replace(UNSAFE, '')
    .trim();

  let phone = '';
  const phoneMatch = PHONE_IN_TEXT.exec(text);
  if (phoneMatch) {
    phone = phoneMatch[1]!.replace(/[\s-]/g, '');
    text = `${text.slice(0, phoneMatch.index)} ${text.slice(phoneMatch.index + phoneMatch[0].length)}`;
  }

  const result: SplitAddress = {
    name: '',
    phone,
    province: '',
    city: '',
    district: '',
    regionCode: '',
    detail: '',
  };
  const region = findRegion(regions, text);
  let before: string[];
  let after: string[];
  if (region) {
    result.province = regions.byCode(region.provinceCode)?.name ?? '';
    result.city = region.cityCode ? (regions.byCode(region.cityCode)?.name ?? '') : '';
    result.district = region.districtCode ? (regions.byCode(region.districtCode)?.name ?? '') : '';
    result.regionCode = region.districtCode;
    before = splitWords(text.slice(0, region.start));
    after = splitWords(text.slice(region.end));
  } else {
    before = [];
    after = splitWords(text);
  }

  // The name: before the region (张三 浙江省…), else the last short word after it
  // (浙江省…138号 张三), else without a region the word that looks like a name.
  const nameBefore = [...before].reverse().find((word) => NAME_LIKE.test(word));
  if (nameBefore) {
    result.name = nameBefore;
    before = before.filter((word) => word !== nameBefore);
  } else if (after.length > 1 && afterName(after[after.length - 1]!)) {
    result.name = after.pop()!;
  } else if (!region) {
    const named = after.find(afterName);
    if (named) {
      result.name = named;
      after = after.filter((word) => word !== named);
    }
  } else if (before.length > 0) {
    result.name = before.pop()!;
  }
  result.name = cleanName(result.name).slice(0, NAME_MAX);
  result.detail = cleanText(joinDetail([...before, ...after])).slice(0, DETAIL_MAX);
  return result;
}

/** The region fields of a split as the form shows them. */
export function splitRegion(split: SplitAddress): RegionPath | null {
  return split.regionCode
    ? {
        province: split.province,
        city: split.city,
        district: split.district,
        regionCode: split.regionCode,
      }
    : null;
}

/** One line of an address as lists show it. */
export function addressLine(address: {
  province: string;
  city: string;
  district: string;
  detail: string;
}): string {
  // A municipality's city repeats its province (北京市 北京市): shown once.
  const city = address.city === address.province ? '' : address.city;
  return `${address.province}${city}${address.district}${address.detail}`;
}

/** The phone as lists show it: 138****8000. */
export function maskPhone(phone: string): string {
  return MOBILE_PATTERN.test(phone) ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
}
