/**
 * Puts back a key the browser dropped. Chromium (156) can drop keys typed
 * into a cross-site frame in the moment after the page moves that frame with
 * `moveBefore()`: the frame's document gets the key's `keydown` and
 * `keypress`, then the browser inserts nothing (no `beforeinput`, no
 * `input`). It happens with a bare `<input>` in a bare cross-site frame, not
 * with a same-site one, and not once the move is about 100 ms old; moving
 * focus back into the frame does not prevent it (docs/accessibility.md has
 * the measurements).
 *
 * A printable key whose `keypress` went unanswered is inserted before the
 * next key event is handled, so keys keep their order, through the browser's
 * own editing: the field sees the same `beforeinput` and `input` as for a
 * typed key. A key the form itself cancelled, or one typed while composing,
 * is left alone.
 */
export function restoreDroppedKeys(): void {
  let dropped: { key: string; field: HTMLInputElement } | null = null;
  const putBack = () => {
    const was = dropped;
    dropped = null;
    // execCommand is deprecated, and still the one way to insert text as the browser does for a key.
    if (was?.field.matches(':focus')) document.execCommand('insertText', false, was.key);
  };
  addEventListener('keydown', putBack, true);
  addEventListener('keyup', putBack, true);
  // In the bubbling phase, after the form's own listeners had their say.
  addEventListener('keypress', (event) => {
    const field = event.composedPath()[0];
    if (!event.defaultPrevented && !event.isComposing && event.key.length === 1 && field instanceof HTMLInputElement)
      dropped = { key: event.key, field };
  });
  addEventListener('beforeinput', () => (dropped = null), true);
}
