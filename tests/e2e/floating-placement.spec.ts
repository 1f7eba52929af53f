/**
 * The floating back icon and helper group cover nothing a shopper reads or taps: at first paint
 * and after scrolling, on a phone screen (375×667), no text and no control of the page lies under
 * them. Runs on the shared server (shop 1001 demo data); no login needed.
 */
import { expect, test, type Page } from '@playwright/test';
import { seedHandles } from '#demo/handles.ts';

const { sales, venues } = seedHandles.shop1001;
const PAGES = [
  `/productDetail?productNo=${sales.senyeRunning.products[0]!.productNo}`,
  `/brand?activityNo=${sales.senyeRunning.activityNo}`,
  '/seckill-list',
  `/businessVenue?venueNo=${venues.winterGala.venueNo}`,
  '/superMarket',
  '/eastGate',
  '/orderPosterEnv',
  '/faq',
  '/search',
  '/index',
];

/**
 * The page's texts and controls under a shown floating button. Content beneath a fixed bar (the
 * tab bar, the buy bar, the buttons' own band) is covered by the bar rather than the button: it
 * counts only at the end of the page, which must end above the bars so all of it can be seen.
 */
function coveredContent(atEnd: boolean): string[] {
  const shown = (el: Element) => el.getClientRects().length > 0;
  const floats = [...document.querySelectorAll('.float-back, .float-btn')]
    .filter(shown)
    .map((el) => el.getBoundingClientRect());
  const bars = [...document.querySelectorAll('.tab-bar, .buy-bar, .float-dock')].filter(shown);
  const overlaps = (a: DOMRect, b: DOMRect) =>
    a.right > b.left && a.left < b.right && a.bottom > b.top && a.top < b.bottom;
  const underBar = (node: Node, rect: DOMRect) =>
    bars.some((bar) => !bar.contains(node) && overlaps(rect, bar.getBoundingClientRect()));
  const covered: string[] = [];
  const check = (node: Node, rects: Iterable<DOMRect>, what: string) => {
    for (const rect of rects) {
      if (rect.width === 0) continue;
      if (underBar(node, rect)) {
        if (atEnd) covered.push(`under a bar: ${what}`);
      } else if (floats.some((f) => overlaps(rect, f))) covered.push(what);
    }
  };
  const main = document.querySelector('main')!;
  const texts = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
  for (let node = texts.nextNode(); node; node = texts.nextNode()) {
    const text = node.textContent!.trim();
    if (!text) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    check(node, range.getClientRects(), text);
  }
  for (const control of main.querySelectorAll('a, button, input, select, textarea')) {
    if (shown(control)) check(control, [control.getBoundingClientRect()], control.outerHTML);
  }
  return covered;
}

async function expectNothingCovered(page: Page, moment: string, atEnd = false) {
  expect(await page.evaluate(coveredContent, atEnd), `${page.url()} ${moment}`).toEqual([]);
}

for (const path of PAGES) {
  test(`nothing is covered on ${path}, at first paint and after scrolling`, async ({ page }) => {
    // Arrived at from another page, so the back icon shows.
    await page.goto('/index?shopId=1001');
    await page.goto(`${path}${path.includes('?') ? '&' : '?'}shopId=1001`);
    if (path !== '/index') await expect(page.locator('[data-shell-back]')).toBeVisible();
    await expectNothingCovered(page, 'at first paint');

    for (const share of [0.5, 1]) {
      await page.evaluate(
        (to) => window.scrollTo(0, (document.documentElement.scrollHeight - innerHeight) * to),
        share,
      );
      // The top button follows scrolling after the 500 ms throttle.
      await page.waitForTimeout(600);
      if (share < 1) {
        await expectNothingCovered(page, `scrolled to ${share * 100}%`);
        continue;
      }
      // Pictures that load late can lengthen the page after the scroll: the end is where the
      // page ends once it has settled, so scroll there again until it does.
      await expect
        .poll(
          async () => {
            await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
            return page.evaluate(coveredContent, true);
          },
          { message: `${page.url()} scrolled to the end` },
        )
        .toEqual([]);
    }
  });
}
