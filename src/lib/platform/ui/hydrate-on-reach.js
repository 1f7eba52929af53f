// @ts-check
/*
 * `client:reach`: the island hydrates when the shopper first reaches for it (a touch, a press, a
 * pointer over it, focus or a key), not at load. Its framework's script then never competes with
 * the page's first paint and scroll, which on a slow phone is where the blocking time was. Its
 * modules and what they import are fetched at load without being run (modulepreload: the browser
 * fetches the named module only, so the island's modules' imports are read and preloaded), so the
 * first tap costs only their evaluation; the tap keeper (tap-keeper.js) shows that tap pressed
 * and replays it once the island is taken. For islands that do nothing until used: the product
 * page's buy buttons.
 */
/** @type {import('astro').ClientDirective} */
export default (load, _options, el) => {
  const events = ['pointerdown', 'touchstart', 'mouseover', 'focusin', 'keydown'];
  const hydrate = () => {
    for (const type of events) el.removeEventListener(type, hydrate, true);
    void load().then((run) => run());
  };
  for (const type of events) el.addEventListener(type, hydrate, { capture: true, passive: true });

  /** @param {string} href @param {boolean} scan */
  const preload = (href, scan) => {
    if (document.querySelector(`script[src="${href}"],link[href="${href}"]`)) return;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    // The island's own two modules are small: their imports are read (from the HTTP cache, the
    // built modules are immutable) and preloaded in turn. Those imports (React itself) are not
    // read: scanning a large module would cost the main thread what this directive saves it.
    if (scan)
      link.onload = () =>
        void fetch(href)
          .then((response) => response.text())
          .then((code) => {
            for (const [, path] of code.matchAll(/(?:from|import)\s*"(\.\/[^"]+\.js)"/g))
              preload(new URL(/** @type {string} */ (path), link.href).pathname, false);
          });
    document.head.append(link);
  };
  for (const name of ['renderer-url', 'component-url']) {
    const href = el.getAttribute(name);
    if (href) preload(href, true);
  }
};
