/**
 * The numbers of the demo catalogue, worked out before anything is inserted: which sale gets
 * which activityNo and which product which productNo and SKU numbers. Seeding inserts exactly
 * this plan, and the handles tests use (handles.ts) are read from it, so a test names a row by
 * what it is (`shop1001.sales.senyeRunning`), never by a number that adding data could shift.
 */
import {
  BRANDS,
  CLOTHES_SIZES,
  KID_SIZES,
  SHOE_SIZES,
  VOLUMES,
  type BrandDef,
  type ProductLine,
} from './catalog-data.ts';

/** The tag numbers of the home tabs, by shop. */
export const TAGS = {
  '1001': {
    todayPicks: 'T100101',
    fashion: 'T100102',
    beauty: 'T100103',
    home: 'T100104',
    kids: 'T100105',
  },
  '1002': { todayPicks: 'T100201', qualityLife: 'T100202' },
} as const;

/** The coupon numbers, by shop and what the coupon is. */
export const COUPONS = {
  '1001': {
    shopWide: 'C100101',
    newcomer: 'C100102',
    senyeBrand: 'C100103',
    runningShoesSale: 'C100104',
    limitedLarge: 'C100105',
    discount: 'C100106',
    /** Offered only by the home page's red-envelope rain. */
    rain: 'C100107',
  },
  '1002': { shopWide: 'C100201', newcomer: 'C100202', cartPopup: 'C100203' },
} as const;

/** One venue per kind, and a business venue that has ended (businessVenue404). */
export const VENUES = {
  winterGala: { venueNo: 'V1001001', kind: 'businessVenue' },
  elevenEncore: { venueNo: 'V1001002', kind: 'businessVenue' },
  supermarket: { venueNo: 'V1001003', kind: 'superMarket' },
  globalBuying: { venueNo: 'V1001004', kind: 'allBuying' },
  eastGate: { venueNo: 'V1001005', kind: 'eastGate' },
  freshPresale: { venueNo: 'V1001006', kind: 'presale-fresh' },
  factoryPresale: { venueNo: 'V1001007', kind: 'presale-factory' },
} as const;

export type SaleState = 'ongoing' | 'upcoming' | 'ended';

export interface ProductPlan {
  productNo: string;
  /** The product's name as shoppers see it. */
  name: string;
  brand: BrandDef;
  line: ProductLine;
  skuNos: string[];
}

export interface SalePlan {
  shopId: string;
  activityNo: string;
  brand: BrandDef;
  products: ProductPlan[];
}

export interface BrandSalePlan extends SalePlan {
  /** brand key + state, e.g. `bailuUpcoming`: the name tests know the sale by. */
  handle: string;
  state: SaleState;
  sort: number;
}

const STATE_WORD: Record<SaleState, string> = {
  ongoing: 'Running',
  upcoming: 'Upcoming',
  ended: 'Ended',
};

/** Brand sales: [shop, brand key, state, number of product lines (0 = all)], in seeding order. */
const BRAND_SALES: [string, string, SaleState, number][] = [
  ['1001', 'senye', 'ongoing', 0],
  ['1001', 'lizi', 'ongoing', 0],
  ['1001', 'bailu', 'ongoing', 0],
  ['1001', 'shiguang', 'ongoing', 0],
  ['1001', 'yuedong', 'ongoing', 0],
  ['1001', 'hemu', 'ongoing', 0],
  ['1001', 'xiaoman', 'ongoing', 0],
  ['1001', 'jijian', 'ongoing', 0],
  ['1001', 'bailu', 'upcoming', 4],
  ['1001', 'yuedong', 'upcoming', 4],
  ['1001', 'xiaoman', 'upcoming', 4],
  ['1001', 'senye', 'ended', 4],
  ['1001', 'jijian', 'ended', 4],
  ['1001', 'hemu', 'ended', 5],
  ['1002', 'hemu', 'ongoing', 0],
  ['1002', 'xiaoman', 'ongoing', 0],
  ['1002', 'jijian', 'ongoing', 5],
  ['1002', 'shiguang', 'upcoming', 4],
  ['1002', 'lizi', 'ended', 3],
];

export const FRESH: BrandDef = {
  key: 'xiannong',
  name: '鲜农 FARM',
  mark: '鲜',
  story: '产地直采的当季鲜货：现摘现发，冷链到家，坏果包赔。',
  palette: { from: '#f4a261', to: '#e9c46a', ink: '#6b3a0f' },
  category: 'home',
  lines: [
    { name: '赣南脐橙', shape: 'fruit', market: 69, variants: 'volume' },
    { name: '阳澄湖大闸蟹礼盒', shape: 'giftbox', market: 599, variants: 'volume' },
    { name: '云南高山蓝莓', shape: 'berries', market: 99, variants: 'volume' },
    { name: '五常稻花香大米', shape: 'sack', market: 129, variants: 'volume' },
  ],
};

/** Household goods of the N件X折 sale: lines of their own, so no product is on sale twice. */
const NPIECE_LINES: ProductLine[] = [
  { name: '纯棉毛巾三条装', shape: 'towel', market: 99, variants: 'colours' },
  { name: '香薰蜡烛礼盒', shape: 'candle', market: 129, variants: 'colours' },
  { name: '可折叠收纳箱', shape: 'box', market: 89, variants: 'colours' },
  { name: '硅藻泥吸水地垫', shape: 'mat', market: 79, variants: 'colours' },
  { name: '竹纤维抹布十条装', shape: 'towel', market: 49, variants: 'colours' },
];

/** Today's flash-sale sessions: [hours from the current hour, hours long, products]. */
const SECKILL_SESSIONS: [number, number, [brandKey: string, line: number][]][] = [
  [
    -4,
    2,
    [
      ['lizi', 0],
      ['bailu', 4],
      ['shiguang', 2],
      ['hemu', 4],
    ],
  ],
  [
    -2,
    2,
    [
      ['yuedong', 4],
      ['xiaoman', 1],
      ['jijian', 1],
      ['lizi', 6],
    ],
  ],
  [
    0,
    2,
    [
      ['bailu', 0],
      ['shiguang', 5],
      ['hemu', 1],
      ['yuedong', 6],
    ],
  ],
  [
    8,
    2,
    [
      ['xiaoman', 2],
      ['jijian', 3],
      ['hemu', 5],
      ['lizi', 3],
    ],
  ],
];

export interface SeckillPlan extends SalePlan {
  fromHour: number;
  hours: number;
}

export interface DemoPlan {
  brandSales: BrandSalePlan[];
  freshPresale: SalePlan;
  npieceSale: SalePlan;
  seckillSessions: SeckillPlan[];
}

/** How many SKUs a line has (variantsOf in catalog.ts draws exactly this many). */
export function skuCount(line: ProductLine): number {
  switch (line.variants) {
    case 'clothes':
      return 2 * CLOTHES_SIZES.length;
    case 'shoes':
      return 2 * SHOE_SIZES.length;
    case 'kids':
      return 2 * KID_SIZES.length;
    case 'colours':
      return 3;
    case 'volume':
      return VOLUMES.length;
  }
}

export const brandOf = (key: string): BrandDef => BRANDS.find((b) => b.key === key)!;

const pad = (n: number, width: number) => String(n).padStart(width, '0');

function planDemo(): DemoPlan {
  const counters = new Map<string, number>();
  const next = (key: string) => {
    counters.set(key, (counters.get(key) ?? 0) + 1);
    return counters.get(key)!;
  };
  const activityNo = (shopId: string) => `A${shopId}${pad(next(`a${shopId}`), 3)}`;
  const product = (shopId: string, brand: BrandDef, line: ProductLine): ProductPlan => {
    const productNo = `P${shopId}${pad(next(`p${shopId}`), 4)}`;
    return {
      productNo,
      name: `${brand.name.split(' ')[0]} ${line.name}`,
      brand,
      line,
      skuNos: Array.from({ length: skuCount(line) }, (_, i) => `${productNo}-${pad(i + 1, 2)}`),
    };
  };
  const sale = (shopId: string, brand: BrandDef, lines: ProductLine[]): SalePlan => ({
    shopId,
    activityNo: activityNo(shopId),
    brand,
    products: lines.map((line) => product(shopId, brand, line)),
  });

  const brandSales = BRAND_SALES.map(([shopId, key, state, lineCount], i) => {
    const brand = brandOf(key);
    return {
      ...sale(shopId, brand, lineCount ? brand.lines.slice(0, lineCount) : brand.lines),
      handle: `${key}${STATE_WORD[state]}`,
      state,
      sort: i + 1,
    };
  });
  // Shop 1001's promotions come after its brand sales, numbered on from them.
  const freshPresale = sale('1001', FRESH, FRESH.lines);
  const npieceSale = sale('1001', brandOf('hemu'), NPIECE_LINES);
  const seckillSessions = SECKILL_SESSIONS.map(([fromHour, hours, items]) => {
    const session = sale('1001', brandOf(items[0]![0]), []);
    // Named apart from the same line in the brand's own sale, so no two products share a name.
    session.products = items.map(([key, index]) => {
      const line = brandOf(key).lines[index]!;
      return product('1001', brandOf(key), { ...line, name: `${line.name} 秒杀款` });
    });
    return { ...session, fromHour, hours };
  });
  return { brandSales, freshPresale, npieceSale, seckillSessions };
}

export const DEMO_PLAN: DemoPlan = planDemo();
