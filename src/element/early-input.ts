/**
 * The shopper's first click and keys, when the frame cannot take them yet.
 * For a moment after the frame gets its height, Chromium cannot yet send a
 * click to a cross-site frame: it lands on the page's `<iframe>` element,
 * and a key typed at once reaches the page instead of the frame
 * (docs/accessibility.md has the measurements). Nothing would take that key,
 * and the shopper's first digit would be lost.
 *
 * So the click's place goes to the frame, which focuses the control under
 * it, and the page does not focus the `<iframe>` itself meanwhile: when both
 * documents move focus at once, Chromium can leave it in neither. For a
 * second after such a click, unless the shopper clicks elsewhere on the page,
 * a key that reaches the page's `<iframe>` or its body (where focus is
 * meanwhile) is passed on, in order over the one channel, for that control.
 * Not only until the page loses focus to the frame: Chromium can still
 * deliver a key to the page a moment after that. Only what the browser
 * delivered to the page already is passed on.
 */
import type { ToFrame } from '../channel/to-frame.js';
import { VERSION } from '../channel/protocol.js';

/** How long after such a click keys reaching the page are still the frame's, at most. */
const PASS_ON_MS = 1000;

export function passEarlyInput(iframe: HTMLIFrameElement, post: (message: ToFrame) => void): void {
  const page = iframe.ownerDocument;
  let until = 0;
  const stop = () => {
    until = 0;
    page.removeEventListener('keypress', onKey, true);
    page.removeEventListener('pointerdown', onPointer, true);
  };
  // A click anywhere else on the page means the keys that follow are not for the frame.
  const onPointer = (event: PointerEvent) => event.composedPath()[0] !== iframe && stop();
  const onKey = (event: KeyboardEvent) => {
    const target = event.composedPath()[0];
    if (performance.now() > until || !iframe.isConnected) return stop();
    if (target !== iframe && target !== page.body && target !== page.documentElement) return;
    // One character (a surrogate pair counts as one); a key with Ctrl, Alt or Meta is a shortcut, not text.
    if (event.isComposing || event.ctrlKey || event.altKey || event.metaKey || [...event.key].length !== 1) return;
    event.preventDefault();
    post({ v: VERSION, type: 'key', text: event.key });
  };
  // The frame takes focus itself, for the control under the click.
  iframe.addEventListener('mousedown', (event) => event.preventDefault());
  iframe.addEventListener('pointerdown', (event) => {
    // The frame's content box: the border is the page's.
    const { left, top } = iframe.getBoundingClientRect();
    const at = (offset: number) => Math.max(0, Math.round(offset));
    post({ v: VERSION, type: 'point-at', x: at(event.clientX - left - iframe.clientLeft), y: at(event.clientY - top - iframe.clientTop) });
    // Whatever had focus on the page loses it, as the click would have taken it.
    (page.activeElement as HTMLElement | null)?.blur?.();
    if (!until) {
      page.addEventListener('keypress', onKey, true);
      page.addEventListener('pointerdown', onPointer, true);
    }
    until = performance.now() + PASS_ON_MS;
  });
}
