import { describe, expect, it } from 'vitest';
import { listPageSeo, pageSite, type PageShell } from './list-page.ts';
import { itemList, saleEntries, shopBreadcrumbs } from './structured-data.ts';

const shell: PageShell = {
  origin: 'https://shop.test',
  shop: { shopId: '1001', shopName: '小鹿优选' },
  route: { path: '/businessVenue' },
};
const site = { origin: 'https://shop.test', shopId: '1001', shopName: '小鹿优选' };
const sales = [{ activityNo: 'A1001001', title: '白鹭 BAILU 专场' }];

describe('pageSite', () => {
  it('is the shop of the shell at its origin', () => {
    expect(pageSite(shell)).toEqual(site);
  });
});

describe('listPageSeo', () => {
  it('names the page, its breadcrumb and its list after the list', () => {
    const seo = listPageSeo(shell, {
      name: '品牌会场',
      description: '会场',
      entries: saleEntries(site, sales),
      query: { venueNo: 'V1' },
      image: '/media/1',
    });
    expect(seo).toEqual({
      title: '品牌会场 | 小鹿优选',
      description: '会场',
      canonicalPath: '/businessVenue?venueNo=V1&shopId=1001',
      image: '/media/1',
      imageAlt: undefined,
      jsonLd: [
        shopBreadcrumbs(site, [
          { name: '品牌会场', path: '/businessVenue?venueNo=V1&shopId=1001' },
        ]),
        itemList(saleEntries(site, sales), { name: '品牌会场' }),
      ],
    });
  });

  it('marks a ranked list descending and keeps the route path without a query', () => {
    const seo = listPageSeo(shell, {
      name: '热销榜单',
      description: '',
      entries: [],
      descending: true,
    });
    expect(seo.canonicalPath).toBe('/businessVenue?shopId=1001');
    expect(seo.jsonLd[1]).toMatchObject({
      itemListOrder: 'https://schema.org/ItemListOrderDescending',
    });
  });
});
