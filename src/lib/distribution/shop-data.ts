/**
 * 数据中心 (shop-data): a shop keeper's visits, orders, sales and new customers per shop day, and
 * the layout of the small bar charts drawn on the server as inline SVG (no chart script).
 * Pure rules; the queries are in shop-data.server.ts.
 */
import { shopDay } from '#lib/platform/time.ts';
import { formatYuan } from '#lib/platform/money.ts';

export const SHOP_DATA_PERIODS = ['7', '30'] as const;
export type ShopDataPeriod = (typeof SHOP_DATA_PERIODS)[number];
export const SHOP_DATA_PERIOD_TEXT: Record<ShopDataPeriod, string> = {
  '7': '近7天',
  '30': '近30天',
};
/** How many recent orders the page lists under the charts. */
export const SHOP_DATA_ORDERS = 10;

/** One shop day's figures. */
export interface DayFigures {
  /** 2026-11-23. */
  day: string;
  visits: number;
  orders: number;
  salesCents: number;
  newCustomers: number;
}

export type Metric = Exclude<keyof DayFigures, 'day'>;
export const METRICS: readonly Metric[] = ['visits', 'orders', 'salesCents', 'newCustomers'];
export const METRIC_TEXT: Record<Metric, string> = {
  visits: '访问次数',
  orders: '成交订单',
  salesCents: '成交金额',
  newCustomers: '新增客户',
};

/** A metric's value as the page writes it: money in yuan, counts as they are. */
export function metricValue(metric: Metric, value: number): string {
  return metric === 'salesCents' ? `¥${formatYuan(value)}` : String(value);
}

/** The `count` shop days up to and including today's, oldest first. */
export function daysBack(now: Date, count: number): string[] {
  const days: string[] = [];
  const today = new Date(`${shopDay(now)}T12:00:00+08:00`).getTime();
  for (let i = count - 1; i >= 0; i -= 1) days.push(shopDay(new Date(today - i * 86_400_000)));
  return days;
}

/** Every day of the period with its figures, zero where nothing happened. */
export function fillDays(
  days: readonly string[],
  found: ReadonlyMap<string, Partial<Omit<DayFigures, 'day'>>>,
): DayFigures[] {
  return days.map((day) => ({
    day,
    visits: 0,
    orders: 0,
    salesCents: 0,
    newCustomers: 0,
    ...found.get(day),
  }));
}

export function totalsOf(days: readonly DayFigures[]): Omit<DayFigures, 'day'> {
  const t = { visits: 0, orders: 0, salesCents: 0, newCustomers: 0 };
  for (const d of days) for (const m of METRICS) t[m] += d[m];
  return t;
}

/** A bar chart's geometry in SVG user units. */
export interface BarChart {
  width: number;
  height: number;
  /** The plot's baseline (y of zero). */
  baseline: number;
  bars: { x: number; y: number; width: number; height: number; day: string; value: number }[];
  /** Day labels under the axis: the first, the middle and the last day. */
  labels: { x: number; text: string; anchor: 'start' | 'middle' | 'end' }[];
  /** The largest value, written at the top left; zero when nothing happened. */
  max: number;
}

const CHART = { width: 320, height: 120, top: 16, bottom: 18 };

/** "11/23". */
const shortDay = (day: string) => `${Number(day.slice(5, 7))}/${Number(day.slice(8, 10))}`;

export function barChart(days: readonly DayFigures[], metric: Metric): BarChart {
  const { width, height, top, bottom } = CHART;
  const baseline = height - bottom;
  const plot = baseline - top;
  const max = Math.max(0, ...days.map((d) => d[metric]));
  const slot = width / Math.max(days.length, 1);
  const barWidth = Math.max(2, Math.round(slot * 0.6 * 10) / 10);
  const bars = days.map((d, i) => {
    const value = d[metric];
    // A day with something shows at least a sliver; a day with nothing shows none.
    const h =
      max === 0 || value === 0 ? 0 : Math.max(2, Math.round((value / max) * plot * 10) / 10);
    return {
      x: Math.round((i * slot + (slot - barWidth) / 2) * 10) / 10,
      y: Math.round((baseline - h) * 10) / 10,
      width: barWidth,
      height: h,
      day: d.day,
      value,
    };
  });
  const labels: BarChart['labels'] = [];
  if (days.length > 0) {
    labels.push({ x: 0, text: shortDay(days[0]!.day), anchor: 'start' });
    if (days.length > 2) {
      const mid = Math.floor(days.length / 2);
      labels.push({
        x: Math.round((mid + 0.5) * slot),
        text: shortDay(days[mid]!.day),
        anchor: 'middle',
      });
    }
    if (days.length > 1) labels.push({ x: width, text: shortDay(days.at(-1)!.day), anchor: 'end' });
  }
  return { width, height, baseline, bars, labels, max };
}
