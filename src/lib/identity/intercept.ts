/**
 * The phone-binding intercept inside the messaging app (shell §4, §5, §9; commerce §4), as pure
 * rules shared by the popup island and its tests. Decision 006 explains the reading.
 *
 * - The server says `needIntercept`: in the app and no phone bound to the account.
 * - The popup opens by itself at most once per 24 hours: when it opens, and when the shopper taps
 *   跳过, the time is stored (`skipInterceptAt`); until 24 hours later it does not open by itself.
 * - Tapping 我的 while `needIntercept` opens the popup instead of switching tab, whatever the
 *   24-hour window says: it is an explicit request for a page that needs the binding.
 */
import { userKey } from '#lib/platform/storage-keys.ts';

/** The automatic intercept runs at most once per this long (shell §9). */
export const INTERCEPT_INTERVAL_MS = 24 * 3_600_000;

/** The per-user, per-shop browser key of the last intercept (DESIGN.md "Persistence"). */
export function skipInterceptKey(shopId: string, userId: number | string): string {
  return userKey(shopId, userId, 'skipInterceptAt');
}

/** A stored time as milliseconds, or null when missing or not a time this clock could have written. */
export function storedTime(value: string | null | undefined, now: number): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const time = Number(value);
  // A time ahead of the clock was not written by this clock (or the clock was moved back).
  return time > now ? null : time;
}

/** Whether the popup opens by itself now. */
export function interceptDue(needIntercept: boolean, lastAt: number | null, now: number): boolean {
  if (!needIntercept) return false;
  return lastAt === null || now - lastAt >= INTERCEPT_INTERVAL_MS;
}

/** What a tap on the 我的 tab does: open the popup while the binding is needed, else follow the link. */
export function myTabAction(needIntercept: boolean): 'popup' | 'follow' {
  return needIntercept ? 'popup' : 'follow';
}
