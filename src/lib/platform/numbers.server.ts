/** Business numbers of orders, checkouts, payments and after-sales. */
import { randomInt } from 'node:crypto';

/**
 * A business number: a prefix (G checkouts, P payments, S after-sales, none for orders), yyMMddHHmmss in the
 * shop's time zone, then nine random digits: unique, sortable, not guessable in sequence.
 */
export function newNumber(prefix: string, now: Date): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Shanghai',
    year: '2-digit',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  const stamp = `${part('year')}${part('month')}${part('day')}${part('hour')}${part('minute')}${part('second')}`;
  return `${prefix}${stamp}${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
}
