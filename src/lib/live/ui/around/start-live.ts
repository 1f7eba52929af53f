/**
 * 开始直播 on the preheat page, for the host only (the page renders the button for the shop's
 * owner; the server checks again). The tap asks first, with the announced start time: started
 * early, the room goes live for every viewer at once. Once live, the page opens again: the room
 * is on its living page now (a preheat page of a live room redirects there).
 */
import { ApiError, call } from '#lib/platform/client.ts';
import { toast } from '#lib/platform/toast.ts';
import { LiveEndpoints } from '#lib/live/index.ts';

const button = document.querySelector<HTMLButtonElement>('[data-start-live]');
const dialog = document.querySelector<HTMLDialogElement>('[data-start-dialog]');
button?.addEventListener('click', () => dialog?.showModal());
dialog?.addEventListener('close', () => {
  if (!button || dialog.returnValue !== 'start') return;
  dialog.returnValue = '';
  const liveNo = button.dataset.liveNo ?? '';
  const shopBizCode = document.body.dataset.shopId ?? '';
  button.disabled = true;
  call(LiveEndpoints.start, { params: { liveNo }, query: { shopBizCode } })
    .then(() => location.reload())
    .catch((error: unknown) => {
      // Started elsewhere (another tab) or over: the page of its state shows where it is.
      if (error instanceof ApiError && (error.code === 49812 || error.code === 49814)) {
        location.reload();
        return;
      }
      // Any other refusal was shown by the request client; a lost network is shown here.
      if (error instanceof ApiError && error.code === -1) toast(error.message);
      button.disabled = false;
    });
});
