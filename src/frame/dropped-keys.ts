import { writeKey } from './write-key.js';

/**
 * Puts back keys the browser dropped. Chromium (156) can drop keys typed
 * into a cross-site frame in the moment after the page moves that frame with
 * `moveBefore()`: the frame's document gets a key's `keydown` and
 * `keypress`, then the browser inserts nothing (no `beforeinput`, no
 * `input`). It happens with a bare `<input>` in a bare cross-site frame, not
 * with a same-site one, and not once the move is about 100 ms old; moving
 * focus back into the frame does not prevent it (docs/accessibility.md has
 * the measurements).
 *
 * A printable key whose `keypress` went unanswered is inserted through the
 * browser's own editing, so the field sees the same `input` as for a typed
 * key: before the next key event is handled, so keys keep their order, and
 * again a moment later while the browser still refuses (it does for a few
 * milliseconds), as long as that field has focus. A key the form itself
 * cancelled, or one typed while composing, is left alone.
 *
 * Rarer, the move takes focus out of the field: the frame keeps the
 * keyboard, and no control of it has focus, so keys reach its document and
 * nothing takes them. A key that arrives so, with no click in the frame since
 * a control lost focus, goes back to that control: focused in the key's
 * `keydown`, it gets the key's text. Under load the field can refuse focus
 * for a while; a key then is written into it, at its caret, with the `input`
 * a typed key makes.
 */
export function restoreDroppedKeys(): void {
  let field: HTMLInputElement | null = null;
  /** Typed into `field`, not inserted yet. */
  let keys = '';
  let tries = 0;
  const putBack = (): void => {
    if (!keys) return;
    // A field the form locked meanwhile (busy tokenizing) takes none of them, then or later.
    const focused = (field!.getRootNode() as ShadowRoot).activeElement === field && !field!.readOnly;
    const before = field!.value;
    // execCommand is deprecated, and still the one way to insert text as the browser does for a key (it fires `input`, not `beforeinput`).
    if (focused) document.execCommand('insertText', false, keys);
    if (field!.value !== before || !focused || tries-- <= 0) keys = '';
    else setTimeout(putBack, 20);
  };
  /** The control that last lost focus, until another gains it or a click moves it. */
  let left: HTMLElement | null = null;
  addEventListener('focusout', (event) => (left = event.composedPath()[0] as HTMLElement), true);
  addEventListener('focusin', () => (left = null), true);
  addEventListener('pointerdown', () => (left = null), true);
  addEventListener(
    'keydown',
    () => {
      if (left && !(left.getRootNode() as ShadowRoot).activeElement) left.focus();
      putBack();
    },
    true,
  );
  addEventListener('keyup', putBack, true);
  // In the bubbling phase, after the form's own listeners had their say.
  addEventListener('keypress', (event) => {
    const target = event.composedPath()[0];
    if (event.defaultPrevented || event.isComposing || event.key.length !== 1) return;
    if (!(target instanceof HTMLInputElement)) return void (left instanceof HTMLInputElement && writeKey(left, event.key));
    if (target !== field) keys = '';
    field = target;
    keys += event.key;
    tries = 10;
  });
  addEventListener('beforeinput', () => (keys = ''), true);
}
