/**
 * Named handles on the demo rows tests need: `seedHandles.shop1001.sales.senyeRunning.activityNo`,
 * `demoPhones.consumer`. Tests pin these, never the numbers, so demo data can grow anywhere.
 * Read from the plan (no database needed), so end-to-end specs can import them too.
 */
import { COUPONS, DEMO_PLAN, TAGS, VENUES, type SalePlan } from './plan.ts';

export { demoPhones, type DemoRole } from './identity.ts';

export interface ProductHandle {
  productNo: string;
  /** The name shoppers see, e.g. '森野 轻量防风冲锋衣'. */
  name: string;
  /** Its SKUs in order: skuNos[0] is `${productNo}-01`. */
  skuNos: string[];
}

export interface SaleHandle {
  activityNo: string;
  products: ProductHandle[];
}

function handleOf(sale: SalePlan): SaleHandle {
  return {
    activityNo: sale.activityNo,
    products: sale.products.map(({ productNo, name, skuNos }) => ({ productNo, name, skuNos })),
  };
}

function brandSale(shopId: string, handle: string): SaleHandle {
  const sale = DEMO_PLAN.brandSales.find((s) => s.shopId === shopId && s.handle === handle);
  if (!sale) throw new Error(`The demo has no sale ${handle} in shop ${shopId}`);
  return handleOf(sale);
}

export const seedHandles = {
  shop1001: {
    shopId: '1001',
    /** Brand sales by brand and state. */
    sales: {
      senyeRunning: brandSale('1001', 'senyeRunning'),
      liziRunning: brandSale('1001', 'liziRunning'),
      bailuRunning: brandSale('1001', 'bailuRunning'),
      shiguangRunning: brandSale('1001', 'shiguangRunning'),
      yuedongRunning: brandSale('1001', 'yuedongRunning'),
      hemuRunning: brandSale('1001', 'hemuRunning'),
      xiaomanRunning: brandSale('1001', 'xiaomanRunning'),
      jijianRunning: brandSale('1001', 'jijianRunning'),
      bailuUpcoming: brandSale('1001', 'bailuUpcoming'),
      yuedongUpcoming: brandSale('1001', 'yuedongUpcoming'),
      xiaomanUpcoming: brandSale('1001', 'xiaomanUpcoming'),
      senyeEnded: brandSale('1001', 'senyeEnded'),
      jijianEnded: brandSale('1001', 'jijianEnded'),
      hemuEnded: brandSale('1001', 'hemuEnded'),
    },
    freshPresale: handleOf(DEMO_PLAN.freshPresale),
    npieceSale: handleOf(DEMO_PLAN.npieceSale),
    /** Today's flash-sale sessions: two ended, the current hour's, one tonight. */
    seckillSessions: DEMO_PLAN.seckillSessions.map(handleOf),
    venues: VENUES,
    tags: TAGS['1001'],
    coupons: COUPONS['1001'],
  },
  shop1002: {
    shopId: '1002',
    sales: {
      hemuRunning: brandSale('1002', 'hemuRunning'),
      xiaomanRunning: brandSale('1002', 'xiaomanRunning'),
      jijianRunning: brandSale('1002', 'jijianRunning'),
      shiguangUpcoming: brandSale('1002', 'shiguangUpcoming'),
      liziEnded: brandSale('1002', 'liziEnded'),
    },
    tags: TAGS['1002'],
    coupons: COUPONS['1002'],
  },
} as const;
