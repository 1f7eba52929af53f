import { describe, expect, it } from 'vitest';
import { LinkError, buildLink, currentShopId, type LinkContext, type LinkTarget } from './links.ts';

const context = (query: string, extra: Partial<LinkContext> = {}): LinkContext => ({
  query: new URLSearchParams(query),
  defaultShopId: '1001',
  ...extra,
});
const parse = (link: string) => {
  const url = new URL(link, 'http://shop.test');
  return { path: url.pathname, query: Object.fromEntries(url.searchParams) };
};

describe('buildLink', () => {
  it('takes shopId from the current query first', () => {
    expect(
      parse(buildLink({ name: 'brand' }, context('shopId=1002', { storedShopId: '1003' }))),
    ).toEqual({
      path: '/brand',
      query: { shopId: '1002' },
    });
  });

  it('falls back to the stored shop, then to the default shop', () => {
    expect(parse(buildLink('/index', context('', { storedShopId: '1003' }))).query.shopId).toBe(
      '1003',
    );
    expect(parse(buildLink('/index', context(''))).query.shopId).toBe('1001');
    expect(currentShopId(context('shopId='))).toBe('1001');
  });

  it.each(['distributorId', 'channel', 'shareChannel', 'spm', 'shopNotice', 'proxy'])(
    'carries %s over when present',
    (key) => {
      const link = parse(buildLink({ name: 'index' }, context(`shopId=1001&${key}=v1`)));
      expect(link.query[key]).toBe('v1');
    },
  );

  it('does not invent absent parameters', () => {
    expect(parse(buildLink({ name: 'index' }, context('shopId=1001'))).query).toEqual({
      shopId: '1001',
    });
  });

  it('carries everything at once and adds the current page spm as refSpm', () => {
    const link = buildLink(
      { name: 'productDetail', query: { productNo: 'P10010001' } },
      context(
        'shopId=1001&distributorId=77&channel=3&shareChannel=131&spm=a.b&shopNotice=OFF&proxy=1&other=x',
        {
          currentSpm: 'h5.brand',
        },
      ),
    );
    expect(parse(link)).toEqual({
      path: '/productDetail',
      query: {
        productNo: 'P10010001',
        shopId: '1001',
        distributorId: '77',
        channel: '3',
        shareChannel: '131',
        spm: 'a.b',
        shopNotice: 'OFF',
        proxy: '1',
        refSpm: 'h5.brand',
      },
    });
  });

  it('drops distributorId when the current query says distId=empty', () => {
    const link = parse(
      buildLink({ name: 'index' }, context('shopId=1001&distributorId=77&distId=empty')),
    );
    expect(link.query.distributorId).toBeUndefined();
    expect(link.query.distId).toBeUndefined();
  });

  it('keeps a distributorId the target names itself', () => {
    const link = parse(
      buildLink({ name: 'index', query: { distributorId: 9 } }, context('distributorId=77')),
    );
    expect(link.query.distributorId).toBe('9');
  });

  it('fills path parameters and refuses to build a link without them', () => {
    expect(parse(buildLink({ name: 'cashDetail', params: { id: 42 } }, context(''))).path).toBe(
      '/cash/42',
    );
    expect(() => buildLink({ name: 'cashDetail' }, context(''))).toThrow(
      /needs the path parameter id/,
    );
  });

  it('treats a string target that holds a query string as an error', () => {
    expect(() => buildLink('/brand?activityNo=A1', context('shopId=1001'))).toThrow(LinkError);
    expect(() => buildLink('/brand?activityNo=A1', context('shopId=1001'))).toThrow(
      'A link target must not carry a query string: /brand?activityNo=A1',
    );
  });

  it('refuses unknown route names and relative paths', () => {
    // @ts-expect-error an unknown name already fails the type check; this is the run-time guard
    expect(() => buildLink({ name: 'nowhere' }, context(''))).toThrow(
      'Unknown route name: nowhere',
    );
    expect(() => buildLink('brand', context(''))).toThrow(LinkError);
  });

  it('refuses a misspelt route name at the type check (astro check verifies this file)', () => {
    const target: LinkTarget = {
      // @ts-expect-error route names are a typed union: 'prodcutDetail' is not one of them
      name: 'prodcutDetail',
    };
    expect(() => buildLink(target, context(''))).toThrow('Unknown route name: prodcutDetail');
  });
});
