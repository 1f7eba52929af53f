/**
 * The home page's modules, read in one go (shell §3 market resource, hot keys; §7 home calls), in
 * the order the shop's published decoration gives them (decoration.server.ts); a manager's
 * preview reads the draft instead.
 */
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { cachedContent } from '#lib/platform/content-cache.server.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import {
  activities,
  activityTags,
  categories,
  homeResources,
  hotSearchKeys,
} from '#lib/platform/db/schema.ts';
import { listSalesNotEnded, runningAt, type SaleSummary } from '#lib/catalog/index.server.ts';
import { productCardsByNo, type ProductCard } from '#lib/catalog/index.server.ts';
import { bannersAt, listBannerWindows } from '#lib/catalog/index.server.ts';
import type { BannerView, BannerWindow } from '#lib/catalog/index.server.ts';
import { listUpcomingSaleCards, type SaleCard } from '#lib/catalog/index.server.ts';
import { HotKeyType } from '#lib/catalog/index.ts';
import type { ModuleKind } from '#lib/decoration/index.ts';
import { homeDecoration } from '#lib/decoration/index.server.ts';
import { SALES_PAGE_SIZE } from './home.ts';

/** The upcoming sales the home page previews. */
const UPCOMING_PREVIEW_SIZE = 3;

export interface Home {
  /** The modules to render, in order; hidden ones are absent. */
  modules: ModuleKind[];
  hotKey: string | null;
  banners: BannerView[];
  diamonds: { name: string; iconUrl: string; route: string }[];
  market: {
    title: string;
    bgColor: string | null;
    bgImg: string | null;
    link: string | null;
    products: ProductCard[];
  } | null;
  newBorn: { title: string; bgColor: string | null; products: ProductCard[] } | null;
  tags: { tagNo: string; name: string }[];
  currentTag: string | null;
  sales: SaleSummary[];
  salesTotal: number;
  page: number;
  upcoming: { activityNo: string; title: string; startAt: Date; bannerUrl: string | null }[];
  brandWall: { name: string; logoUrl: string | null; activityNo: string }[];
  categories: { name: string; iconUrl: string | null }[];
}

/**
 * What the home shows that changes only with the content (read once per content version and
 * minute): the modules, and the banners and sales not over when it was read, with their
 * windows, for getHome to take those live at the instant of each request. A sale or banner
 * starting later needs no new read: it is already among them; a new one raises the version.
 */
interface HomeContent {
  decoration: Awaited<ReturnType<typeof homeDecoration>>;
  hotKey: string | null;
  bannerWindows: BannerWindow[];
  resources: (typeof homeResources.$inferSelect)[];
  tags: { id: number; tagNo: string; name: string }[];
  /** Sale numbers by home tab. */
  tagSales: Map<number, Set<string>>;
  sales: SaleSummary[];
  upcoming: SaleCard[];
  categories: { name: string; iconUrl: string | null }[];
  marketProducts: ProductCard[];
  newBornProducts: ProductCard[];
}

async function readHomeContent(
  db: DbOrTx,
  shopId: string,
  preview: boolean,
  since: Date,
): Promise<HomeContent> {
  const [
    decoration,
    hotKey,
    bannerWindows,
    resources,
    tags,
    tagged,
    sales,
    upcoming,
    categoryRows,
  ] = await Promise.all([
    homeDecoration(db, shopId, { preview }),
    db
      .select({ hotName: hotSearchKeys.hotName })
      .from(hotSearchKeys)
      .where(and(eq(hotSearchKeys.shopId, shopId), eq(hotSearchKeys.type, HotKeyType.SearchBox)))
      .orderBy(asc(hotSearchKeys.sort))
      .limit(1),
    listBannerWindows(db, shopId, 'indexBanner', since),
    db
      .select()
      .from(homeResources)
      .where(eq(homeResources.shopId, shopId))
      .orderBy(asc(homeResources.sort)),
    db
      .select({ id: activityTags.id, tagNo: activityTags.tagNo, name: activityTags.name })
      .from(activityTags)
      .where(eq(activityTags.shopId, shopId))
      .orderBy(asc(activityTags.sort)),
    db
      .select({ tagId: activities.tagId, activityNo: activities.activityNo })
      .from(activities)
      .where(and(eq(activities.shopId, shopId), isNotNull(activities.tagId))),
    listSalesNotEnded(db, shopId, since),
    listUpcomingSaleCards(db, shopId, { now: since }),
    db
      .select({ name: categories.name, iconUrl: categories.iconUrl })
      .from(categories)
      .orderBy(asc(categories.sort)),
  ]);
  const resource = (kind: string) => resources.find((r) => r.kind === kind);
  const productNosOf = (kind: string) => {
    const nos = resource(kind)?.content.productNos;
    return Array.isArray(nos) ? nos.filter((n): n is string => typeof n === 'string') : [];
  };
  const [marketProducts, newBornProducts] = await Promise.all([
    productCardsByNo(db, shopId, productNosOf('market')),
    productCardsByNo(db, shopId, productNosOf('newBornZone')),
  ]);
  const tagSales = new Map<number, Set<string>>();
  for (const { tagId, activityNo } of tagged) {
    if (tagId === null) continue;
    tagSales.set(tagId, (tagSales.get(tagId) ?? new Set()).add(activityNo));
  }
  return {
    decoration,
    hotKey: hotKey[0]?.hotName ?? null,
    bannerWindows,
    resources,
    tags,
    tagSales,
    sales,
    upcoming,
    categories: categoryRows,
    marketProducts,
    newBornProducts,
  };
}

export async function getHome(
  db: DbOrTx,
  shopId: string,
  options: {
    tagNo?: string | undefined;
    page?: number;
    now?: Date;
    /** The manager's preview: the draft's modules and banners instead of the published ones. */
    preview?: boolean;
    /**
     * The content version the page reads at: what it shows is read once per version (and
     * minute); without it, or for a preview (a draft changes without a new version), afresh.
     */
    contentVersion?: number | undefined;
  } = {},
): Promise<Home> {
  const now = options.now ?? new Date();
  const page = Math.max(1, Math.min(options.page ?? 1, 100));
  const preview = options.preview ?? false;
  const content =
    preview || options.contentVersion === undefined
      ? await readHomeContent(db, shopId, preview, now)
      : await cachedContent(
          options.contentVersion,
          `home:${shopId}`,
          () => readHomeContent(db, shopId, false, now),
          now.getTime(),
        );
  const { decoration, resources, tags } = content;
  const resource = (kind: string) => resources.find((r) => r.kind === kind);
  const allSales = runningAt(content.sales, now);
  const upcoming = content.upcoming
    .filter((sale) => sale.startAt > now)
    .slice(0, UPCOMING_PREVIEW_SIZE);

  // The first tab shows every running sale; the others only theirs.
  const currentTag = tags.find((t) => t.tagNo === options.tagNo) ?? null;
  const tagSales = currentTag ? (content.tagSales.get(currentTag.id) ?? new Set<string>()) : null;
  const sales = tagSales ? allSales.filter((s) => tagSales.has(s.activityNo)) : allSales;

  const diamondItems = resource('diamond')?.content.items;
  const market = resource('market');
  const newBorn = resource('newBornZone');
  const seenBrands = new Set<string>();
  return {
    modules: decoration.modules,
    hotKey: content.hotKey,
    banners: decoration.banners
      ? decoration.banners.map((b) => ({
          title: b.title,
          imageUrl: b.imageUrl,
          link: b.link ? { route: b.link.route, params: b.link.params ?? {} } : null,
        }))
      : bannersAt(content.bannerWindows, now).map((b) => ({
          title: b.title,
          imageUrl: b.imageUrl,
          link: b.link ?? null,
        })),
    diamonds: Array.isArray(diamondItems)
      ? diamondItems.filter(
          (d): d is { name: string; iconUrl: string; route: string } =>
            typeof d === 'object' && d !== null && 'route' in d && 'name' in d,
        )
      : [],
    market: market
      ? {
          title: market.title,
          bgColor: market.bgColor,
          bgImg: market.bgImg,
          link: market.linkUrl,
          products: content.marketProducts,
        }
      : null,
    newBorn: newBorn
      ? { title: newBorn.title, bgColor: newBorn.bgColor, products: content.newBornProducts }
      : null,
    tags: tags.map(({ tagNo, name }) => ({ tagNo, name })),
    currentTag: currentTag?.tagNo ?? null,
    sales: sales.slice((page - 1) * SALES_PAGE_SIZE, page * SALES_PAGE_SIZE),
    salesTotal: sales.length,
    page,
    upcoming: upcoming.map(({ activityNo, title, startAt, bannerUrl }) => ({
      activityNo,
      title,
      startAt,
      bannerUrl,
    })),
    brandWall: allSales.flatMap((s) => {
      if (seenBrands.has(s.brandName)) return [];
      seenBrands.add(s.brandName);
      return [{ name: s.brandName, logoUrl: s.brandLogoUrl, activityNo: s.activityNo }];
    }),
    categories: content.categories,
  };
}
