/**
 * The skin popup in the browser (shell §4): the new skins' previews side by side; the button
 * under the one in view reads 使用中 when it is the shop's skin, else 立即使用, which applies it
 * (换肤成功) and brings the skin tip on the reloaded page. Closing records the close.
 */
import { ApiError, call } from '#lib/platform/client.ts';
import { Messages } from '#lib/platform/errors.ts';
import { shopKey } from '#lib/platform/storage-keys.ts';
import { toast } from '#lib/platform/toast.ts';
import { SKIN_CHANGED_KEY } from '#lib/shop/skin-tip.ts';
import { skinChanged } from './kept-calls.ts';
import * as ShopEndpoints from '../endpoints.ts';

export async function showSkinPopup(dialog: HTMLElement): Promise<boolean> {
  const shopBizCode = document.body.dataset.shopId ?? '';
  const popup = await call(ShopEndpoints.skinPopup, { query: { shopBizCode } }, { silent: true });
  if (!popup || popup.ringShopSkinVOList.length === 0 || !(dialog instanceof HTMLDialogElement)) {
    return false;
  }
  const $ = <E extends Element>(selector: string) => dialog.querySelector<E>(selector)!;
  const headline = $<HTMLElement>('[data-headline]');
  headline.textContent = popup.headline;
  headline.style.color = popup.headlineColor;
  const subheadline = $<HTMLElement>('[data-subheadline]');
  subheadline.textContent = popup.subheadline;
  subheadline.style.color = popup.subheadlineColor;
  const track = $<HTMLElement>('[data-previews]');
  track.replaceChildren(
    ...popup.ringShopSkinVOList.map((skin) => {
      const figure = document.createElement('figure');
      if (skin.homePreview) {
        const img = document.createElement('img');
        img.src = skin.homePreview;
        img.alt = `${skin.name}预览`;
        img.loading = 'lazy';
        figure.append(img);
      }
      const caption = document.createElement('figcaption');
      caption.textContent = skin.name;
      figure.append(caption);
      return figure;
    }),
  );
  const apply = $<HTMLButtonElement>('[data-apply-skin]');
  const inView = () =>
    popup.ringShopSkinVOList[
      Math.min(
        popup.ringShopSkinVOList.length - 1,
        Math.round(track.scrollLeft / Math.max(1, track.clientWidth)),
      )
    ]!;
  const label = () => {
    const current = inView().id === popup.skinId;
    apply.textContent = current ? '使用中' : '立即使用';
    apply.disabled = current;
  };
  track.addEventListener('scroll', label, { passive: true });
  label();

  const record = () =>
    call(
      ShopEndpoints.closeSkinPopup,
      { params: { code: popup.code }, query: { shopBizCode } },
      { silent: true },
    ).catch(() => undefined);

  return new Promise((closed) => {
    dialog.addEventListener('close', () => closed(true), { once: true });
    $('[data-skin-close]').addEventListener('click', () => {
      void record();
      dialog.close();
    });
    apply.addEventListener('click', async () => {
      apply.disabled = true;
      try {
        await call(
          ShopEndpoints.selectSkin,
          { params: { skinId: inView().id }, query: { shopBizCode } },
          { silent: true },
        );
        await record();
        toast(Messages.SKIN_CHANGED);
        sessionStorage.setItem(shopKey(shopBizCode, SKIN_CHANGED_KEY), String(Date.now()));
        skinChanged(shopBizCode);
        setTimeout(() => location.reload(), 1000);
      } catch (failure) {
        toast(
          failure instanceof ApiError && failure.message ? failure.message : Messages.SYSTEM_ERROR,
        );
        label();
      }
    });
    dialog.showModal();
  });
}
