/**
 * Events of the inner inputs that carry what was typed (a key, the inserted
 * text, the clipboard). They are composed, so without this they would reach
 * every listener on the page, analytics included. The page learns what it
 * needs from `change`, `tokenized` and `tokenize-error`.
 */
const CONTAINED_EVENTS = [
  'keydown',
  'keyup',
  'keypress',
  'beforeinput',
  'input',
  'paste',
  'copy',
  'cut',
  'compositionstart',
  'compositionupdate',
  'compositionend',
] as const;

const stopHere = (event: Event) => event.stopPropagation();

/** Stops the events that carry typed text at `root`, a shadow root, so the page never sees them. */
export function containTypedEvents(root: Node): void {
  for (const type of CONTAINED_EVENTS) root.addEventListener(type, stopHere);
}
