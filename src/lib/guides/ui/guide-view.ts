/**
 * Guides in the browser (shell §4): the page's due guides one at a time, each a bubble at its
 * mark, gone after 5 s or a tap, saved as seen once shown. Plain DOM: a page with guides loads
 * this and the two contracts, no framework.
 */
import { call } from '#lib/platform/client.ts';
import { runPopupSequence } from '#lib/platform/popup-sequence.ts';
import * as GuideEndpoints from '../endpoints.ts';
import {
  GUIDE_AUTO_DISMISS_MS,
  PAGE_GUIDES,
  guidesDue,
  type GuidePage,
  type GuideTag,
} from '../tags.ts';

/** Shop keepers' guides are saved through the shop keeper's call. */
const KEEPER_TAGS: ReadonlySet<GuideTag> = new Set(['myWithdraw', 'promoteNotPay']);

/** Shows the page's due guides; resolves true once they were shown, false when none was due. */
export async function runGuides(page: GuidePage): Promise<boolean> {
  const data = document.body.dataset;
  if (!data.userId || !data.shopId) return false;
  const shopBizCode = data.shopId;
  const order: readonly GuideTag[] = PAGE_GUIDES[page];
  const marked = new Set(
    [...document.querySelectorAll<HTMLElement>('[data-guide]')].map((el) => el.dataset.guide!),
  );
  const asked = order.filter((tag) => marked.has(tag));
  if (asked.length === 0) return false;
  const exist = await call(
    GuideEndpoints.exist,
    { query: { shopBizCode }, body: { tagNames: asked } },
    { silent: true },
  );
  const due = guidesDue({
    order,
    marked,
    seen: new Set(exist.filter((tag) => tag.exist).map((tag) => tag.name)),
    cartSkuNum: Number(data.cartCount ?? 0) || 0,
  });
  // The page carries its guides' texts (PageGuides.astro, HomeView.astro).
  const carried = document.querySelector<HTMLElement>('[data-guide-texts]')?.dataset.guideTexts;
  const texts = JSON.parse(carried ?? '{}') as Partial<Record<GuideTag, string>>;
  await runPopupSequence(
    due.map((tag) => async () => (texts[tag] ? showGuide(tag, texts[tag], shopBizCode) : false)),
  );
  return due.length > 0;
}

function showGuide(tag: GuideTag, text: string, shopBizCode: string): Promise<boolean> {
  const target = document.querySelector<HTMLElement>(`[data-guide="${tag}"]`);
  if (!target) return Promise.resolve(false);
  const input = { params: { tagName: tag }, query: { shopBizCode } };
  void (
    KEEPER_TAGS.has(tag)
      ? call(GuideEndpoints.distributorSeen, input, { silent: true })
      : call(GuideEndpoints.seen, input, { silent: true })
  ).catch(() => undefined); // Not saved: it shows once more next time, nothing else is lost.

  const bubble = document.createElement('div');
  bubble.className = 'guide-bubble';
  bubble.dataset.guideBubble = tag;
  bubble.setAttribute('role', 'status');
  bubble.textContent = text;
  // The guide points at something the shopper can see.
  const mark = target.getBoundingClientRect();
  if (mark.top < 0 || mark.bottom > innerHeight) target.scrollIntoView({ block: 'center' });
  document.body.append(bubble);
  place(bubble, target);

  return new Promise((done) => {
    const close = () => {
      clearTimeout(timer);
      document.removeEventListener('pointerdown', close, true);
      bubble.remove();
      done(true);
    };
    const timer = setTimeout(close, GUIDE_AUTO_DISMISS_MS);
    document.addEventListener('pointerdown', close, true);
  });
}

/** Below the mark, or above it when the mark sits in the lower half; kept inside the screen. */
function place(bubble: HTMLElement, target: HTMLElement): void {
  const mark = target.getBoundingClientRect();
  const box = bubble.getBoundingClientRect();
  const below = mark.top + mark.height / 2 < innerHeight / 2;
  const top = below ? mark.bottom + 8 : mark.top - box.height - 8;
  const left = Math.min(
    Math.max(8, mark.left + mark.width / 2 - box.width / 2),
    innerWidth - box.width - 8,
  );
  bubble.style.top = `${Math.max(8, top) + scrollY}px`;
  bubble.style.left = `${left + scrollX}px`;
}
