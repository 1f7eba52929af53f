/**
 * Dragging a floating element with a finger or the mouse (pointer events), kept inside the
 * screen by clampFloating: 15 px from the sides, at least 55 px from the bottom (shell §9). The
 * floating helper group and the small live window both move this way. A move under 10 px is a
 * tap (shell §9 move threshold); after a drag, the click under the finger is swallowed.
 */
import { clampFloating } from '#lib/platform/floating.ts';

const MOVE_THRESHOLD_PX = 10;

export function dragWithinBounds(element: HTMLElement): void {
  let start: { x: number; y: number; left: number; bottom: number } | null = null;
  let moved = false;
  element.addEventListener('pointerdown', (event) => {
    const rect = element.getBoundingClientRect();
    start = {
      x: event.clientX,
      y: event.clientY,
      left: rect.left,
      bottom: window.innerHeight - rect.bottom,
    };
    moved = false;
  });
  window.addEventListener('pointermove', (event) => {
    if (!start) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (!moved && Math.hypot(dx, dy) < MOVE_THRESHOLD_PX) return;
    if (!moved) element.setPointerCapture?.(event.pointerId);
    moved = true;
    const rect = element.getBoundingClientRect();
    const next = clampFloating(
      { left: start.left + dx, bottom: start.bottom - dy },
      { width: rect.width, height: rect.height },
      { width: window.innerWidth, height: window.innerHeight },
    );
    element.style.left = `${next.left}px`;
    element.style.right = 'auto';
    element.style.top = 'auto';
    element.style.bottom = `${next.bottom}px`;
  });
  const end = () => {
    start = null;
  };
  window.addEventListener('pointerup', end);
  window.addEventListener('pointercancel', end);
  // A drag is not a tap on the button under the finger.
  element.addEventListener(
    'click',
    (event) => {
      if (moved) {
        event.preventDefault();
        event.stopPropagation();
        moved = false;
      }
    },
    true,
  );
}
