/**
 * The script the load benches and the first-click test add to every
 * document before its own scripts: it watches each new shadow root, and records in
 * `window.loadMarks`, as absolute times, when the card input (`selector`)
 * first has a box (`input`) and when an `<iframe>` first has a height
 * (`frameShown`); with `typed`, also the input's first `pointerdown`
 * (`clicked`) and first `input` event (`typed`). Each mark, as it is set, is
 * also passed to `window.loadMarked(name, box)` where the caller exposes it,
 * with the element's box inside its border in the document's viewport, so
 * the caller can act on it at once instead of polling for it (Playwright's
 * polling evaluates in the frame, with `eval`, which the frame's CSP refuses,
 * and on its throttled thread).
 */
export function watchMarks(selector: string, { typed }: { typed: boolean }): string {
  return `(() => {
  const marks = (window.loadMarks = {});
  const mark = (name, element) => {
    if (name in marks) return;
    marks[name] = performance.timeOrigin + performance.now();
    const box = element?.getBoundingClientRect();
    window.loadMarked?.(name, box && { x: box.x + element.clientLeft, y: box.y + element.clientTop, width: element.clientWidth, height: element.clientHeight });
  };
  const seen = new WeakSet();
  const watchBox = (element, name) =>
    new ResizeObserver((entries, observer) => {
      if (!entries.some((e) => e.contentRect.width > 0 && e.contentRect.height > 0)) return;
      mark(name, element);
      observer.disconnect();
    }).observe(element);
  const scan = (root) => {
    for (const element of root.querySelectorAll('${selector}, iframe')) {
      if (seen.has(element)) continue;
      seen.add(element);
      watchBox(element, element.localName === 'iframe' ? 'frameShown' : 'input');${
        typed
          ? `\n      if (element.localName === 'input') {
        element.addEventListener('pointerdown', () => mark('clicked'));
        element.addEventListener('input', () => mark('typed'));
      }`
          : ''
      }
    }
  };
  const watch = (root) => {
    new MutationObserver(() => scan(root)).observe(root, { childList: true, subtree: true });
    scan(root);
  };
  const attachShadow = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (init) {
    const root = attachShadow.call(this, init);
    watch(root);
    return root;
  };
  watch(document);
})();`;
}

/** A box `loadMarked` passes: the element's box inside its border, in its document's viewport. */
export type MarkBox = { x: number; y: number; width: number; height: number };

/**
 * Where a shopper clicks a text field: 12 px in from its left edge (where the
 * caret goes), halfway down; in the page's viewport, `frame` being the box of
 * the `<iframe>` the field is in, if any.
 */
export function clickPoint(field: MarkBox, frame: MarkBox = { x: 0, y: 0, width: 0, height: 0 }): { x: number; y: number } {
  return { x: frame.x + field.x + Math.min(12, field.width / 2), y: frame.y + field.y + field.height / 2 };
}
