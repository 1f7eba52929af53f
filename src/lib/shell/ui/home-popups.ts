/**
 * The home page's popups (shell §4), in order: first an agreement to accept when the page asks
 * one (the keeper's contract, 协议更新提示; decision 049), then the skin popup for an administrator
 * with the skin switch on, the shop-owner identity prompt, the coupon popup, the school popup for
 * a shop keeper (decision 028), then the page guides — each 200 ms after the previous one closed, a
 * failed call skipping its step. Each step's code loads only when its turn comes, and none for
 * a visitor who is not signed in. The guides run while the shop's 新手引导 switch is on.
 */
import { runPopupSequence, untilClosed } from '#lib/platform/popup-sequence.ts';
import { Feature } from '#lib/shop/index.ts';
import { featureOn } from '#lib/shop/ui/kept-calls.ts';
import { runGuides } from '#lib/guides/ui/guide-view.ts';

void runPopupSequence([
  // What the shopper is asked to agree to comes before anything the shop offers them.
  () => untilClosed(document.querySelector('[data-dialog="contract"]')),
  () => untilClosed(document.querySelector('[data-dialog="agreement-update"]')),
  async () => {
    const dialog = document.querySelector<HTMLElement>('[data-skin-popup]');
    if (!dialog) return false;
    return (await import('#lib/shop/ui/skin-popup.ts')).showSkinPopup(dialog);
  },
  () => untilClosed(document.querySelector('[data-dialog="owner-identity"]')),
  async () => (await import('#lib/coupons/ui/popup-step.ts')).couponPopupStep('home_page')(),
  async () => {
    // The school popup (issue #16, decision 028): rendered only for a shop keeper.
    const dialog = document.querySelector<HTMLDialogElement>('dialog[data-school-popup]');
    if (!dialog) return false;
    return (await import('#lib/live/ui/school-popup.ts')).showSchoolPopup(dialog);
  },
  async () => {
    // The shop's 新手引导 switch (feature 1013), from the entrance status the browser keeps.
    if (!(await featureOn(document.body.dataset.shopId ?? '', Feature.Guides))) return false;
    return runGuides('index');
  },
]);
