/**
 * Pictures of the card form's elements as plain data, for the browser tests
 * of both modes. Each function is self-contained, because the frame probe
 * hands its source to the frame to run there; inline, the tests call it
 * directly. `probe` names the inline element (`data-probe`); without it, the
 * form is the frame's own.
 */

/** Every element matching `selector` in the form (or the first, unless `all`), with what tests read of it. */
export function snapshot({ probe, selector, styles = [], pseudo = null, all = false }) {
  const root = probe ? document.querySelector(`[data-probe="${probe}"]`).shadowRoot : document.querySelector('pay-card-frame').shadowRoot;
  const picture = (element) => {
    const rect = element.getBoundingClientRect();
    const computed = getComputedStyle(element, pseudo);
    return {
      value: element.value ?? null,
      selectionStart: element.selectionStart ?? null,
      selectionEnd: element.selectionEnd ?? null,
      text: element.textContent,
      hidden: element.hidden,
      focused: root.activeElement === element && document.hasFocus(),
      attributes: Object.fromEntries([...element.attributes].map((a) => [a.name, a.value])),
      rect: { top: rect.top, left: rect.left, width: rect.width, height: rect.height, bottom: rect.bottom, right: rect.right },
      styles: Object.fromEntries(styles.map((name) => [name, computed.getPropertyValue(name)])),
      animations: element.getAnimations({ subtree: true }).length,
    };
  };
  const found = [...root.querySelectorAll(selector)];
  return all ? found.map(picture) : found[0] ? picture(found[0]) : null;
}

/** Resolves once the form has an element matching `selector`: at once, or on the write that adds it. */
export function whenShown({ probe, selector }) {
  const root = probe ? document.querySelector(`[data-probe="${probe}"]`).shadowRoot : document.querySelector('pay-card-frame').shadowRoot;
  return new Promise((done) => {
    if (root.querySelector(selector)) return done(true);
    const observer = new MutationObserver(() => {
      if (!root.querySelector(selector)) return;
      observer.disconnect();
      done(true);
    });
    observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
  });
}

/** Starts keeping every non-empty text the form's live region takes; returns the region's `aria-live`. */
export function listenRegion({ probe }) {
  const root = probe ? document.querySelector(`[data-probe="${probe}"]`).shadowRoot : document.querySelector('pay-card-frame').shadowRoot;
  const region = root.querySelector('[role="status"]');
  const said = [];
  (window.probeSaid ??= {})[probe ?? 'frame'] = said;
  new MutationObserver(() => {
    const text = region.textContent.trim();
    if (text) said.push(text);
  }).observe(region, { childList: true, subtree: true, characterData: true });
  return region.getAttribute('aria-live');
}

/** What the live region has said since {@link listenRegion}. */
export function saidSince({ probe }) {
  return [...(window.probeSaid?.[probe ?? 'frame'] ?? [])];
}

/** Starts recording every write to the form's DOM (afresh on each call). */
export function observeWrites({ probe }) {
  const root = probe ? document.querySelector(`[data-probe="${probe}"]`).shadowRoot : document.querySelector('pay-card-frame').shadowRoot;
  const key = probe ?? 'frame';
  window.probeWrites?.[key]?.observer.disconnect();
  const writes = [];
  const describe = (m) => `${m.type} ${m.target.id || m.target.nodeName} ${m.attributeName ?? ''}`;
  const observer = new MutationObserver((records) => writes.push(...records.map(describe)));
  observer.observe(root, { subtree: true, attributes: true, childList: true, characterData: true });
  (window.probeWrites ??= {})[key] = { writes, observer, describe };
  return true;
}

/** The writes recorded since {@link observeWrites}, as "type target attribute", including any not yet delivered. */
export function writesSince({ probe }) {
  const record = window.probeWrites?.[probe ?? 'frame'];
  if (!record) return [];
  record.writes.push(...record.observer.takeRecords().map(record.describe));
  return [...record.writes];
}

/**
 * What Chrome's autofill does: sets values on inputs that do not have focus
 * and fires `input`, with no key events.
 */
export function autofill({ probe, values }) {
  const root = probe ? document.querySelector(`[data-probe="${probe}"]`).shadowRoot : document.querySelector('pay-card-frame').shadowRoot;
  for (const [id, value] of Object.entries(values)) {
    const field = root.getElementById(id);
    field.value = value;
    field.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  }
  return true;
}

/**
 * The form's document: its title and language, and whether its content
 * overflows it. The frame's body clips what does not fit, so the document
 * itself never overflows downwards: the height of the body's content says
 * whether something was cut off.
 */
export function documentBox() {
  const { documentElement: html, body } = document;
  return {
    title: document.title,
    lang: html.lang,
    scrollWidth: html.scrollWidth,
    scrollHeight: Math.max(html.scrollHeight, body.scrollHeight),
    clientWidth: html.clientWidth,
    clientHeight: html.clientHeight,
  };
}

/**
 * Starts counting the scrolls of the form's document (afresh on each call),
 * and the farthest from the top-left corner it went. A scroll event fires
 * for any change of the offset, even one undone before it is delivered.
 */
export function watchScroll() {
  window.probeScroll = { scrolls: 0, farthest: 0 };
  if (!window.probeScrollWatched) {
    window.probeScrollWatched = true;
    document.addEventListener('scroll', () => {
      window.probeScroll.scrolls++;
      window.probeScroll.farthest = Math.max(window.probeScroll.farthest, Math.abs(scrollX), Math.abs(scrollY));
    });
  }
  return true;
}

/** The scrolls counted since {@link watchScroll}, and where the document is now. */
export function scrolledSince() {
  return { ...window.probeScroll, x: scrollX, y: scrollY };
}

/**
 * Resolves once the messages already waiting in this document's queue have run, with the microtasks
 * they started: it posts through a new channel of its own, and a document runs messages in the order
 * they came. (A timer is no such yield: timers have a queue of their own, which may run first.)
 */
export function afterQueuedMessages() {
  return new Promise((done) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      done(true);
    };
    port2.postMessage(null);
  });
}
