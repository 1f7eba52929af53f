/**
 * The floating buttons' browser rules: the cart badge and keeping a dragged button on screen.
 * Which buttons a route shows is in floating-buttons.ts, apart, so this small module (loaded by
 * the shell script on every page) never pulls in the route table.
 */

/** The cart badge: 99+ above 99, nothing at zero. */
export function badgeText(count: number): string {
  if (count <= 0) return '';
  return count > 99 ? '99+' : String(count);
}

/** Keeps a dragged button inside the screen: 15 px from the sides, at least 55 px from the bottom. */
export const FLOAT_SIDE_MARGIN = 15;
export const FLOAT_MIN_BOTTOM = 55;
/** A floating button's size and the gap between the group's buttons (FloatingButtons.astro). */
export const FLOAT_BUTTON_SIZE = 40;
export const FLOAT_BUTTON_GAP = 10;

export function clampFloating(
  position: { left: number; bottom: number },
  size: { width: number; height: number },
  viewport: { width: number; height: number },
): { left: number; bottom: number } {
  const maxLeft = viewport.width - FLOAT_SIDE_MARGIN - size.width;
  const maxBottom = viewport.height - size.height - FLOAT_SIDE_MARGIN;
  return {
    left: Math.min(
      Math.max(position.left, FLOAT_SIDE_MARGIN),
      Math.max(FLOAT_SIDE_MARGIN, maxLeft),
    ),
    bottom: Math.min(
      Math.max(position.bottom, FLOAT_MIN_BOTTOM),
      Math.max(FLOAT_MIN_BOTTOM, maxBottom),
    ),
  };
}
