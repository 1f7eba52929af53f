/**
 * Buttons marked `data-copy="text"` put that text on the clipboard and say 已复制; where the
 * phone refuses, the toast says what to do instead (`failedText`: long-press the number). The
 * shell's toast comes in from the screen, so the kit stays outside the areas.
 */
export function wireCopyButtons(
  toast: (message: string, ms?: number) => void,
  failedText: string,
): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-copy]')) {
    button.addEventListener('click', async () => {
      try {
        await navigator.clipboard.writeText(button.dataset.copy ?? '');
        toast('已复制', 1500);
      } catch {
        toast(failedText);
      }
    });
  }
}
