/**
 * The floating helper buttons and back icon per route: the route table's `helpers` and
 * `backIcon` columns (commerce §2, shell §2), read for the components that draw them. Server-side:
 * the shell script only reveals what the page drew.
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
