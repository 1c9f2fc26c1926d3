/**
 * The frame's script (`{base}/frame/v1/card.html` loads it). It defines the
 * frame's element, says `hello` to its parent, and waits for the one
 * `connect` message it will accept:
 * from its parent window, from the parent's exact origin, carrying a port.
 * The origin is the one the browser reports for the parent
 * (`location.ancestorOrigins`), and must match the one the page declared in
 * the frame's address; where the browser does not report it, the declared
 * one is required. Which pages may embed the frame at all is the service's
 * `Content-Security-Policy: frame-ancestors` (docs/security.md).
 */
import type { Hello } from '../channel/from-frame.js';
import { VERSION } from '../channel/protocol.js';
import { connectMessage } from '../channel/to-frame.js';
import { PayCardFrame } from './frame-root.js';
import { restoreDroppedKeys } from './dropped-keys.js';

customElements.define('pay-card-frame', PayCardFrame);
restoreDroppedKeys();
// Through the CSSOM: the frame's CSP allows no inline style.
// The document never scrolls. When the form grows, it is taller than the iframe until the host applies the
// height the frame reports, and a browser keeping focus in view would scroll the document for that moment:
// the form would jump (`scrolling="no"` and `overflow: hidden` still let focus scroll it). The body clips
// that moment's overflow instead, and the root's own `overflow` keeps the body's from passing to the
// viewport. What the frame reports is the height of its element, which nothing clips.
document.body.style.cssText = 'margin:0;overflow-y:clip;max-height:100vh';
document.documentElement.style.overflow = 'hidden';

const declared = decodeURIComponent(location.hash.slice(1));
const reported = location.ancestorOrigins?.[0];
/** The parent origin this frame talks to, or '' when it must not talk at all. */
const parentOrigin = window.parent === window || (reported !== undefined && reported !== declared) ? '' : declared;

if (parentOrigin) {
  const root = document.querySelector<PayCardFrame>('pay-card-frame')!;
  const onMessage = (event: MessageEvent) => {
    if (event.source !== window.parent || event.origin !== parentOrigin || !connectMessage(event.data) || event.ports.length !== 1) return;
    // One channel per document: a second `connect` (from anyone) is ignored.
    removeEventListener('message', onMessage);
    root.connect(event.ports[0]!);
  };
  addEventListener('message', onMessage);
  // Only to the declared origin: a page of any other origin hears nothing. The host waits for this
  // before it posts `connect`, and tells "not the card frame" apart from "not started" by it.
  window.parent.postMessage({ v: VERSION, type: 'hello' } satisfies Hello, parentOrigin);
}
