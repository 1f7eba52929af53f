/**
 * The administrative divisions of China (省 / 市 / 区县, GB/T 2260 codes) as the address rules
 * read them: built from the dataset package (`@vant/area-data`, loaded by regions.server.ts) and
 * passed in, so these rules stay pure and tests build them from the same data. A district's code
 * is six digits; its city is the code with the last two digits 00, its province with the last
 * four 0000.
 */

export interface Region {
  code: string;
  name: string;
}

/** The dataset's shape: code → name for each level. */
export interface AreaList {
  province_list: Record<string, string>;
  city_list: Record<string, string>;
  county_list: Record<string, string>;
}

/** A district with its city and province: what an address stores. */
export interface RegionPath {
  province: string;
  city: string;
  district: string;
  /** The district's code. */
  regionCode: string;
}

/** A city and its districts: what the picker loads for one province. */
export interface CityRegions extends Region {
  districts: Region[];
}

type Level = 'province' | 'city' | 'district';

/** One way to write a region in free text: its full name or a short form. */
interface Spelling {
  text: string;
  code: string;
  level: Level;
  full: boolean;
}

export interface Regions {
  provinces: readonly Region[];
  citiesOf(provinceCode: string): readonly Region[];
  districtsOf(cityCode: string): readonly Region[];
  /** A region of any level by code. */
  byCode(code: string): Region | undefined;
  /** The district's path, or null when the code is not a district. */
  pathOf(districtCode: string): RegionPath | null;
  /** The district code of a province / city / district triple of names, or null. */
  resolve(province: string, city: string, district: string): string | null;
  /** Spellings starting with this character, longest first (for the split). */
  spellingsAt(char: string): readonly Spelling[];
  /** How many districts carry this exact name. */
  districtNameCount(name: string): number;
}

export const provinceOf = (code: string) => `${code.slice(0, 2)}0000`;
export const cityOf = (code: string) => `${code.slice(0, 4)}00`;
const levelOf = (code: string): Level =>
  code.endsWith('0000') ? 'province' : code.endsWith('00') ? 'city' : 'district';

/**
 * Ethnic groups named in autonomous prefectures, counties and banners (恩施土家族苗族自治州):
 * the short form of such a name is what comes before the first of them (恩施).
 */
const PEOPLES = [
  '朝鲜',
  '土家',
  '苗',
  '藏',
  '羌',
  '彝',
  '布依',
  '侗',
  '哈尼',
  '壮',
  '傣',
  '白',
  '景颇',
  '傈僳',
  '回',
  '蒙古',
  '柯尔克孜',
  '哈萨克',
  '满',
  '畲',
  '瑶',
  '各族',
  '仫佬',
  '毛南',
  '黎',
  '仡佬',
  '水族',
  '纳西',
  '拉祜',
  '佤',
  '布朗',
  '独龙',
  '怒族',
  '普米',
  '裕固',
  '保安',
  '东乡',
  '撒拉',
  '土族',
  '塔吉克',
  '锡伯',
  '达斡尔',
  '鄂温克',
  '鄂伦春',
];

function beforePeople(name: string): string | null {
  for (let i = 2; i < name.length; i++) {
    if (PEOPLES.some((people) => name.startsWith(people, i))) return name.slice(0, i);
  }
  return null;
}

/** The short forms people write: 浙江 for 浙江省, 杭州 for 杭州市, 恩施 for 恩施…自治州, 西湖 for 西湖区. */
export function shortNames(name: string, level: Level): string[] {
  const shorts = new Set<string>();
  if (/自治[州县旗]$/.test(name)) {
    const cut = beforePeople(name) ?? name.replace(/族?自治[州县旗]$/, '');
    shorts.add(cut);
  } else if (level === 'province') {
    shorts.add(name.replace(/(特别行政区|壮族自治区|回族自治区|维吾尔自治区|自治区|省|市)$/, ''));
  } else if (level === 'city') {
    shorts.add(name.replace(/(地区|市|盟)$/, ''));
  } else {
    shorts.add(name.replace(/(新区|区|县|市|旗)$/, ''));
  }
  shorts.delete(name);
  // One character says too little ("城" of 城区); names like 县 of Chongqing have none.
  return [...shorts].filter((short) => short.length >= 2);
}

export function buildRegions(areas: AreaList): Regions {
  const byCode = new Map<string, Region>();
  const children = new Map<string, Region[]>();
  const provinces: Region[] = [];
  const districtNames = new Map<string, number>();
  const spellings = new Map<string, Spelling[]>();

  const add = (code: string, name: string, parent: string | null) => {
    const region = { code, name };
    byCode.set(code, region);
    if (parent === null) provinces.push(region);
    else {
      const list = children.get(parent) ?? [];
      list.push(region);
      children.set(parent, list);
    }
    const level = levelOf(code);
    const forms: Spelling[] = [
      { text: name, code, level, full: true },
      ...shortNames(name, level).map((text) => ({ text, code, level, full: false })),
    ];
    for (const form of forms) {
      const list = spellings.get(form.text[0]!) ?? [];
      list.push(form);
      spellings.set(form.text[0]!, list);
    }
  };
  const sorted = (list: Record<string, string>) =>
    Object.entries(list).sort(([a], [b]) => a.localeCompare(b));
  for (const [code, name] of sorted(areas.province_list)) add(code, name, null);
  for (const [code, name] of sorted(areas.city_list)) {
    if (byCode.has(provinceOf(code))) add(code, name, provinceOf(code));
  }
  for (const [code, name] of sorted(areas.county_list)) {
    if (!byCode.has(cityOf(code))) continue;
    add(code, name, cityOf(code));
    districtNames.set(name, (districtNames.get(name) ?? 0) + 1);
  }
  for (const list of spellings.values()) list.sort((a, b) => b.text.length - a.text.length);

  const pathOf = (code: string): RegionPath | null => {
    if (!/^\d{6}$/.test(code) || levelOf(code) !== 'district') return null;
    const district = byCode.get(code);
    const city = byCode.get(cityOf(code));
    const province = byCode.get(provinceOf(code));
    if (!district || !city || !province) return null;
    return { province: province.name, city: city.name, district: district.name, regionCode: code };
  };

  return {
    provinces,
    citiesOf: (code) => (levelOf(code) === 'province' ? (children.get(code) ?? []) : []),
    districtsOf: (code) => (levelOf(code) === 'city' ? (children.get(code) ?? []) : []),
    byCode: (code) => byCode.get(code),
    pathOf,
    resolve(province, city, district) {
      const p = provinces.find((r) => r.name === province);
      const c = p && children.get(p.code)?.find((r) => r.name === city);
      const d = c && children.get(c.code)?.find((r) => r.name === district);
      return d?.code ?? null;
    },
    spellingsAt: (char) => spellings.get(char) ?? [],
    districtNameCount: (name) => districtNames.get(name) ?? 0,
  };
}

/** A region found in free text: where it starts and ends, and how much of it was written. */
export interface RegionMatch {
  start: number;
  end: number;
  provinceCode: string;
  /** Empty when only the province was found. */
  cityCode: string;
  /** Empty when no district was found. */
  districtCode: string;
  /** Levels written out (a municipality's city is often left out: 上海市浦东新区). */
  written: number;
  /** Characters of full names matched (浙江省 counts, 浙江 does not). */
  fullChars: number;
}

const SPACE = /\s/;
function skipSpaces(text: string, at: number): number {
  while (at < text.length && SPACE.test(text[at]!)) at++;
  return at;
}

/** Spellings of this level written at `at` whose code passes `accept`, longest first. */
function spellingsWritten(
  regions: Regions,
  text: string,
  at: number,
  level: Level,
  accept: (code: string) => boolean,
): Spelling[] {
  if (at >= text.length) return [];
  return regions
    .spellingsAt(text[at]!)
    .filter((s) => s.level === level && accept(s.code) && text.startsWith(s.text, at));
}

function better(a: RegionMatch | null, b: RegionMatch): RegionMatch {
  if (!a) return b;
  const rank = (m: RegionMatch) => [
    m.districtCode ? 1 : 0,
    m.cityCode ? 1 : 0,
    m.written,
    m.fullChars,
    -m.start,
  ];
  const ra = rank(a);
  const rb = rank(b);
  for (let i = 0; i < ra.length; i++) if (ra[i] !== rb[i]) return rb[i]! > ra[i]! ? b : a;
  return a;
}

/** The region written from `start`: a province, then its city, then its district, each optional but in order. */
function matchAt(regions: Regions, text: string, start: number): RegionMatch | null {
  let best: RegionMatch | null = null;
  const full = (s: Spelling) => (s.full ? s.text.length : 0);

  const districtsAfter = (
    at: number,
    accept: (code: string) => boolean,
    base: Omit<RegionMatch, 'districtCode' | 'end' | 'cityCode'> & { cityCode?: string },
  ) => {
    const after = skipSpaces(text, at);
    for (const d of spellingsWritten(regions, text, after, 'district', accept)) {
      best = better(best, {
        ...base,
        cityCode: cityOf(d.code),
        districtCode: d.code,
        end: after + d.text.length,
        written: base.written + 1,
        fullChars: base.fullChars + full(d),
      });
    }
  };

  for (const p of spellingsWritten(regions, text, start, 'province', () => true)) {
    const province = { start, provinceCode: p.code, written: 1, fullChars: full(p) };
    const afterProvince = start + p.text.length;
    best = better(best, { ...province, cityCode: '', districtCode: '', end: afterProvince });
    const at = skipSpaces(text, afterProvince);
    for (const c of spellingsWritten(
      regions,
      text,
      at,
      'city',
      (code) => provinceOf(code) === p.code,
    )) {
      const city = {
        ...province,
        cityCode: c.code,
        written: 2,
        fullChars: province.fullChars + full(c),
      };
      best = better(best, { ...city, districtCode: '', end: at + c.text.length });
      districtsAfter(at + c.text.length, (code) => cityOf(code) === c.code, city);
    }
    // The city left out: 上海市浦东新区, 北京朝阳区, 河南省济源市.
    districtsAfter(afterProvince, (code) => provinceOf(code) === p.code, province);
  }
  // No province: 杭州市西湖区 (a full city name, or a short one followed by its district).
  for (const c of spellingsWritten(regions, text, start, 'city', () => true)) {
    const city = {
      start,
      provinceCode: provinceOf(c.code),
      cityCode: c.code,
      written: 1,
      fullChars: full(c),
    };
    if (c.full) best = better(best, { ...city, districtCode: '', end: start + c.text.length });
    districtsAfter(start + c.text.length, (code) => cityOf(code) === c.code, city);
  }
  // A district alone, written in full and found once in the whole country.
  for (const d of spellingsWritten(regions, text, start, 'district', () => true)) {
    if (!d.full || regions.districtNameCount(d.text) !== 1) continue;
    best = better(best, {
      start,
      provinceCode: provinceOf(d.code),
      cityCode: cityOf(d.code),
      districtCode: d.code,
      end: start + d.text.length,
      written: 1,
      fullChars: d.text.length,
    });
  }
  return best;
}

/** The best region written anywhere in the text: the most levels, then the fullest, then the first. */
export function findRegion(regions: Regions, text: string): RegionMatch | null {
  let best: RegionMatch | null = null;
  for (let at = 0; at < text.length; at++) {
    if (SPACE.test(text[at]!)) continue;
    const found = matchAt(regions, text, at);
    if (found) best = better(best, found);
  }
  return best;
}

/** Search hits: districts whose path matches the keyword, exact names first. */
export const SEARCH_LIMIT = 30;

export function searchRegions(
  regions: Regions,
  keyword: string,
  limit = SEARCH_LIMIT,
): RegionPath[] {
  const term = keyword.replace(/\s+/g, '');
  if (term.length === 0) return [];
  const hits: { path: RegionPath; rank: number }[] = [];
  const seen = new Set<string>();
  const push = (code: string, rank: number) => {
    if (seen.has(code)) return;
    const path = regions.pathOf(code);
    if (!path) return;
    seen.add(code);
    hits.push({ path, rank });
  };
  // Written as a path: 杭州西湖, 浙江省杭州市西湖区.
  const written = findRegion(regions, term);
  if (written?.districtCode) push(written.districtCode, written.start === 0 ? 0 : 3);
  for (const province of regions.provinces) {
    for (const city of regions.citiesOf(province.code)) {
      for (const district of regions.districtsOf(city.code)) {
        const name = district.name;
        if (name === term) push(district.code, 0);
        else if (name.startsWith(term)) push(district.code, 1);
        else if (name.includes(term)) push(district.code, 2);
        else if (city.name.includes(term) || province.name.includes(term)) push(district.code, 4);
      }
    }
  }
  return hits
    .sort((a, b) => a.rank - b.rank || a.path.regionCode.localeCompare(b.path.regionCode))
    .slice(0, limit)
    .map((hit) => hit.path);
}
