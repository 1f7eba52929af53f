/** A brand sale's state follows from the server clock (DESIGN "Time"). */
export type SaleState = 'upcoming' | 'ongoing' | 'ended';

export function saleState(window: { startAt: Date; endAt: Date }, now: Date): SaleState {
  if (now < window.startAt) return 'upcoming';
  if (now >= window.endAt) return 'ended';
  return 'ongoing';
}

/**
 * Commerce §5 countdown helper: days, hours, minutes and seconds left until `end`, or finished.
 * A missing argument gives 参数为必填项.
 */
export type Countdown =
  | { finished: true }
  | { finished: false; days: number; hours: number; minutes: number; seconds: number };

export function countdown(
  end: Date | number | undefined | null,
  now: Date | number | undefined | null,
): Countdown {
  if (end === undefined || end === null || now === undefined || now === null)
    throw new Error('参数为必填项');
  const left = Math.floor((new Date(end).getTime() - new Date(now).getTime()) / 1000);
  if (left <= 0) return { finished: true };
  return {
    finished: false,
    days: Math.floor(left / 86_400),
    hours: Math.floor((left % 86_400) / 3600),
    minutes: Math.floor((left % 3600) / 60),
    seconds: left % 60,
  };
}

/** Commerce §5: whether now lies between two times. */
export function isBetween(start: Date | number, end: Date | number, now: Date | number): boolean {
  const t = new Date(now).getTime();
  return t >= new Date(start).getTime() && t < new Date(end).getTime();
}
