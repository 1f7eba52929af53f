/**
 * The commodity endpoints of shell §7 "Home, index and commodity" and commerce §7's exists checks:
 * each answers the envelope for shop 1001 of the shared server's demo data with a meaningful
 * field, and bad input gets a 400 envelope. No login needed.
 */
import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test';
import { seedHandles } from '#demo/handles.ts';

const { shop1001 } = seedHandles;

const SHOP = '1001';

async function success(response: APIResponse) {
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/json');
  const body = await response.json();
  expect(body).toMatchObject({ code: 0, message: 'success', success: true });
  return body.data;
}

const get = (request: APIRequestContext, path: string) => request.get(path).then(success);
const post = (request: APIRequestContext, path: string) => request.post(path).then(success);

async function failure(response: APIResponse, status: number, message: string | RegExp) {
  expect(response.status()).toBe(status);
  const body = await response.json();
  expect(body).toEqual({
    code: status,
    message: expect.stringMatching(message),
    success: false,
    data: null,
  });
}

test('sale tabs, pages of sales, member sales and recommendations', async ({ request }) => {
  const tags = await post(request, `/api/commodity/subscribe/v2/queryActivityTag/${SHOP}`);
  expect(tags.map((t: { name: string }) => t.name)).toEqual([
    '今日特卖',
    '服饰鞋包',
    '美妆个护',
    '家居生活',
    '母婴童装',
  ]);

  const v2 = await get(request, `/api/commodity/subscribe/queryActivityTagV2/${SHOP}`);
  expect(v2.total).toBeGreaterThan(5);
  expect(v2.list.find((t: { tagNo: string }) => t.tagNo === shop1001.tags.beauty)).toEqual({
    tagNo: shop1001.tags.beauty,
    name: '美妆个护',
    activityCount: 1,
  });

  const page = await post(
    request,
    `/api/commodity/subscribe/queryPageForB/${SHOP}/oAbc_123-x?pageNum=2&pageSize=5`,
  );
  expect(page).toMatchObject({ tag: null, pageNum: 2, pageSize: 5, total: v2.total });
  expect(page.list).toHaveLength(Math.min(5, v2.total - 5));
  const beauty = await post(
    request,
    `/api/commodity/subscribe/queryPageForB/${SHOP}/o1?activityTagNo=${shop1001.tags.beauty}&distributorId=77&t=1`,
  );
  expect(beauty.list.map((s: { brandName: string }) => s.brandName)).toEqual(['小满美妆']);
  expect(Date.parse(beauty.list[0].endAt)).toBeGreaterThan(Date.now());

  const vip = await post(request, `/api/commodity/subscribe/queryVIPActivitys/${SHOP}`);
  expect(vip.tag).toEqual({ tagNo: shop1001.tags.todayPicks, name: '今日特卖' });
  expect(Array.isArray(vip.list)).toBe(true);

  const recommended = await get(request, `/api/commodity/activity/recommend/${SHOP}`);
  expect(recommended.length).toBeGreaterThan(0);
  expect(recommended.length).toBeLessThanOrEqual(10);
  const sold = recommended.map((s: { salesCount: number }) => s.salesCount);
  expect(sold).toEqual(sold.toSorted((a: number, b: number) => b - a));
});

test('banners by location, upcoming sales by day, brand list and one brand sale', async ({
  request,
}) => {
  const banners = await post(
    request,
    `/api/commodity/subscribe/queryActivityBannerV2/${SHOP}?location=indexBanner&newFlag=1`,
  );
  expect(banners.map((b: { title: string }) => b.title)).toEqual([
    '品牌狂欢季',
    '新人专享礼',
    '冬季保暖专场',
  ]);
  expect(banners[1].link).toEqual({ route: 'coupon-center', params: {} });

  const days = await post(request, `/api/commodity/subscribe/queryPreTag/${SHOP}?location=index`);
  expect(days[0].day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  const upcoming = await post(
    request,
    `/api/commodity/subscribe/queryPreActivity/${SHOP}?location=index&moduleId=m1`,
  );
  expect(upcoming.total).toBeGreaterThan(0);
  expect(days.reduce((sum: number, d: { activityCount: number }) => sum + d.activityCount, 0)).toBe(
    upcoming.total,
  );
  const firstDay = await post(
    request,
    `/api/commodity/subscribe/queryPreActivity/${SHOP}?day=${days[0].day}`,
  );
  expect(firstDay.list).toEqual(days[0].list);
  expect(upcoming.list.every((s: { startAt: string }) => Date.parse(s.startAt) > Date.now())).toBe(
    true,
  );

  const brands = await get(
    request,
    `/api/commodity/subscribe/h5/querybrandList?shopBizCode=${SHOP}`,
  );
  expect(brands.length).toBeGreaterThan(1);
  expect(brands[0]).toMatchObject({
    brandName: '森野 SENYE',
    activityNo: shop1001.sales.senyeRunning.activityNo,
  });

  const sale = await post(
    request,
    `/api/commodity/subscribe/queryActivity/${SHOP}/${shop1001.sales.senyeRunning.activityNo}?sort=price-asc`,
  );
  expect(sale).toMatchObject({
    activityNo: shop1001.sales.senyeRunning.activityNo,
    state: 'ongoing',
  });
  const prices = sale.products.map((p: { priceCents: number }) => p.priceCents);
  expect(prices).toEqual(prices.toSorted((a: number, b: number) => a - b));

  await failure(
    await request.post(`/api/commodity/subscribe/queryActivity/${SHOP}/A9999999`),
    404,
    '活动不存在',
  );
  await failure(
    await request.post(
      `/api/commodity/subscribe/queryActivity/1002/${shop1001.sales.senyeRunning.activityNo}`,
    ),
    404,
    '活动不存在',
  );
});

test('icon list, market, category, brand wall and new-customer zone', async ({ request }) => {
  const diamonds = await get(request, `/api/index/diamondlist?shopBizCode=${SHOP}`);
  expect(diamonds).toHaveLength(8);
  expect(diamonds[0]).toMatchObject({ name: '品牌特卖', link: { route: 'brandList' } });

  const market = await get(request, `/api/commodity/index/resource?shopBizCode=${SHOP}`);
  expect(market).toMatchObject({
    configId: 'M1001',
    bgColor: '#fff1ea',
    bgImg: null,
    ringshopShowLinkUrl: 'top-list',
  });
  expect(market.productList).toHaveLength(6);
  const product = market.productList[0];
  const pictures = product.productPicUrl.split(',');
  expect(pictures.length).toBeGreaterThan(1);
  expect(pictures[0]).toMatch(/^\/media\/\d+$/);
  expect(product.price).toBe((product.priceCents / 100).toFixed(2));
  // The cover really is a picture.
  expect((await request.get(pictures[0])).headers()['content-type']).toContain('image/');

  const category = await get(request, `/api/commodity/index/category/resource?shopBizCode=${SHOP}`);
  expect(category).toMatchObject({ configId: 'C1001', title: '分类精选' });
  expect(category.list.length).toBeGreaterThan(0);

  const wall = await get(request, `/api/commodity/index/brandWall/resource?shopBizCode=${SHOP}`);
  const brands = await get(
    request,
    `/api/commodity/subscribe/h5/querybrandList?shopBizCode=${SHOP}`,
  );
  expect(wall).toMatchObject({ configId: 'B1001', title: '品牌墙' });
  expect(wall.list).toEqual(brands);

  const zone = await get(
    request,
    `/api/commodity/index/newBornZone/resource?shopBizCode=${SHOP}&channel=3`,
  );
  expect(zone).toMatchObject({
    configId: 'N1001',
    coupons: [{ couponNo: shop1001.coupons.newcomer }],
  });
  const detail = await post(request, `/api/commodity/index/newBornZone/detail?shopBizCode=${SHOP}`);
  expect(detail.total).toBe(4);
  expect(detail.list.map((p: { productNo: string }) => p.productNo)).toEqual(
    zone.productList.map((p: { productNo: string }) => p.productNo),
  );

  await failure(
    await request.get('/api/commodity/index/resource?shopBizCode=424242'),
    404,
    '店铺不存在',
  );
  expect(await get(request, '/api/index/diamondlist?shopBizCode=424242')).toEqual([]);
});

test('exists checks tell live sales and products from the others', async ({ request }) => {
  const sales = await post(
    request,
    `/api/commodity/subscribe/activityIsExists/${SHOP}/${shop1001.sales.senyeRunning.activityNo},${shop1001.sales.senyeEnded.activityNo},NOPE`,
  );
  expect(sales).toEqual({
    exists: [shop1001.sales.senyeRunning.activityNo],
    missing: [shop1001.sales.senyeEnded.activityNo, 'NOPE'],
  });
  const items = await post(
    request,
    `/api/commodity/product/productIsExists/${SHOP}/${shop1001.sales.senyeRunning.products[0]!.productNo},${encodeURIComponent(` ${shop1001.sales.senyeRunning.products[1]!.productNo}`)},P0`,
  );
  expect(items).toEqual({
    exists: [
      shop1001.sales.senyeRunning.products[0]!.productNo,
      shop1001.sales.senyeRunning.products[1]!.productNo,
    ],
    missing: ['P0'],
  });
});

test('bad input answers a 400 envelope', async ({ request }) => {
  await failure(
    await request.post('/api/commodity/subscribe/v2/queryActivityTag/%3Cscript%3E'),
    400,
    'shopBizCode：店铺编号格式不正确',
  );
  await failure(
    await request.get('/api/commodity/index/resource?shopBizCode=%3Cscript%3E'),
    400,
    '店铺编号格式不正确',
  );
  await failure(
    await request.get(`/api/commodity/activity/recommend/${SHOP}?limit=99`),
    400,
    '不支持的参数：limit',
  );
  await failure(
    await request.post(`/api/commodity/subscribe/queryPreTag/${SHOP}`, { data: { moduleId: 1 } }),
    400,
    '不支持的参数：moduleId',
  );
  await failure(
    await request.post(`/api/commodity/subscribe/queryPageForB/${SHOP}/o1?pageSize=51`),
    400,
    /^pageSize：/,
  );
  await failure(
    await request.post(`/api/commodity/subscribe/queryActivityBannerV2/${SHOP}?location=nowhere`),
    400,
    /^location：/,
  );
  await failure(await request.get('/api/index/diamondlist'), 400, '缺少店铺编号');
  const many = Array.from({ length: 51 }, (_, i) => `P${i}`).join(',');
  await failure(
    await request.post(`/api/commodity/product/productIsExists/${SHOP}/${many}`),
    400,
    /^productNoStr：/,
  );
  await failure(
    await request.post(`/api/commodity/subscribe/activityIsExists/${SHOP}/A1,%3Cb%3E`),
    400,
    /^activityNoStr\.1：/,
  );
  // A read-only call asked with the wrong method.
  const wrong = await request.get(`/api/commodity/subscribe/queryVIPActivitys/${SHOP}`);
  expect(wrong.status()).toBe(405);
});
