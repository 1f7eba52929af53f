// @ts-check
/*
 * `client:reach`: the island hydrates when the shopper first reaches for it (a touch, a press, a
 * pointer over it, focus or a key), not at load. Its framework's script then never competes with
 * the page's first paint and scroll, which on a slow phone is where the blocking time was. Its
 * modules and what they import are fetched at load without being run (modulepreload: the browser
 * fetches the named module only, so each one's imports are read and preloaded after it), so the
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

  /** @param {string} href */
  const preload = (href) => {
    if (document.querySelector(`script[src="${href}"],link[href="${href}"]`)) return;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    // Read from the HTTP cache once fetched: the built modules are immutable.
    link.onload = () =>
      void fetch(href)
        .then((response) => response.text())
        .then((code) => {
          for (const [, path] of code.matchAll(/(?:from|import)\s*"(\.\/[^"]+\.js)"/g))
            preload(new URL(/** @type {string} */ (path), link.href).pathname);
        });
    document.head.append(link);
  };
  for (const name of ['renderer-url', 'component-url']) {
    const href = el.getAttribute(name);
    if (href) preload(href);
  }
};
