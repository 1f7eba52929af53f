/**
 * 开始直播 on the preheat page, for the host only (the page renders the button for the shop's
 * owner; the server checks again). Once live, the page opens again: the room is on its living
 * page now (a preheat page of a live room redirects there).
 */
import { ApiError, call } from '#lib/platform/client.ts';
import { LiveEndpoints } from '#lib/live/index.ts';

const button = document.querySelector<HTMLButtonElement>('[data-start-live]');
button?.addEventListener('click', () => {
  const liveNo = button.dataset.liveNo ?? '';
  const shopBizCode = document.body.dataset.shopId ?? '';
  button.disabled = true;
  call(LiveEndpoints.start, { params: { liveNo }, query: { shopBizCode } })
    .then(() => location.reload())
    .catch((error: unknown) => {
      // Started elsewhere (another tab) or over: the page of its state shows where it is.
      if (error instanceof ApiError && (error.code === 49812 || error.code === 49814)) {
        location.reload();
      }
      button.disabled = false;
    });
});
