/**
 * Toasts (shell §9): 2500 ms, or 1500 ms for a custom one. One at a time, announced to screen
 * readers, and shown above everything. While a modal <dialog> is open (the product page's 领券
 * sheet, a popup) the rest of the page is inert — neither seen by screen readers nor reachable —
 * so the toast moves into that dialog; it is a manual popover raised afresh each time, so it sits
 * in the top layer above the dialog where the browser has popovers.
 */
export const TOAST_MS = 2500;
export const CUSTOM_TOAST_MS = 1500;

let hideTimer: ReturnType<typeof setTimeout> | undefined;

function supportsPopover(node: HTMLElement): boolean {
  return typeof node.showPopover === 'function';
}

/** Where the toast must be: in the open modal dialog (the last one), else in the body. */
function toastHost(): HTMLElement {
  const modal = [...document.querySelectorAll<HTMLDialogElement>('dialog[open]')].filter(
    (dialog) => {
      try {
        return dialog.matches(':modal');
      } catch {
        return false;
      }
    },
  );
  return modal.at(-1) ?? document.body;
}

export function toast(message: string, durationMs: number = TOAST_MS): void {
  let node = document.getElementById('shell-toast');
  if (!node) {
    node = document.createElement('div');
    node.id = 'shell-toast';
    node.className = 'shell-toast';
    node.setAttribute('role', 'status');
    node.setAttribute('aria-live', 'polite');
  }
  const popover = supportsPopover(node);
  if (popover && node.matches(':popover-open')) node.hidePopover();
  const host = toastHost();
  if (node.parentElement !== host) host.append(node);
  node.textContent = message;
  node.hidden = false;
  if (popover) {
    node.popover = 'manual';
    // Shown again, it goes on top of whatever entered the top layer since (a dialog just opened).
    node.showPopover();
  }
  clearTimeout(hideTimer);
  hideTimer = setTimeout(() => {
    if (popover && node.matches(':popover-open')) node.hidePopover();
    node.hidden = true;
  }, durationMs);
}
