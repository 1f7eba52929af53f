/** Shop times are shown in China Standard Time, whatever the server's zone. */
export const SHOP_TIME_ZONE = 'Asia/Shanghai';

/**
 * A date formatter in the shop's zone, made on its first use and kept. Making one is costly (a
 * few milliseconds of locale and zone data, ten and more on a phone's first page of a visit), so
 * neither a request nor a page's first script pays for formatters its module merely declares.
 */
export function shopDateFormat(
  locale: string,
  options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>,
): Pick<Intl.DateTimeFormat, 'format' | 'formatToParts'> {
  let made: Intl.DateTimeFormat | undefined;
  const formatter = () =>
    (made ??= new Intl.DateTimeFormat(locale, { ...options, timeZone: SHOP_TIME_ZONE }));
  return {
    format: (at) => formatter().format(at),
    formatToParts: (at) => formatter().formatToParts(at),
  };
}

/** "11/25 09:40": when a sale ends. */
export const saleEndFormat = /* @__PURE__ */ shopDateFormat('zh-CN', {
  month: 'numeric',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

const clockFormat = /* @__PURE__ */ shopDateFormat('zh-CN', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** "14:00": a time of day in the shop's zone. */
export const shopClock = (at: Date): string => clockFormat.format(at);

const dayFormat = /* @__PURE__ */ shopDateFormat('en-CA', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** "2026-11-23": the shop's calendar day of an instant (daily counts, bills). */
export const shopDay = (at: Date): string => dayFormat.format(at);

const monthDayFormat = /* @__PURE__ */ shopDateFormat('en-US', {
  month: 'numeric',
  day: '2-digit',
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
