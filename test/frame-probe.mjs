/**
 * Reaches into the isolated form's frame for the browser tests, the way a
 * person's browser does and a page's script cannot: through Playwright, which
 * drives the frame from outside. Tests call it with
 * `executeServerCommand('frame', { probe, op, … })`, where `probe` is the
 * `data-probe` attribute of the `<pay-card-form>` whose frame is meant.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  afterQueuedMessages,
  autofill,
  documentBox,
  listenRegion,
  observeWrites,
  saidSince,
  scrolledSince,
  snapshot,
  watchScroll,
  whenShown,
  writesSince,
} from './form-snapshot.js';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Each element's frame, by test page and probe: looked up once, again when its iframe was replaced. */
const frames = new Map();

async function frameOf(session, probe) {
  const key = `${session.id} ${probe}`;
  const known = frames.get(key);
  if (known && !known.isDetached()) return known;
  const page = session.browser.getPage(session.id);
  // CSS locators pierce open shadow roots: the iframe sits in the element's.
  const handle = await page.locator(`[data-probe="${probe}"] iframe`).elementHandle({ timeout: 5000 });
  const frame = await handle.contentFrame();
  await handle.dispose();
  frames.set(key, frame);
  return frame;
}

export function frameProbe() {
  return {
    name: 'frame-probe',
    async executeCommand({ command, payload, session }) {
      if (command !== 'frame') return undefined;
      const frame = await frameOf(session, payload.probe);
      const inForm = (selector) => frame.locator(`pay-card-frame ${selector}`).first();
      switch (payload.op) {
        case 'snap':
          return frame.evaluate(snapshot, {
            selector: payload.selector,
            styles: payload.styles ?? [],
            pseudo: payload.pseudo ?? null,
            all: !!payload.all,
          });
        case 'settle':
          // The form renders in microtasks and posts as it renders, so once the frame has run the tasks
          // of what the last action started, that is done. But an evaluation is not queued behind those
          // tasks: Chromium may run it ahead of the frame's waiting messages, such as a command the host
          // posted over the channel (`tokenize`, `reset`, new settings) that has arrived and not yet run.
          // A message through a channel of the frame's own is: it takes the same queue, after them.
          return frame.evaluate(afterQueuedMessages);
        case 'blurred':
          // Focus moved from this frame to the page: the browser says so to the frame a moment later,
          // and until then it sends keys here. Resolves once the frame has lost focus.
          return frame.evaluate(
            () =>
              !document.hasFocus() ||
              new Promise((done) => {
                const check = () => {
                  if (document.hasFocus()) return;
                  removeEventListener('blur', check, true);
                  done(true);
                };
                addEventListener('blur', check, true);
              }),
          );
        case 'focus':
          // As a click would, and as the inline tests do: `focus()` on the element.
          return frame.evaluate(
            (selector) => document.querySelector('pay-card-frame').shadowRoot.querySelector(selector).focus() ?? true,
            payload.selector,
          );
        case 'focus-state':
          // Where the frame's own document puts focus, and whether the browser has given it keyboard focus.
          return frame.evaluate(() => ({
            hasFocus: document.hasFocus(),
            active: document.querySelector('pay-card-frame').shadowRoot.activeElement?.id ?? null,
          }));
        case 'drop-key':
          // What Chromium does with a key it drops (src/frame/dropped-keys.ts): the focused field gets the key's
          // `keydown` and `keypress`, and no text. Script-made key events never insert text either, so these are
          // exactly that; `up: false` leaves the key down, as when the next key comes before this one's `keyup`.
          return frame.evaluate(
            ({ key, up, composing }) => {
              const field = document.querySelector('pay-card-frame').shadowRoot.activeElement;
              const types = up ? ['keydown', 'keypress', 'keyup'] : ['keydown', 'keypress'];
              for (const type of types)
                field.dispatchEvent(
                  new KeyboardEvent(type, { key, bubbles: true, composed: true, cancelable: true, isComposing: composing }),
                );
              return true;
            },
            { key: payload.key, up: payload.up ?? true, composing: payload.composing ?? false },
          );
        case 'blur-field':
          // What Chromium does, more rarely, after a move: the field loses focus, and the frame keeps the keyboard.
          // `refuse: true` also makes the field refuse focus (inert), as it can for a while under load; 'thaw-field' undoes it.
          return frame.evaluate((refuse) => {
            const root = document.querySelector('pay-card-frame').shadowRoot;
            const field = root.activeElement;
            field.blur();
            field.inert = refuse;
            return root.activeElement === null;
          }, payload.refuse ?? false);
        case 'thaw-field':
          return frame.evaluate((selector) => {
            document.querySelector('pay-card-frame').shadowRoot.querySelector(selector).inert = false;
            return true;
          }, payload.selector);
        case 'reload':
          // The frame's document goes and a new one comes, as when the frame reloads itself: after this
          // evaluation has answered, or the answer would be lost with the document.
          return frame.evaluate(() => {
            setTimeout(() => location.reload());
            return true;
          });
        case 'click':
          await inForm(payload.selector).click();
          return true;
        case 'shown':
          return frame.evaluate(whenShown, { selector: payload.selector });
        case 'listen':
          return frame.evaluate(listenRegion, {});
        case 'said':
          return frame.evaluate(saidSince, {});
        case 'axe':
          // Once per document: the source is large.
          if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(axeSource);
          // The whole document, its title and language included; but the frame is a part of the
          // merchant's page, whose landmarks and headings are the page's to provide.
          return frame.evaluate(() =>
            window.axe
              .run(document, {
                resultTypes: ['violations'],
                rules: { 'landmark-one-main': { enabled: false }, 'page-has-heading-one': { enabled: false }, region: { enabled: false } },
              })
              .then((r) => r.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)),
          );
        case 'observe':
          return frame.evaluate(observeWrites, {});
        case 'writes':
          return frame.evaluate(writesSince, {});
        case 'autofill':
          return frame.evaluate(autofill, { values: payload.values });
        case 'document':
          return frame.evaluate(documentBox);
        case 'watch-scroll':
          return frame.evaluate(watchScroll);
        case 'scrolled':
          return frame.evaluate(scrolledSince);
        default:
          throw new Error(`frame probe: unknown op ${payload.op}`);
      }
    },
  };
}
