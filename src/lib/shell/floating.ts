/**
 * The floating helper buttons per route (commerce §2): none on product detail, login,
 * registration, protocol, venue and similar pages; the cart only on index, order and my; home
 * elsewhere, but not on the pages the tab bar already leads home from; the top button (shown
 * beyond two viewport heights) everywhere the group shows.
 */

const WITHOUT_HELPERS = new Set([
  'productDetail',
  'businessProductDetail',
  'login',
  'login_web',
  'phoneLogin',
  'register',
  'applyForAdmin',
  'orderPosterEnv',
  'registerAgent',
  'registerAgentProcess',
  'registerSuccess',
  'registrationProtocol',
  'userPrivacyPolicy',
  'legal-protocol',
  'legal-protocol-type',
  'commitment',
  'complianceDoc',
  'businessVenue',
  'businessVenue404',
  'superMarket',
  'eastGate',
  'insideTips',
  'crawler',
  'cart',
  'checkout',
  'confirmationOrder',
  'success',
  'living',
  'live-preheat',
  'live-review',
  'live-end',
]);

const WITH_CART = new Set(['index', 'order', 'my']);
/** Pages with the tab bar's home tab: a floating home button would only repeat it. */
const TAB_PAGES = new Set(['index', 'order', 'my', 'service']);

export interface FloatingButtons {
  top: boolean;
  home: boolean;
  cart: boolean;
}

export function floatingButtonsFor(routeName: string): FloatingButtons {
  if (WITHOUT_HELPERS.has(routeName)) return { top: false, home: false, cart: false };
  return { top: true, home: !TAB_PAGES.has(routeName), cart: WITH_CART.has(routeName) };
}

/** Routes that never show the floating back icon (shell §2): home, order, my and the login pages. */
const WITHOUT_BACK = new Set(['index', 'order', 'my', 'login', 'login_web', 'phoneLogin']);

export function showsBackIcon(routeName: string): boolean {
  return !WITHOUT_BACK.has(routeName);
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
