// @ts-check
/*
 * `client:reach`: the island hydrates when the shopper first reaches for it (a touch, a press, a
 * pointer over it, focus or a key), not at load. Its framework's script then never competes with
 * the page's first paint and scroll, which on a slow phone is where the blocking time was. Its
 * modules are fetched at load without being run (modulepreload), so the first tap costs only their
 * evaluation; the tap keeper (tap-keeper.js) shows that tap pressed and replays it once the island
 * is taken. For islands that do nothing until used: the product page's buy buttons.
 */
/** @type {import('astro').ClientDirective} */
export default (load, _options, el) => {
  const events = ['pointerdown', 'touchstart', 'mouseover', 'focusin', 'keydown'];
  const hydrate = () => {
    for (const type of events) el.removeEventListener(type, hydrate, true);
    void load().then((run) => run());
  };
  for (const type of events) el.addEventListener(type, hydrate, { capture: true, passive: true });
  for (const name of ['renderer-url', 'component-url']) {
    const href = el.getAttribute(name);
    if (!href || document.querySelector(`link[href="${href}"]`)) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
};
