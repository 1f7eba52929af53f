// @ts-check
/*
 * No tap is lost before an island hydrates (decision 046). A tap on a control of an island still
 * server-rendered is held and shown pressed (data-tap-held), then replayed once the island's
 * framework has taken the page over; text typed into its fields is handed over too. Inlined at
 * the top of every page, so it runs before anything can be tapped; no framework, a few lines.
 */
(() => {
  const CONTROL = 'button,input,select,textarea,label,summary,[role=button],a:not([href])';
  const FIELD =
    'input:not([type=checkbox],[type=radio],[type=button],[type=submit],[type=reset]),textarea,select';
  /** @type {WeakMap<Element, {tap: number, typed: Map<number, string>}>} */
  const held = new WeakMap();
  /** @param {Element} island @param {Element} el */
  const indexIn = (island, el) => [...island.querySelectorAll(CONTROL)].indexOf(el);
  /** @param {Element} island @param {number} i */
  const controlAt = (island, i) =>
    /** @type {HTMLElement | undefined} */ (island.querySelectorAll(CONTROL)[i]);
  /**
   * The island's framework has committed its hydration: its root is no longer dehydrated. Before
   * that, React has already tagged the elements it walked, but an event sent to them is lost.
   * @param {Element} island
   */
  const taken = (island) => {
    const key = Object.keys(island).find((name) => name.startsWith('__reactContainer'));
    // @ts-expect-error React's own fields on the element it renders into.
    const root = key ? island[key]?.stateNode : undefined;
    const state = root?.current?.memoizedState;
    return state ? state.isDehydrated !== true : false;
  };
  /** @param {Element} island @param {() => void} then @param {number} [tries] */
  const whenTaken = (island, then, tries = 0) => {
    if (taken(island) || tries > 600) then();
    else requestAnimationFrame(() => whenTaken(island, then, tries + 1));
  };
  /**
   * The island the element is in, while React has not yet committed it: from its server HTML
   * until the commit, which comes some time after Astro has handed it over.
   * @param {Element} el
   */
  const pending = (el) => {
    const island = el.closest?.('astro-island');
    return island && !taken(island) ? island : null;
  };
  /** @param {Element} island */
  const hold = (island) => {
    let state = held.get(island);
    if (state) return state;
    const fresh = { tap: -1, typed: new Map() };
    held.set(island, fresh);
    const replay = () =>
      whenTaken(island, () => {
        held.delete(island);
        for (const [i, value] of fresh.typed) {
          const field = /** @type {HTMLInputElement | undefined} */ (controlAt(island, i));
          if (!field) continue;
          // The framework notices a change only against the value it last saw.
          field.value = '';
          Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(
            field,
            value,
          );
          field.dispatchEvent(new Event('input', { bubbles: true }));
        }
        // The tap after the typed text has been rendered, so it acts on what was typed.
        setTimeout(() => {
          for (const el of island.querySelectorAll('[data-tap-held]'))
            el.removeAttribute('data-tap-held');
          if (fresh.tap >= 0) controlAt(island, fresh.tap)?.click();
        });
      });
    // Astro hands the island to React (astro:hydrate), then React takes a while to commit.
    if (island.hasAttribute('ssr'))
      island.addEventListener('astro:hydrate', replay, { once: true });
    else replay();
    return fresh;
  };
  document.addEventListener(
    'click',
    (event) => {
      const target = /** @type {Element} */ (event.target);
      const island = pending(target);
      const control = island && target.closest(CONTROL);
      if (!island || !control || !island.contains(control) || control.matches(FIELD)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      if (control.matches(':disabled')) return;
      const state = hold(island);
      for (const el of island.querySelectorAll('[data-tap-held]'))
        el.removeAttribute('data-tap-held');
      state.tap = indexIn(island, control);
      control.setAttribute('data-tap-held', '');
    },
    true,
  );
  document.addEventListener(
    'input',
    (event) => {
      const field = /** @type {HTMLInputElement} */ (event.target);
      const island = pending(field);
      if (island && event.isTrusted) hold(island).typed.set(indexIn(island, field), field.value);
    },
    true,
  );
  // Enter in a field of a form not yet taken over: nothing is sent half-way.
  document.addEventListener(
    'submit',
    (event) => {
      if (pending(/** @type {Element} */ (event.target))) event.preventDefault();
    },
    true,
  );
})();
