/**
 * The catalogue's endpoint contracts (commerce §7 commodity calls, shell §3 search and home
 * modules). Each data type is the one its endpoint answers, mostly the service's own (imported
 * as types only, so the contracts stay browser-safe).
 */
import { z } from 'zod';
import { contract } from '#lib/platform/contract.ts';
import { shopIdSchema } from '#lib/platform/id-schemas.ts';
import type { BrandSale, SaleSummary } from './catalog.server.ts';
import type {
  BannerView,
  BrandWallResource,
  BrandWithSale,
  CategoryResource,
  DiamondItem,
  MarketResource,
  MemberSales,
  NewBornProducts,
  NewBornResource,
  PreTagDay,
  RecommendedSale,
  SaleTag,
  SaleTagWithCount,
  SalesPage,
} from './commodity.server.ts';
import type { HotKey, SearchResult } from './search.server.ts';

/** Page size bound of the sale lists. */
export const MAX_SALES_PAGE_SIZE = 50;
/** How many numbers one exists-check may ask about. */
export const MAX_EXISTS_ITEMS = 50;
export const BANNER_LOCATIONS = ['indexBanner', 'brandBanner', 'proDetailBanner'] as const;
export const SEARCH_SORTS = ['default', 'sales', 'price-asc', 'price-desc'] as const;
/** A keyword longer than this is refused; the search page cuts its own to it. */
export const MAX_KEYWORD_LENGTH = 50;
export const MAX_SEARCH_PAGE_SIZE = 50;

const NO_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;
const moduleKey = z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, '格式不正确');

/**
 * A comma-separated list of numbers (activityNoStr, productNoStr): each trimmed and checked,
 * empty items dropped, duplicates kept once, at most MAX_EXISTS_ITEMS.
 */
export const noListSchema = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== ''),
  )
  .pipe(
    z
      .array(z.string().regex(NO_PATTERN, '编号格式不正确'))
      .min(1, '至少需要一个编号')
      .max(MAX_EXISTS_ITEMS, `最多 ${MAX_EXISTS_ITEMS} 个编号`),
  )
  .transform((items) => [...new Set(items)]);

/** One look-alike product of image search. */
export interface ImageSearchItem {
  productNo: string;
  name: string;
  imageUrl: string;
  score: number;
}

/** Which of the asked numbers are live. */
export interface ExistsAnswer {
  /** The numbers asked about that are live, in the order asked. */
  exists: string[];
  /** The others: unknown, of another shop, withdrawn, or not running. */
  missing: string[];
}

/** The sale tabs with counts; total is every running sale of the shop (the "all" tab). */
export interface SaleTagCounts {
  total: number;
  list: SaleTagWithCount[];
}

/** The upcoming sales, soonest first. */
export interface UpcomingSales {
  total: number;
  list: SaleSummary[];
}

/** One page of keyword search, with the page asked for. */
export interface SearchPage extends SearchResult {
  pageNum: number;
  pageSize: number;
}

export const CatalogContracts = {
  marketResource: contract<MarketResource | null>()({
    method: 'GET',
    path: '/api/commodity/index/resource',
    query: {
      configId: z
        .string()
        .regex(/^[A-Za-z0-9_-]{1,32}$/, 'configId 格式不正确')
        .optional(),
    },
  }),
  categoryResource: contract<CategoryResource | null>()({
    method: 'GET',
    path: '/api/commodity/index/category/resource',
  }),
  brandWallResource: contract<BrandWallResource | null>()({
    method: 'GET',
    path: '/api/commodity/index/brandWall/resource',
  }),
  newBornResource: contract<NewBornResource | null>()({
    method: 'GET',
    path: '/api/commodity/index/newBornZone/resource',
    query: {
      channel: z
        .string()
        .regex(/^[A-Za-z0-9_-]{1,32}$/, 'channel 格式不正确')
        .optional(),
    },
  }),
  newBornProducts: contract<NewBornProducts>()({
    method: 'POST',
    path: '/api/commodity/index/newBornZone/detail',
    body: {},
  }),
  diamondList: contract<DiamondItem[]>()({ method: 'GET', path: '/api/index/diamondlist' }),
  recommendedSales: contract<RecommendedSale[]>()({
    method: 'GET',
    path: '/api/commodity/activity/recommend/{shopBizCode}',
    params: { shopBizCode: shopIdSchema },
  }),
  brandsWithSales: contract<BrandWithSale[]>()({
    method: 'GET',
    path: '/api/commodity/subscribe/h5/querybrandList',
  }),
  brandSale: contract<BrandSale>()({
    method: 'POST',
    path: '/api/commodity/subscribe/queryActivity/{shopBizCode}/{activityNo}',
    params: {
      shopBizCode: shopIdSchema,
      activityNo: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, 'activityNo 格式不正确'),
    },
    query: {
      sort: z.enum(['default', 'sales', 'price-asc', 'price-desc']).default('default'),
      size: z.string().trim().min(1).max(16).optional(),
    },
    body: {},
  }),
  banners: contract<BannerView[]>()({
    method: 'POST',
    path: '/api/commodity/subscribe/queryActivityBannerV2/{shopBizCode}',
    params: { shopBizCode: shopIdSchema },
    query: { location: z.enum(BANNER_LOCATIONS), newFlag: z.literal('1').optional() },
    body: {},
  }),
  saleTagCounts: contract<SaleTagCounts>()({
    method: 'GET',
    path: '/api/commodity/subscribe/queryActivityTagV2/{shopBizCode}',
    params: { shopBizCode: shopIdSchema },
  }),
  saleTags: contract<SaleTag[]>()({
    method: 'POST',
    path: '/api/commodity/subscribe/v2/queryActivityTag/{shopBizCode}',
    params: { shopBizCode: shopIdSchema },
    body: {},
  }),
  salesPage: contract<SalesPage>()({
    method: 'POST',
    path: '/api/commodity/subscribe/queryPageForB/{shopBizCode}/{msOpenId}',
    params: {
      shopBizCode: shopIdSchema,
      msOpenId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'msOpenId 格式不正确'),
    },
    query: {
      activityTagNo: z
        .string()
        .regex(/^[A-Za-z0-9_-]{1,32}$/, 'activityTagNo 格式不正确')
        .optional(),
      pageNum: z.coerce.number().int().min(1).max(10_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(MAX_SALES_PAGE_SIZE).default(10),
    },
    body: {},
  }),
  upcomingSales: contract<UpcomingSales>()({
    method: 'POST',
    path: '/api/commodity/subscribe/queryPreActivity/{shopBizCode}',
    params: { shopBizCode: shopIdSchema },
    query: {
      location: moduleKey.optional(),
      moduleId: moduleKey.optional(),
      day: z.iso.date().optional(),
    },
    body: {},
  }),
  upcomingDays: contract<PreTagDay[]>()({
    method: 'POST',
    path: '/api/commodity/subscribe/queryPreTag/{shopBizCode}',
    params: { shopBizCode: shopIdSchema },
    query: { location: moduleKey.optional(), moduleId: moduleKey.optional() },
    body: {},
  }),
  memberSales: contract<MemberSales>()({
    method: 'POST',
    path: '/api/commodity/subscribe/queryVIPActivitys/{shopBizCode}',
    params: { shopBizCode: shopIdSchema },
    body: {},
  }),
  activitiesExist: contract<ExistsAnswer>()({
    method: 'POST',
    path: '/api/commodity/subscribe/activityIsExists/{shopBizCode}/{activityNoStr}',
    params: { shopBizCode: shopIdSchema, activityNoStr: noListSchema },
    body: {},
  }),
  productsExist: contract<ExistsAnswer>()({
    method: 'POST',
    path: '/api/commodity/product/productIsExists/{shopBizCode}/{productNoStr}',
    params: { shopBizCode: shopIdSchema, productNoStr: noListSchema },
    body: {},
  }),
  search: contract<SearchPage>()({
    method: 'GET',
    path: '/api/commodity/product/search',
    query: {
      shopId: shopIdSchema.optional(),
      shopBizCode: shopIdSchema.optional(),
      keyword: z.string().trim().min(1).max(MAX_KEYWORD_LENGTH),
      sort: z.enum(SEARCH_SORTS).default('default'),
      pageNum: z.coerce.number().int().min(1).max(10_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(MAX_SEARCH_PAGE_SIZE).default(20),
    },
  }),
  hotKeys: contract<HotKey[]>()({
    method: 'GET',
    path: '/api/commodity/product/search/hot/keys/{shopBizCode}',
    params: { shopBizCode: shopIdSchema },
  }),
  /** POST the picture's raw bytes, any image content type; shopBizCode in the query. */
  imageSearch: contract<{ items: ImageSearchItem[] }>()({
    method: 'POST',
    path: '/api/commodity/product/image-search',
    body: 'binary',
  }),
};
