/**
 * The coupon popup in the browser (commerce §4, shell §4), on the dialog CouponPopup.astro
 * renders: popType 0 lists the coupons with 一键领取; popType 1 rains red envelopes — a drop
 * every 300 ms for up to 10 s — while an envelope waits to be opened: it opens by itself after
 * 3 s, or at once on a tap, draws the coupons and shows those won (a larger layout for 3 or
 * more); 去使用 follows the coupon's link, closing ends it. Loaded only when a popup is due.
 */
import { ApiError, call } from '#lib/platform/client.ts';
import type { WireDataOf } from '#lib/platform/contract.ts';
import * as CouponEndpoints from '../endpoints.ts';
import type { CouponContracts } from '../contracts.ts';
import { Messages } from '#lib/platform/errors.ts';
import { toast } from '#lib/platform/toast.ts';

export const RAIN_DROP_MS = 300;
export const RAIN_FOR_MS = 10_000;
export const ENVELOPE_AUTO_OPEN_MS = 3_000;
/** From this many coupons the popup takes the larger layout. */
export const MANY_COUPONS = 3;

export type Popup = NonNullable<WireDataOf<typeof CouponContracts.popup>>;

interface Shown {
  couponId: number;
  face: string;
  name: string;
  condition: string;
  time: string;
}

/** Shows the popup; resolves when the shopper closed it. */
export function showCouponPopup(dialog: HTMLDialogElement, popup: Popup): Promise<void> {
  const shopId = document.body.dataset.shopId ?? '';
  const useHref = dialog.dataset.useHref ?? '';
  const $ = <E extends Element>(selector: string) => dialog.querySelector<E>(selector)!;
  const list = $<HTMLUListElement>('[data-coupons]');
  const timers: ReturnType<typeof setTimeout>[] = [];
  let drawing = false;

  $('[data-title]').textContent = popup.title;
  $('[data-desc]').textContent = popup.popDesc;
  $('[data-brand]').textContent = popup.brandName;
  dialog.toggleAttribute('data-many', popup.spCouponActivities.length >= MANY_COUPONS);

  const render = (coupons: Shown[], won: boolean) => {
    list.replaceChildren(
      ...coupons.map((coupon) => {
        const item = document.createElement('li');
        const face = document.createElement('strong');
        face.textContent = coupon.face;
        const text = document.createElement('span');
        text.className = 'text';
        const name = document.createElement('b');
        name.textContent = coupon.name;
        const condition = document.createElement('small');
        condition.textContent = `${coupon.condition} · ${coupon.time}`;
        text.append(name, condition);
        item.append(face, text);
        if (won) {
          const use = document.createElement('a');
          use.textContent = '去使用';
          use.href = `${useHref}&couponId=${coupon.couponId}`;
          item.append(use);
        }
        return item;
      }),
    );
  };
  const offered: Shown[] = popup.spCouponActivities.map((c) => ({
    couponId: c.ticketId,
    face: c.amount,
    name: c.couponName,
    condition: c.tag,
    time: c.time,
  }));

  return new Promise((closed) => {
    const stage = (name: 'list' | 'envelope' | 'won') => (dialog.dataset.stage = name);
    const end = () => {
      for (const timer of timers) clearTimeout(timer);
      dialog.close();
    };
    dialog.addEventListener(
      'close',
      () => {
        for (const timer of timers) clearTimeout(timer);
        $('[data-rain]').replaceChildren();
        closed();
      },
      { once: true },
    );
    $('[data-popup-close]').addEventListener('click', end);

    const draw = async () => {
      if (drawing) return;
      drawing = true;
      for (const timer of timers) clearTimeout(timer);
      try {
        const result = await call(
          CouponEndpoints.drawList,
          {
            query: { shopBizCode: shopId },
            body: { couponIdList: offered.map((c) => c.couponId), popupId: popup.id },
          },
          { silent: true },
        );
        const won = offered.filter((c) => !result.refused.some((r) => r.couponId === c.couponId));
        dialog.toggleAttribute('data-many', won.length >= MANY_COUPONS);
        render(won, true);
        $('[data-won-title]').textContent = `恭喜获得 ${won.length} 张优惠券`;
        stage('won');
      } catch (failure) {
        // The server says why (commerce §8: the draw failure is the server's message).
        toast(
          failure instanceof ApiError && failure.message ? failure.message : Messages.SYSTEM_ERROR,
        );
        end();
      } finally {
        drawing = false;
      }
    };

    if (popup.popType === 1) {
      stage('envelope');
      rain($('[data-rain]'), timers);
      $('[data-open-envelope]').addEventListener('click', () => void draw());
      timers.push(setTimeout(() => void draw(), ENVELOPE_AUTO_OPEN_MS));
    } else {
      render(offered, false);
      stage('list');
      $('[data-draw-all]').addEventListener('click', () => void draw());
    }
    dialog.showModal();
  });
}

/** A red envelope falls every 300 ms for up to 10 s (none when motion is reduced). */
function rain(sky: HTMLElement, timers: ReturnType<typeof setTimeout>[]): void {
  if (matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  const started = Date.now();
  const drop = () => {
    if (Date.now() - started >= RAIN_FOR_MS) return;
    const envelope = document.createElement('span');
    envelope.className = 'drop';
    envelope.style.left = `${Math.floor(Math.random() * 92)}%`;
    envelope.style.animationDuration = `${1.6 + Math.random() * 1.2}s`;
    envelope.addEventListener('animationend', () => envelope.remove());
    sky.append(envelope);
    timers.push(setTimeout(drop, RAIN_DROP_MS));
  };
  drop();
}
