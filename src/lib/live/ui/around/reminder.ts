/**
 * 预约 / 取消预约 on the preheat pages, without a framework: the button carries the room and
 * whether the shopper has 预约'd it; the answer (one row per user and room on the server) sets
 * the button and the count. A visitor's button is a login link the login popup takes over.
 */
import { ApiError, call } from '#lib/platform/client.ts';
import { toast } from '#lib/platform/toast.ts';
import { LiveChannelEndpoints } from '#lib/live/index.ts';

const box = document.querySelector<HTMLElement>('[data-reminder]');
const remind = box?.querySelector<HTMLButtonElement>('[data-remind]');
const cancel = box?.querySelector<HTMLButtonElement>('[data-remind-cancel]');
const count = document.querySelector<HTMLElement>('[data-reminder-count]');

function show(reminded: boolean, reminderCount: number): void {
  if (!box || !remind || !cancel) return;
  box.dataset.reminded = String(reminded);
  remind.textContent = reminded ? '已预约' : '预约';
  remind.setAttribute('aria-pressed', String(reminded));
  cancel.hidden = !reminded;
  if (count) count.textContent = String(reminderCount);
}

async function send(reminded: boolean): Promise<void> {
  if (!box || !remind || !cancel) return;
  const liveNo = box.dataset.liveNo ?? '';
  const shopBizCode = document.body.dataset.shopId ?? '';
  remind.disabled = cancel.disabled = true;
  try {
    const contract = reminded ? LiveChannelEndpoints.remind : LiveChannelEndpoints.cancel;
    const state = await call(contract, { query: { shopBizCode }, body: { liveNo } });
    show(state.reminded, state.reminderCount);
    toast(reminded ? '预约成功，开播前提醒你' : '已取消预约');
  } catch (error) {
    // The request client showed the refusal; a room that started meanwhile shows its page.
    if (error instanceof ApiError && error.code === 49862) location.reload();
  } finally {
    remind.disabled = cancel.disabled = false;
  }
}

remind?.addEventListener('click', () => {
  if (box?.dataset.reminded !== 'true') void send(true);
});
cancel?.addEventListener('click', () => void send(false));
