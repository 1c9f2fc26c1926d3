/**
 * Pictures of the card form's elements as plain data, for the browser tests
 * of both modes. Each function is self-contained, because the frame probe
 * hands its source to the frame to run there; inline, the tests call it
 * directly. `probe` names the inline element (`data-probe`); without it, the
 * form is the frame's own.
 */

/** Every element matching `selector` in the form (or the first, unless `all`), with what tests read of it. */
export function snapshot({ probe, selector, styles = [], all = false }) {
  const root = probe ? document.querySelector(`[data-probe="${probe}"]`).shadowRoot : document.querySelector('pay-card-frame').shadowRoot;
  const picture = (element) => {
    const rect = element.getBoundingClientRect();
    const computed = getComputedStyle(element);
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
    };
  };
  const found = [...root.querySelectorAll(selector)];
  return all ? found.map(picture) : found[0] ? picture(found[0]) : null;
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
