/**
 * Asks a ConfirmDialog of the page (`data-dialog={name}`): true on its confirm button, false on
 * 取消, Esc or a tap beside the card. A page without that dialog asks nothing: true.
 */
export function askConfirm(name: string, root: Document = document): Promise<boolean> {
  const dialog = root.querySelector<HTMLDialogElement>(`dialog[data-dialog="${name}"]`);
  if (!dialog) return Promise.resolve(true);
  return new Promise((answer) => {
    let result = false;
    const onClick = (event: MouseEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest('[data-confirm-yes]')) result = true;
      else if (!target?.closest('[data-confirm-no]')) {
        // Beside the card (on the backdrop) closes it; inside the card nothing happens.
        const box = dialog.getBoundingClientRect();
        const inside =
          event.clientX >= box.left &&
          event.clientX <= box.right &&
          event.clientY >= box.top &&
          event.clientY <= box.bottom;
        if (inside) return;
      }
      dialog.close();
    };
    dialog.addEventListener('click', onClick);
    dialog.addEventListener(
      'close',
      () => {
        dialog.removeEventListener('click', onClick);
        answer(result);
      },
      { once: true },
    );
    dialog.showModal();
    dialog.querySelector<HTMLButtonElement>('[data-confirm-no]')?.focus();
  });
}
