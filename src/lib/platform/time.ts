/** Shop times are shown in China Standard Time, whatever the server's zone. */
export const SHOP_TIME_ZONE = 'Asia/Shanghai';

/** China Standard Time has no daylight saving: a fixed eight hours ahead of UTC. */
const CHINA_OFFSET_MS = 8 * 3_600_000;

/** "2026-11-20 10:00:00": an instant in China time, as the vendors' APIs write their times. */
export function chinaDateTime(at: Date): string {
  return new Date(at.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * Date formatters in the shop's zone, made on first use and kept. Making one is costly (a few
 * milliseconds of locale and zone data, ten and more on a phone's first page of a visit), so
 * neither a request nor a page's first script pays for formatters its module merely declares.
 */
function lazyFormatter(
  locale: string,
  options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>,
): () => Intl.DateTimeFormat {
  let made: Intl.DateTimeFormat | undefined;
  return () => (made ??= new Intl.DateTimeFormat(locale, { ...options, timeZone: SHOP_TIME_ZONE }));
}

/** A formatter's `format` in the shop's zone (see lazyFormatter). */
export function shopDateFormat(
  locale: string,
  options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>,
): Pick<Intl.DateTimeFormat, 'format'> {
  const formatter = lazyFormatter(locale, options);
  return { format: (at) => formatter().format(at) };
}

/** A formatter's `formatToParts` in the shop's zone (see lazyFormatter). */
export function shopDateParts(
  locale: string,
  options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>,
): (at: Date) => Intl.DateTimeFormatPart[] {
  const formatter = lazyFormatter(locale, options);
  return (at) => formatter().formatToParts(at);
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
 * any browser (en-US writes "11/05"), so an island that shows a time renders on the phone what
 * the server sent.
 */
export const shopMonthDay = (at: Date): string => monthDayFormat.format(at).replace('/', '-');
