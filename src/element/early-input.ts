/**
 * The shopper's first click and keys, when the frame cannot take them yet.
 * Chromium hands the page what was meant for a cross-site frame in two
 * moments, and nothing on the page would take it: the shopper's first digit
 * would be lost (docs/accessibility.md has the measurements).
 * - For a moment after the frame gets its height, it cannot yet send a
 *   click to the frame: the click lands on the page's `<iframe>` element,
 *   and a key typed at once reaches the page.
 * - A click that does reach the frame focuses the field under it at once,
 *   but the browser goes on handing keys to the page until it has heard of
 *   the new focus: under load, 80 ms and more after the click.
 *
 * So the first click's place goes to the frame, which focuses the control
 * under it, and the page does not focus the `<iframe>` itself meanwhile:
 * when both documents move focus at once, Chromium can leave it in neither.
 * A click in the frame itself, the frame reports with its time. For a second
 * after either, unless the shopper clicks elsewhere on the page, a key that
 * reaches the page's `<iframe>` or its body (where focus is meanwhile) is
 * passed on, in order over the one channel, for that control. A key can
 * reach the page before the frame's report does: the last few keys are
 * held, and passed on when it comes if they were typed after the click.
 * Only what the browser delivered to the page already is passed on.
 */
import type { ToFrame } from '../channel/to-frame.js';
import { VERSION } from '../channel/protocol.js';

/** How long after a click keys reaching the page are still the frame's, at most. */
const PASS_ON_MS = 1000;

/** Keys held while it is not yet known whether the frame was clicked before them; more cannot be typed in that moment. */
const HELD_KEYS = 8;

/**
 * Passes on to the frame behind `iframe` what the page receives of the
 * shopper's click and keys meant for it. Returns what to call when the frame
 * reports a click of its own, with the click's time in Unix milliseconds.
 * The page's listeners stay until `signal` aborts, when the `<iframe>` goes.
 */
export function passEarlyInput(iframe: HTMLIFrameElement, post: (message: ToFrame) => void, signal: AbortSignal): (at: number) => void {
  const page = iframe.ownerDocument;
  let until = 0;
  let held: [text: string, at: number][] = [];
  const pass = (text: string) => post({ v: VERSION, type: 'key', text });
  const pressed = (at: number) => {
    until = performance.now() + PASS_ON_MS;
    for (const [text, typed] of held) if (typed >= at) pass(text);
    held = [];
  };
  // A click anywhere else on the page means the keys that follow are not for the frame.
  const onPointer = (event: PointerEvent) => {
    if (event.composedPath()[0] !== iframe) until = 0;
  };
  const onKey = (event: KeyboardEvent) => {
    const target = event.composedPath()[0];
    if (target !== iframe && target !== page.body && target !== page.documentElement) return;
    // One character (a surrogate pair counts as one); a key with Ctrl, Alt or Meta is a shortcut, not text.
    if (event.isComposing || event.ctrlKey || event.altKey || event.metaKey || [...event.key].length !== 1) return;
    if (performance.now() <= until) {
      event.preventDefault();
      pass(event.key);
    } else held = [...held.slice(1 - HELD_KEYS), [event.key, performance.timeOrigin + event.timeStamp]];
  };
  const options = { capture: true, signal };
  page.addEventListener('keypress', onKey, options);
  page.addEventListener('pointerdown', onPointer, options);
  // The frame takes focus itself, for the control under the click.
  iframe.addEventListener('mousedown', (event) => event.preventDefault());
  iframe.addEventListener('pointerdown', (event) => {
    // The frame's content box: the border is the page's.
    const { left, top } = iframe.getBoundingClientRect();
    const at = (offset: number) => Math.max(0, Math.round(offset));
    post({ v: VERSION, type: 'point-at', x: at(event.clientX - left - iframe.clientLeft), y: at(event.clientY - top - iframe.clientTop) });
    // Whatever had focus on the page loses it, as the click would have taken it.
    (page.activeElement as HTMLElement | null)?.blur?.();
    pressed(performance.timeOrigin + event.timeStamp);
  });
  return pressed;
}
