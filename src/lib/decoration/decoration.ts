/**
 * The home page's decoration as data (issue #15 item 1): a HomeLayout document lists the home's
 * modules in the order they render, each shown or hidden, and the indexBanner banners. The search
 * box with the hot key stays fixed on top and is not a module. The manager edits a draft; the
 * home renders the published one (decoration.server.ts).
 *
 * Isomorphic rules: the endpoint's body schema, the server's checks and the editor's are this one
 * schema, so the page says exactly what the server would refuse.
 */
import '#lib/platform/zod-browser.ts';
import { z } from 'zod';
import { CARRIED_PARAMS } from '#lib/platform/carry.ts';
import { routeByName, type RouteName } from '#lib/platform/routes.ts';
import { shopDateFormat } from '#lib/platform/time.ts';

/** The modules of the home page, in the order it has always shown them. */
export const MODULE_KINDS = [
  'indexBanner',
  'diamond',
  'market',
  'newBornZone',
  'saleTabs',
  'upcoming',
  'brandWall',
  'category',
] as const;
export type ModuleKind = (typeof MODULE_KINDS)[number];

/** What the manager reads for each module. */
export const MODULE_NAMES: Record<ModuleKind, string> = {
  indexBanner: '轮播横幅',
  diamond: '快捷入口',
  market: '今日爆款',
  newBornZone: '新人专区',
  saleTabs: '品牌特卖',
  upcoming: '即将开抢',
  brandWall: '品牌墙',
  category: '分类精选',
};

export const MAX_BANNERS = 6;
export const BANNER_TITLE_MAX = 20;
const MAX_LINK_PARAMS = 4;
const LINK_PARAM_VALUE_MAX = 64;
/** Query keys the link builder owns: a banner cannot set them. */
const RESERVED_PARAMS = new Set<string>(['shopId', 'refSpm', 'preview', ...CARRIED_PARAMS]);

/** A banner's picture: stored media only (uploaded through the decoration). */
const MEDIA_URL = /^\/media\/[1-9]\d{0,14}$/;

export const DecorationMessages = {
  MODULES_INCOMPLETE: '首页模块不完整，请刷新后重试',
  MODULE_UNKNOWN: '不支持的首页模块',
  MODULE_TWICE: '每个首页模块只能出现一次',
  TOO_MANY_BANNERS: `最多添加${MAX_BANNERS}张横幅`,
  BANNER_TITLE: `横幅标题需为1-${BANNER_TITLE_MAX}个字`,
  BANNER_IMAGE: '请为横幅上传图片',
  BANNER_LINK: '横幅只能链接到本店顾客可打开的页面',
  BANNER_LINK_PARAMS: '横幅链接的参数不正确',
} as const;

/**
 * A page a banner may open: a route of the table with no path parameter (its link is the route
 * and a query) that a shopper may open — never a manager's or a shop keeper's own page, nor a
 * login form.
 */
export function isBannerLinkRoute(name: string): name is RouteName {
  const route = routeByName(name);
  return (
    route !== undefined &&
    !route.path.includes(':') &&
    !route.loginForm &&
    (route.roles.length === 0 || route.roles.includes('C'))
  );
}

/** The pages the editor offers as banner links, besides the running sales (brand). */
export const BANNER_LINK_ROUTES = [
  'brandList',
  'forcast',
  'coupon-center',
  'seckill-list',
  'superbrand',
  'top-list',
  'allBuying',
  'live-channel',
  'search',
] as const satisfies readonly RouteName[];

const PARAM_KEY = /^[A-Za-z][A-Za-z0-9_]{0,31}$/;

export const bannerLinkSchema = z.strictObject({
  route: z
    .string()
    .max(64)
    .refine((name): boolean => isBannerLinkRoute(name), DecorationMessages.BANNER_LINK),
  params: z
    .record(
      z.string(),
      z
        .string()
        .min(1, DecorationMessages.BANNER_LINK_PARAMS)
        .max(LINK_PARAM_VALUE_MAX, DecorationMessages.BANNER_LINK_PARAMS),
    )
    .refine(
      (params) =>
        Object.keys(params).length <= MAX_LINK_PARAMS &&
        Object.keys(params).every((key) => PARAM_KEY.test(key) && !RESERVED_PARAMS.has(key)),
      DecorationMessages.BANNER_LINK_PARAMS,
    )
    .optional(),
});
export type BannerLink = z.infer<typeof bannerLinkSchema>;

export const decorationBannerSchema = z.strictObject({
  title: z
    .string({ error: DecorationMessages.BANNER_TITLE })
    .trim()
    .refine((title) => {
      const length = [...title].length;
      return length >= 1 && length <= BANNER_TITLE_MAX;
    }, DecorationMessages.BANNER_TITLE),
  imageUrl: z
    .string({ error: DecorationMessages.BANNER_IMAGE })
    .regex(MEDIA_URL, DecorationMessages.BANNER_IMAGE),
  link: bannerLinkSchema.nullable(),
});
export type DecorationBanner = z.infer<typeof decorationBannerSchema>;

const moduleSchema = z.strictObject({
  kind: z.enum(MODULE_KINDS, { error: DecorationMessages.MODULE_UNKNOWN }),
  visible: z.boolean(),
});
export type LayoutModule = z.infer<typeof moduleSchema>;

/** The document's fields, as the endpoints' body shape. */
export const homeLayoutShape = {
  modules: z
    .array(moduleSchema)
    .max(MODULE_KINDS.length * 2, DecorationMessages.MODULES_INCOMPLETE)
    .superRefine((modules, context) => {
      const kinds = new Set(modules.map((m) => m.kind));
      if (kinds.size !== modules.length) {
        context.addIssue({ code: 'custom', message: DecorationMessages.MODULE_TWICE });
      } else if (kinds.size !== MODULE_KINDS.length) {
        context.addIssue({ code: 'custom', message: DecorationMessages.MODULES_INCOMPLETE });
      }
    }),
  banners: z.array(decorationBannerSchema).max(MAX_BANNERS, DecorationMessages.TOO_MANY_BANNERS),
};

export const homeLayoutSchema = z.strictObject(homeLayoutShape);
export type HomeLayout = z.infer<typeof homeLayoutSchema>;

/** The layout as stored, or the first broken rule's message. */
export function parseLayout(
  input: unknown,
): { ok: true; value: HomeLayout } | { ok: false; message: string } {
  const parsed = homeLayoutSchema.safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0];
  if (issue?.code === 'unrecognized_keys') {
    return { ok: false, message: `不支持的参数：${issue.keys.join(', ')}` };
  }
  return { ok: false, message: issue?.message ?? DecorationMessages.MODULES_INCOMPLETE };
}

/** The home as it has always been: every module shown, in the usual order, with these banners. */
export function defaultLayout(banners: readonly DecorationBanner[]): HomeLayout {
  return {
    modules: MODULE_KINDS.map((kind) => ({ kind, visible: true })),
    banners: [...banners],
  };
}

/**
 * A stored banner row as a draft's banner, made to fit the rules, or null when it cannot be one
 * (a picture that is not stored media): the default draft must save as it is.
 */
export function bannerFromRow(row: {
  title: string;
  imageUrl: string;
  link: { route: string; params?: Record<string, string> } | null;
}): DecorationBanner | null {
  if (!MEDIA_URL.test(row.imageUrl)) return null;
  const title = [...row.title.trim()].slice(0, BANNER_TITLE_MAX).join('') || '横幅';
  const link = row.link && bannerLinkSchema.safeParse(row.link).success ? row.link : null;
  return { title, imageUrl: row.imageUrl, link };
}

/** The kinds the home renders, in order: the shown ones. */
export function visibleModules(layout: HomeLayout): ModuleKind[] {
  return layout.modules.filter((m) => m.visible).map((m) => m.kind);
}

/** The list with the item at `index` moved by `delta` places (clamped); the same list if it cannot move. */
export function move<T>(list: readonly T[], index: number, delta: number): T[] {
  const target = Math.max(0, Math.min(list.length - 1, index + delta));
  if (index < 0 || index >= list.length || target === index) return [...list];
  const copy = [...list];
  const [item] = copy.splice(index, 1);
  copy.splice(target, 0, item!);
  return copy;
}

/** The layout with its keys in one order, for comparing and storing. */
export function normalLayout(layout: HomeLayout): HomeLayout {
  return {
    modules: layout.modules.map(({ kind, visible }) => ({ kind, visible })),
    banners: layout.banners.map(({ title, imageUrl, link }) => ({
      title,
      imageUrl,
      link: link
        ? {
            route: link.route,
            ...(link.params && Object.keys(link.params).length > 0
              ? { params: Object.fromEntries(Object.entries(link.params).sort()) }
              : {}),
          }
        : null,
    })),
  };
}

/** Whether two layouts say the same thing (the editor's "unsaved changes"). */
export function sameLayout(a: HomeLayout, b: HomeLayout): boolean {
  return JSON.stringify(normalLayout(a)) === JSON.stringify(normalLayout(b));
}

const publishedFormat = /* @__PURE__ */ shopDateFormat('zh-CN', {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The editor's note of the last publication, in the shop's time zone. */
export function publishedNote(publishedAt: Date | string | null, by: string | null): string {
  if (!publishedAt) return '尚未发布过，首页为默认布局';
  const at = publishedFormat.format(new Date(publishedAt));
  return by ? `上次发布：${at}（${by}）` : `上次发布：${at}`;
}
