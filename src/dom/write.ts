/**
 * Writes that touch the DOM only on a change: an update that changes nothing
 * visible writes nothing, so it costs no style update, and a live region
 * speaks only when its sentence changes.
 */

/** Writes a text only when it changed: rewriting a live region's text would announce it again. */
export function setText(element: Element, text: string): void {
  if (element.textContent !== text) element.textContent = text;
}

/** Sets an attribute (`true` for a present boolean one, `false` to remove it), touching the DOM only on a change. */
export function setAttr(element: Element, name: string, value: string | boolean): void {
  const next = value === true ? '' : value === false ? null : value;
  if (element.getAttribute(name) === next) return;
  if (next === null) element.removeAttribute(name);
  else element.setAttribute(name, next);
}
