import { describe, expect, it } from 'vitest';
import { formatYuan } from '#lib/platform/money.ts';
import {
  absoluteUrl,
  brandLd,
  breadcrumbList,
  canonicalPath,
  itemList,
  pageUrl,
  productEntries,
  productLd,
  productPreviewPath,
  pictureUrl,
  salePageLd,
  saleEntries,
  shopBreadcrumbs,
  type Site,
} from './structured-data.ts';

const site: Site = { origin: 'https://shop.test', shopId: '1001', shopName: '小鹿优选' };

describe('canonicalPath', () => {
  it('puts the identifying query first and shopId last', () => {
    expect(canonicalPath('/brandList', '1001')).toBe('/brandList?shopId=1001');
    expect(canonicalPath('/brand', '1001', { activityNo: 'A1001001' })).toBe(
      '/brand?activityNo=A1001001&shopId=1001',
    );
    expect(canonicalPath('/bannerLanding', '1001', { location: 'indexBanner', index: 0 })).toBe(
      '/bannerLanding?location=indexBanner&index=0&shopId=1001',
    );
  });

  it('drops empty values and encodes the rest', () => {
    expect(canonicalPath('/search', '1001', { keyword: '冲锋 衣&', page: undefined, x: '' })).toBe(
      `/search?keyword=${encodeURIComponent('冲锋 衣&').replace(/%20/g, '+')}&shopId=1001`,
    );
    const url = new URL(canonicalPath('/search', '10&01', { keyword: 'a=b' }), 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({ keyword: 'a=b', shopId: '10&01' });
  });

  it('sets shopId itself even when the query names one', () => {
    expect(canonicalPath('/index', '1001', { shopId: '9' })).toBe('/index?shopId=1001');
  });
});

describe('pageUrl', () => {
  it('is the absolute canonical URL of a page of the shop', () => {
    expect(pageUrl(site, '/brand', { activityNo: 'A1' })).toBe(
      'https://shop.test/brand?activityNo=A1&shopId=1001',
    );
    expect(pageUrl(site, '/index')).toBe('https://shop.test/index?shopId=1001');
  });
});

describe('productPreviewPath', () => {
  it('is the drawn preview card of the product', () => {
    expect(productPreviewPath('P10010001')).toBe('/og/product/P10010001.png');
    expect(productPreviewPath('a/b')).toBe('/og/product/a%2Fb.png');
  });
});

describe('breadcrumbList', () => {
  it('numbers the crumbs from 1 and leaves the item out where there is no URL', () => {
    expect(
      breadcrumbList([{ name: '店', url: 'https://shop.test/index' }, { name: '页' }]),
    ).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: '店', item: 'https://shop.test/index' },
        { '@type': 'ListItem', position: 2, name: '页' },
      ],
    });
  });

  it('starts a shop trail at the shop home, with absolute URLs', () => {
    const ld = shopBreadcrumbs(site, [
      { name: '即将开抢', path: '/forcast?shopId=1001' },
      { name: '某特卖', path: '/preheat?activityNo=A1&shopId=1001' },
    ]);
    expect(ld.itemListElement).toEqual([
      {
        '@type': 'ListItem',
        position: 1,
        name: '小鹿优选',
        item: 'https://shop.test/index?shopId=1001',
      },
      {
        '@type': 'ListItem',
        position: 2,
        name: '即将开抢',
        item: 'https://shop.test/forcast?shopId=1001',
      },
      {
        '@type': 'ListItem',
        position: 3,
        name: '某特卖',
        item: 'https://shop.test/preheat?activityNo=A1&shopId=1001',
      },
    ]);
    expect(shopBreadcrumbs(site, []).itemListElement).toHaveLength(1);
  });
});

describe('itemList', () => {
  it('lists sales at their brand pages and products at their product pages, in order', () => {
    const sales = itemList(saleEntries(site, [{ activityNo: 'A1', title: '甲' }]), {
      name: '品牌特卖',
    });
    expect(sales).toEqual({
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      name: '品牌特卖',
      numberOfItems: 1,
      itemListElement: [
        {
          '@type': 'ListItem',
          position: 1,
          url: 'https://shop.test/brand?activityNo=A1&shopId=1001',
          name: '甲',
        },
      ],
    });
    const products = itemList(
      productEntries(site, [
        { productNo: 'P1', name: '一' },
        { productNo: 'P2', name: '二' },
      ]),
      { descending: true },
    );
    expect(products.itemListOrder).toBe('https://schema.org/ItemListOrderDescending');
    expect(products).not.toHaveProperty('name');
    expect(products.itemListElement).toMatchObject([
      { position: 1, url: 'https://shop.test/productDetail?productNo=P1&shopId=1001', name: '一' },
      { position: 2, url: 'https://shop.test/productDetail?productNo=P2&shopId=1001', name: '二' },
    ]);
  });

  it('nests things without their own @context', () => {
    const list = itemList([
      { url: 'https://shop.test/b', item: brandLd({ name: '森野', description: '户外' }) },
    ]);
    expect(list.itemListElement).toEqual([
      {
        '@type': 'ListItem',
        position: 1,
        url: 'https://shop.test/b',
        item: { '@type': 'Brand', name: '森野', description: '户外' },
      },
    ]);
  });

  it('is an empty list when there is nothing', () => {
    expect(itemList([])).toMatchObject({ numberOfItems: 0, itemListElement: [] });
  });
});

describe('brandLd', () => {
  it('keeps only what is known', () => {
    expect(brandLd({ name: '森野', description: '', logo: null })).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Brand',
      name: '森野',
    });
    expect(
      brandLd({
        name: '森野',
        description: '户外',
        logo: absoluteUrl(site.origin, '/img/3?w=400'),
        url: 'https://shop.test/brand?activityNo=A1&shopId=1001',
      }),
    ).toMatchObject({ logo: 'https://shop.test/img/3?w=400', url: expect.stringContaining('A1') });
  });
});

describe('pictureUrl', () => {
  it('previews stored media through the image endpoint and leaves other URLs as they are', () => {
    expect(pictureUrl(site.origin, '/media/12')).toBe('https://shop.test/img/12?w=400');
    expect(pictureUrl(site.origin, 'https://cdn.test/a.png')).toBe('https://cdn.test/a.png');
  });
});

describe('salePageLd', () => {
  it('gives the trail from the home, the brand and the products of one sale', () => {
    const [crumbs, brand, list] = salePageLd(
      site,
      {
        title: '森野 品牌特卖',
        brand: { name: '森野', story: '户外', logoUrl: '/media/7' },
        products: [{ productNo: 'P1', name: '冲锋衣' }],
      },
      [{ name: '森野 品牌特卖', path: '/commonActivity?activityNo=A1&shopId=1001' }],
    );
    expect(crumbs).toMatchObject({ '@type': 'BreadcrumbList' });
    expect(crumbs!.itemListElement).toHaveLength(2);
    expect(brand).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Brand',
      name: '森野',
      description: '户外',
      logo: 'https://shop.test/img/7?w=400',
    });
    expect(list).toMatchObject({
      '@type': 'ItemList',
      name: '森野 品牌特卖',
      itemListElement: [{ url: 'https://shop.test/productDetail?productNo=P1&shopId=1001' }],
    });
  });
});

describe('productLd', () => {
  const product = {
    name: '冲锋衣',
    description: '轻量防风',
    sku: 'P1',
    images: ['https://shop.test/img/1?w=800'],
    brandName: '森野',
    price: formatYuan(12_990),
    inStock: true,
    url: 'https://shop.test/productDetail?productNo=P1&shopId=1001',
  };

  it('offers the shown price in CNY while in stock', () => {
    const ld = productLd({ ...product, priceValidUntil: '2030-01-31' });
    expect(ld).toMatchObject({ '@type': 'Product', name: '冲锋衣', sku: 'P1' });
    expect(ld.brand).toEqual({ '@type': 'Brand', name: '森野' });
    expect(ld.offers).toEqual({
      '@type': 'Offer',
      priceCurrency: 'CNY',
      price: '129.90',
      availability: 'https://schema.org/InStock',
      url: 'https://shop.test/productDetail?productNo=P1&shopId=1001',
      priceValidUntil: '2030-01-31',
    });
  });

  it('says out of stock otherwise, and leaves out an unknown end', () => {
    const ld = productLd({ ...product, inStock: false });
    expect(ld.offers).toMatchObject({ availability: 'https://schema.org/OutOfStock' });
    expect(ld.offers).not.toHaveProperty('priceValidUntil');
  });
});
