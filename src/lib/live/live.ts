/** The live pages that open the login popup instead of redirecting (commerce §2, §9). */
export const LIVE_POPUP_ROUTES: readonly string[] = [
  'living',
  'live-preheat',
  'live-review',
  'live-end',
];
