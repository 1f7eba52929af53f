/**
 * Toasts (shell §9): 2500 ms, or 1500 ms for a custom one. One at a time, announced to screen
 * readers, and shown above everything: a modal <dialog> (the product page's 领券 sheet, a popup)
 * sits in the browser's top layer, where nothing of the page reaches, so the toast goes there too
 * as a manual popover raised afresh each time; a browser without popovers gets it inside the open
 * modal dialog instead.
 */
export const TOAST_MS = 2500;
export const CUSTOM_TOAST_MS = 1500;

let hideTimer: ReturnType<typeof setTimeout> | undefined;

function supportsPopover(node: HTMLElement): boolean {
  return typeof node.showPopover === 'function';
}

/** The open modal dialog a toast must sit in when the browser has no popovers; else the body. */
function hostWithoutPopover(): HTMLElement {
  const open = [...document.querySelectorAll<HTMLDialogElement>('dialog[open]')];
  const modal = open.filter((dialog) => {
    try {
      return dialog.matches(':modal');
    } catch {
      return false;
    }
  });
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
    document.body.append(node);
  }
  node.textContent = message;
  if (supportsPopover(node)) {
    node.popover = 'manual';
    node.hidden = false;
    // Shown again, it goes on top of whatever entered the top layer since (a dialog just opened).
    if (node.matches(':popover-open')) node.hidePopover();
    node.showPopover();
  } else {
    const host = hostWithoutPopover();
    if (node.parentElement !== host) host.append(node);
    node.hidden = false;
  }
  clearTimeout(hideTimer);
  hideTimer = setTimeout(() => {
    if (supportsPopover(node) && node.matches(':popover-open')) node.hidePopover();
    node.hidden = true;
  }, durationMs);
}
