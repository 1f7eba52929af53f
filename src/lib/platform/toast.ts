/** Toasts (shell §9): 2500 ms, or 1500 ms for a custom one. One at a time, announced to screen readers. */
export const TOAST_MS = 2500;
export const CUSTOM_TOAST_MS = 1500;

let hideTimer: ReturnType<typeof setTimeout> | undefined;

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
  node.hidden = false;
  clearTimeout(hideTimer);
  hideTimer = setTimeout(() => {
    node.hidden = true;
  }, durationMs);
}
