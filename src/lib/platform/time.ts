/** Shop times are shown in China Standard Time, whatever the server's zone. */
export const SHOP_TIME_ZONE = 'Asia/Shanghai';

/** "11/25 09:40": when a sale ends. Built once: a formatter is costly to create per request. */
export const saleEndFormat = /* @__PURE__ */ new Intl.DateTimeFormat('zh-CN', {
  month: 'numeric',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: SHOP_TIME_ZONE,
});

const clockFormat = /* @__PURE__ */ new Intl.DateTimeFormat('zh-CN', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: SHOP_TIME_ZONE,
});

/** "14:00": a time of day in the shop's zone. */
export const shopClock = (at: Date): string => clockFormat.format(at);

const dayFormat = /* @__PURE__ */ new Intl.DateTimeFormat('en-CA', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  timeZone: SHOP_TIME_ZONE,
});

/** "2026-11-23": the shop's calendar day of an instant (daily counts, bills). */
export const shopDay = (at: Date): string => dayFormat.format(at);

const monthDayFormat = /* @__PURE__ */ new Intl.DateTimeFormat('en-US', {
  month: 'numeric',
  day: '2-digit',
  timeZone: SHOP_TIME_ZONE,
});

/**
 * "11-05": the month and day of an instant in the shop's zone. The same on the server and in
 * any browser, so an island that shows a time renders on the phone what the server sent.
 */
export function shopMonthDay(at: Date): string {
  const parts = monthDayFormat.formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  return `${part('month')}-${part('day')}`;
}
