/**
 * Runs `work` in a task of its own, after the current one. A page's first scripts hand their
 * jobs that need not be done before the first paint (a badge's count, the version check, the
 * guides) to this, so a slow phone meets several short tasks at load instead of one long one
 * that holds the shopper's first tap (Lighthouse's blocking time counts every task over 50 ms).
 */
export function inOwnTask(work: () => unknown): void {
  setTimeout(work, 0);
}
