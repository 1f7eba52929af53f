/**
 * The shell area's door (docs/architecture.md "Doors"): what pages, islands and other areas may
 * use: contracts, errors, statuses, rules and view types. Browser-safe: no server module.
 */
export { carriesCouponNotice } from './coupon-notice.ts';
export { dragWithinBounds } from './drag.ts';
export { floatingButtonsFor, showsBackIcon } from './floating-buttons.ts';
export { loginReferrer } from './navigation.ts';
export { reloadWhenShownAgain } from './reload.ts';
export { noticeCookieName, noticeStamp } from './shop-notice.ts';
