/**
 * The home page's popups, one after another (shell §4): each step shows its popup and resolves
 * when it closes (true), or resolves false when it has nothing to show; a step whose call fails
 * is skipped. The next step starts 200 ms after the previous popup closed. Isomorphic and
 * clock-driven, so the order and the gaps are tested with a fake clock.
 */

export const POPUP_STEP_GAP_MS = 200;

/** Shows its popup and resolves once it is closed (true), or false when there is none. */
export type PopupStep = () => Promise<boolean>;

export async function runPopupSequence(
  steps: readonly PopupStep[],
  wait: (ms: number) => Promise<void> = (ms) => new Promise((done) => setTimeout(done, ms)),
): Promise<void> {
  for (const step of steps) {
    let shown: boolean;
    try {
      shown = await step();
    } catch {
      // A failed call skips its step (shell §4); the popups after it still come.
      shown = false;
    }
    if (shown) await wait(POPUP_STEP_GAP_MS);
  }
}

/** Resolves when an open <dialog> closes (at once, false, when it is not open). */
export function untilClosed(dialog: HTMLDialogElement | null): Promise<boolean> {
  if (!dialog?.open) return Promise.resolve(false);
  return new Promise((done) => dialog.addEventListener('close', () => done(true), { once: true }));
}
