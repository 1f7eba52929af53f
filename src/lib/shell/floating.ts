/**
 * The floating helper buttons and back icon per route: the route table's `helpers` and
 * `backIcon` columns (commerce §2, shell §2), read for the components that draw them.
 */
import { routeByName, type RouteName } from '#lib/platform/routes.ts';

export interface FloatingButtons {
  top: boolean;
  home: boolean;
  cart: boolean;
}

export function floatingButtonsFor(routeName: RouteName): FloatingButtons {
  const helpers = routeByName(routeName)?.helpers ?? 'none';
  return {
    top: helpers !== 'none',
    home: helpers === 'home',
    cart: helpers === 'cart',
  };
}

export function showsBackIcon(routeName: RouteName): boolean {
  return routeByName(routeName)?.backIcon ?? false;
}

/** The cart badge: 99+ above 99, nothing at zero. */
export function badgeText(count: number): string {
  if (count <= 0) return '';
  return count > 99 ? '99+' : String(count);
}

/** Keeps a dragged button inside the screen: 15 px from the sides, at least 55 px from the bottom. */
export const FLOAT_SIDE_MARGIN = 15;
export const FLOAT_MIN_BOTTOM = 55;

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
