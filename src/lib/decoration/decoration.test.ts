import { describe, expect, it } from 'vitest';
import {
  BANNER_LINK_ROUTES,
  BANNER_TITLE_MAX,
  DecorationMessages,
  MAX_BANNERS,
  MODULE_KINDS,
  bannerFromRow,
  defaultLayout,
  isBannerLinkRoute,
  move,
  parseLayout,
  publishedNote,
  sameLayout,
  visibleModules,
  type DecorationBanner,
  type HomeLayout,
} from './decoration.ts';

const banner = (n: number, link: DecorationBanner['link'] = null): DecorationBanner => ({
  title: `横幅${n}`,
  imageUrl: `/media/${n}`,
  link,
});
const layout = (patch: Partial<HomeLayout> = {}): HomeLayout => ({
  ...defaultLayout([banner(1, { route: 'brandList' })]),
  ...patch,
});
const refusal = (input: unknown) => {
  const parsed = parseLayout(input);
  return parsed.ok ? null : parsed.message;
};

describe('the home layout', () => {
  it('is by default every module shown in the order the home has always had', () => {
    const layout = defaultLayout([banner(1)]);
    expect(layout.modules.map((m) => m.kind)).toEqual([
      'indexBanner',
      'diamond',
      'market',
      'newBornZone',
      'saleTabs',
      'upcoming',
      'brandWall',
      'category',
    ]);
    expect(layout.modules.every((m) => m.visible)).toBe(true);
    expect(parseLayout(layout)).toEqual({ ok: true, value: layout });
  });

  it('renders the shown modules in their order', () => {
    const modules = move(layout().modules, 6, -2).map((m) =>
      m.kind === 'upcoming' ? { ...m, visible: false } : m,
    );
    expect(visibleModules({ modules, banners: [] })).toEqual([
      'indexBanner',
      'diamond',
      'market',
      'newBornZone',
      'brandWall',
      'saleTabs',
      'category',
    ]);
  });

  it('needs every module exactly once', () => {
    const modules = layout().modules;
    expect(refusal(layout({ modules: modules.slice(1) }))).toBe(
      DecorationMessages.MODULES_INCOMPLETE,
    );
    expect(refusal(layout({ modules: [...modules.slice(1), modules[1]!] }))).toBe(
      DecorationMessages.MODULE_TWICE,
    );
    expect(refusal(layout({ modules: [...modules, modules[0]!] }))).toBe(
      DecorationMessages.MODULE_TWICE,
    );
    expect(
      refusal({ ...layout(), modules: [...modules.slice(1), { kind: 'popup', visible: true }] }),
    ).toBe(DecorationMessages.MODULE_UNKNOWN);
  });

  it('refuses unknown keys anywhere', () => {
    expect(refusal({ ...layout(), theme: 'red' })).toBe('不支持的参数：theme');
    const modules = layout().modules.map((m, i) => (i === 0 ? { ...m, sort: 1 } : m));
    expect(refusal({ ...layout(), modules })).toBe('不支持的参数：sort');
    expect(refusal({ ...layout(), banners: [{ ...banner(1), script: 'x' }] })).toBe(
      '不支持的参数：script',
    );
    expect(refusal({ modules: layout().modules })).not.toBeNull();
  });

  it(`keeps at most ${MAX_BANNERS} banners, each with a title and a stored picture`, () => {
    const many = Array.from({ length: MAX_BANNERS }, (_, i) => banner(i + 1));
    expect(refusal(layout({ banners: many }))).toBeNull();
    expect(refusal(layout({ banners: [...many, banner(99)] }))).toBe(
      DecorationMessages.TOO_MANY_BANNERS,
    );
    expect(refusal(layout({ banners: [{ ...banner(1), title: '  ' }] }))).toBe(
      DecorationMessages.BANNER_TITLE,
    );
    expect(
      refusal(layout({ banners: [{ ...banner(1), title: '字'.repeat(BANNER_TITLE_MAX + 1) }] })),
    ).toBe(DecorationMessages.BANNER_TITLE);
    // Characters as a reader counts them: twenty emoji-free CJK characters fit.
    expect(
      refusal(layout({ banners: [{ ...banner(1), title: '字'.repeat(BANNER_TITLE_MAX) }] })),
    ).toBeNull();
    for (const imageUrl of [
      'https://evil.test/a.png',
      '/media/0',
      '/media/1/../2',
      'javascript:1',
      '',
    ]) {
      expect(refusal(layout({ banners: [{ ...banner(1), imageUrl }] })), imageUrl).toBe(
        DecorationMessages.BANNER_IMAGE,
      );
    }
  });

  it('trims titles when it stores them', () => {
    const parsed = parseLayout(layout({ banners: [{ ...banner(1), title: '  冬季上新 ' }] }));
    expect(parsed.ok && parsed.value.banners[0]!.title).toBe('冬季上新');
  });

  it('links banners only to shopper pages of the route table', () => {
    const linked = (link: unknown) => refusal({ ...layout(), banners: [{ ...banner(1), link }] });
    expect(linked({ route: 'coupon-center' })).toBeNull();
    expect(linked({ route: 'brand', params: { activityNo: 'A1001001' } })).toBeNull();
    expect(linked(null)).toBeNull();
    // Not a route, a manager's page, a keeper's page, a login form, a route with a path parameter.
    for (const route of [
      'evil',
      'decoration',
      'wallet',
      'login_web',
      'customer-detail',
      'https://x.test',
    ]) {
      expect(linked({ route }), route).toBe(DecorationMessages.BANNER_LINK);
    }
    expect(linked({ route: 'brand', params: { shopId: '1002' } })).toBe(
      DecorationMessages.BANNER_LINK_PARAMS,
    );
    expect(linked({ route: 'brand', params: { distributorId: '7' } })).toBe(
      DecorationMessages.BANNER_LINK_PARAMS,
    );
    expect(linked({ route: 'brand', params: { 'a b': '1' } })).toBe(
      DecorationMessages.BANNER_LINK_PARAMS,
    );
    expect(linked({ route: 'brand', params: { activityNo: 'x'.repeat(65) } })).toBe(
      DecorationMessages.BANNER_LINK_PARAMS,
    );
    expect(linked({ route: 'brand', params: { a: '1', b: '2', c: '3', d: '4', e: '5' } })).toBe(
      DecorationMessages.BANNER_LINK_PARAMS,
    );
    expect(linked({ route: 'brand', href: 'https://x.test' })).toBe('不支持的参数：href');
  });

  it('offers only links it accepts', () => {
    for (const route of BANNER_LINK_ROUTES) expect(isBannerLinkRoute(route), route).toBe(true);
    expect(isBannerLinkRoute('index')).toBe(true);
    expect(isBannerLinkRoute('global-add-price')).toBe(false);
  });

  it('takes a stored banner row into a draft so that it saves as it is', () => {
    expect(
      bannerFromRow({ title: '', imageUrl: '/media/5', link: { route: 'brandList' } }),
    ).toEqual({ title: '横幅', imageUrl: '/media/5', link: { route: 'brandList' } });
    expect(
      bannerFromRow({ title: '字'.repeat(30), imageUrl: '/media/5', link: { route: 'nope' } }),
    ).toEqual({ title: '字'.repeat(BANNER_TITLE_MAX), imageUrl: '/media/5', link: null });
    expect(
      bannerFromRow({ title: 'x', imageUrl: 'https://cdn.test/a.png', link: null }),
    ).toBeNull();
  });

  it('moves an item within the list, never out of it', () => {
    expect(move(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(move(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(move(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(move(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
    expect(move(['a', 'b', 'c'], 5, -1)).toEqual(['a', 'b', 'c']);
  });

  it('compares layouts by what they say, not by key order', () => {
    const a = layout({ banners: [banner(1, { route: 'brand', params: { b: '2', a: '1' } })] });
    const b: HomeLayout = {
      banners: [
        {
          link: { params: { a: '1', b: '2' }, route: 'brand' },
          imageUrl: '/media/1',
          title: '横幅1',
        },
      ],
      modules: a.modules.map(({ visible, kind }) => ({ visible, kind })),
    };
    expect(sameLayout(a, b)).toBe(true);
    expect(sameLayout(a, { ...b, modules: move(b.modules, 0, 1) })).toBe(false);
    expect(MODULE_KINDS).toHaveLength(8);
  });
});

describe('the note of the last publication', () => {
  it('says when and by whom, in the shop’s time zone', () => {
    expect(publishedNote(new Date('2026-11-21T04:05:00Z'), '小美')).toBe(
      '上次发布：2026/11/21 12:05（小美）',
    );
    expect(publishedNote('2026-11-21T16:30:00.000Z', null)).toBe('上次发布：2026/11/22 00:30');
    expect(publishedNote(null, null)).toBe('尚未发布过，首页为默认布局');
  });
});
