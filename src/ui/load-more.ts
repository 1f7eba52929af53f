/**
 * Load more as the shopper scrolls (browsing issue, item 1): a paged list keeps its plain
 * "加载更多" link (it works without JavaScript and stays cacheable); with this script, the next
 * page's items are fetched and appended when the link comes near the screen.
 *
 * Markup: the list has `data-load-more-list="{name}"`, the pager `data-load-more-pager="{name}"`,
 * and the link to the next page `data-load-more="{name}"`.
 */
const NEAR_SCREEN = '600px';

async function appendNext(link: HTMLAnchorElement, name: string): Promise<void> {
  const list = document.querySelector(`[data-load-more-list="${name}"]`);
  const pager = document.querySelector(`[data-load-more-pager="${name}"]`);
  if (!list || !pager) return;
  link.setAttribute('aria-busy', 'true');
  try {
    const response = await fetch(link.href, { credentials: 'include' });
    if (!response.ok) throw new Error(String(response.status));
    const next = new DOMParser().parseFromString(await response.text(), 'text/html');
    const items = next.querySelector(`[data-load-more-list="${name}"]`)?.children ?? [];
    list.append(...Array.from(items).map((item) => document.importNode(item, true)));
    const nextPager = next.querySelector(`[data-load-more-pager="${name}"]`);
    // Earlier pages are on screen already: only the way forward stays.
    nextPager?.querySelectorAll('a:not([data-load-more])').forEach((a) => a.remove());
    if (nextPager) pager.replaceWith(document.importNode(nextPager, true));
    else pager.remove();
    watch();
  } catch {
    // The link still works by hand.
    link.removeAttribute('aria-busy');
  }
}

const observer =
  'IntersectionObserver' in window
    ? new IntersectionObserver(
        (entries) => {
          for (const entry of entries) {
            if (!entry.isIntersecting) continue;
            const link = entry.target as HTMLAnchorElement;
            observer?.unobserve(link);
            void appendNext(link, link.dataset.loadMore ?? '');
          }
        },
        { rootMargin: NEAR_SCREEN },
      )
    : null;

function watch(): void {
  document
    .querySelectorAll<HTMLAnchorElement>('a[data-load-more]:not([aria-busy])')
    .forEach((link) => observer?.observe(link));
}

watch();
