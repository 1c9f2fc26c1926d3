import { parseAcceptedBrands } from '../card/accepted-brands.js';
import { CardSession, type SessionSettings } from '../form/card-session.js';
import { hostSentences } from '../form/host-sentences.js';
import { messagesMemo, type MessageOverrides } from '../form/messages.js';
import { styles } from '../form/form.styles.js';
import { validMessages } from '../channel/message-checks.js';
import { unpackMessages } from '../channel/message-templates.js';
import type { FromFrame } from '../channel/from-frame.js';
import { VERSION } from '../channel/protocol.js';
import { toFrame, type FrameSettings } from '../channel/to-frame.js';
import { applyThemeVariables } from './apply-theme.js';
import { packError } from '../channel/wire-errors.js';
import { writeKey } from './write-key.js';
import { FrameHost } from './frame-host.js';

/**
 * The frame's side of `<pay-card-form>`: the same card session the inline
 * form runs, driven over the channel instead of by the element's
 * properties. It answers only on the port it was given, and what it sends
 * is what the protocol allows: field states, the brand, the token, typed
 * errors and its own height.
 */
export class PayCardFrame extends FrameHost {
  /** What the host last sent; nothing is shown before the first settings arrive. */
  #settings: FrameSettings | null = null;
  /** The settings the last update showed. */
  #shown: FrameSettings | null = null;
  /** The tokenize calls send the card here: the service this frame is served from, never an address the page names. */
  readonly #baseUrl = new URL('../../', location.href).href.replace(/\/$/, '');
  #port: MessagePort | null = null;
  #overrides: MessageOverrides | null = null;
  #height = -1;
  /** A click the page passed on, not placed yet, and the keys passed on after it. */
  #pointed: { x: number; y: number; keys: string } | null = null;
  /**
   * The control that click aimed at, until the frame has the keyboard: the
   * browser can give this frame focus after the click's place has arrived,
   * and then clears what was focused, so focus goes back to it then.
   */
  #aimed: HTMLElement | null = null;
  /**
   * The page may hold a token an edit makes stale: one went to it since the
   * card last changed, or (in a new document, the frame reloaded) one from
   * a document before this one.
   */
  #tokenSent = true;
  /** The last report the page was sent, as JSON. */
  #lastReport = '';
  readonly #messagesFor = messagesMemo();
  readonly #session = new CardSession(this, {
    settings: () => this.#sessionSettings(),
    changed: (report) => {
      // Most keys change nothing the page is told (a digit in the middle of the number): those post nothing.
      const text = JSON.stringify(report);
      if (!this.#port || text === this.#lastReport) return;
      this.#lastReport = text;
      this.#post({ v: VERSION, type: 'report', report });
    },
    // Every keystroke comes here; the page needs to hear only that the token it holds belongs to the old card.
    edited: () => {
      if (!this.#tokenSent) return;
      this.#tokenSent = false;
      this.#post({ v: VERSION, type: 'edited' });
    },
    submitted: () => this.#post({ v: VERSION, type: 'submitted' }),
  });

  constructor() {
    super(styles);
  }

  /** Takes the page's end of the channel, once the handshake has checked who sent it. */
  connect(port: MessagePort): void {
    this.#port = port;
    port.onmessage = (event) => this.#receive(event.data);
    new ResizeObserver(() => this.#reportHeight()).observe(this);
    // The page focused the iframe itself (an outer `<label for>`, the element's delegated focus):
    // the card number takes it. Tab and Shift+Tab put focus on a field of their own a moment later.
    addEventListener('focus', () =>
      setTimeout(() => {
        if (this.#aimed && !this.shadowRoot?.activeElement) this.#aimed.focus();
        else this.#focusNumber();
        this.#aimed = null;
      }),
    );
    // A click that reaches the frame itself decides where focus goes. When it brings focus in from the page, the
    // browser may go on handing keys to the page for a moment: the page passes on those typed after it.
    addEventListener(
      'pointerdown',
      (event) => {
        this.#aimed = null;
        if (!document.hasFocus()) this.#post({ v: VERSION, type: 'pressed', at: Math.floor(performance.timeOrigin + event.timeStamp) });
      },
      true,
    );
    addEventListener('focusin', (event) => event.composedPath()[0] !== this.#aimed && (this.#aimed = null), true);
    this.#post({ v: VERSION, type: 'ready' });
  }

  /**
   * Gives focus to the control under the click the page passed on, as the
   * click would have, then the keys that came after it. The click came that
   * way because this frame had not taken its new size yet: until its viewport
   * has grown to the point, nothing is under it, so this waits for the resize
   * (or gives up after a second, for the card number).
   */
  #focusPointed(late = false): void {
    const pointed = this.#pointed;
    if (!pointed) return;
    if (!late && (pointed.x >= innerWidth || pointed.y >= innerHeight)) {
      const again = (late: boolean) => () => {
        removeEventListener('resize', onResize);
        clearTimeout(timer);
        this.#focusPointed(late);
      };
      const onResize = again(false);
      const timer = setTimeout(again(true), 1000);
      addEventListener('resize', onResize);
      return;
    }
    this.#pointed = null;
    const under = this.shadowRoot?.elementFromPoint(pointed.x, pointed.y);
    const control = under instanceof HTMLLabelElement ? under.control : under?.closest('input, select, button');
    this.#aimed = control instanceof HTMLElement ? control : (this.#session.input('number') ?? null);
    this.#aimed?.focus();
    this.#writePassedOn(pointed.keys);
  }

  /** Keys the page passed on: into the control the click aimed at, focused or not yet, else the focused one. */
  #writePassedOn(keys: string): void {
    const target = this.#aimed ?? this.shadowRoot?.activeElement;
    if (keys && target instanceof HTMLInputElement) writeKey(target, keys);
  }

  /** Focuses the card number, unless a field already has focus. */
  #focusNumber(): void {
    if (!this.shadowRoot?.activeElement) this.#session.input('number')?.focus();
  }

  #receive(data: unknown): void {
    // Anything the protocol does not describe is ignored, without an answer.
    if (!toFrame(data)) return;
    switch (data.type) {
      case 'settings':
        this.#overrides = unpackMessages(validMessages(data.settings.messages));
        this.#settings = data.settings;
        return this.requestUpdate();
      case 'tokenize': {
        const { id } = data;
        this.#session.tokenize().then(
          (result) => {
            this.#tokenSent = true;
            this.#post({ v: VERSION, type: 'result', id, result });
          },
          (error: unknown) => this.#post({ v: VERSION, type: 'error', id, error: packError(error) }),
        );
        return;
      }
      case 'reset':
        return this.#session.reset();
      case 'show-errors':
        return this.#session.showErrors();
      case 'focus':
        // From `focus()`. Tabbing in has already put focus on a field: leave it there.
        return this.#focusNumber();
      case 'point-at':
        // A click that reached the page's `<iframe>` instead (early-input.ts). Keys the page passes on after it wait for it.
        this.#pointed = { x: data.x, y: data.y, keys: '' };
        return this.#focusPointed();
      case 'key': {
        if (this.#pointed) return void (this.#pointed.keys += data.text);
        return this.#writePassedOn(data.text);
      }
    }
  }

  #sessionSettings(): SessionSettings {
    const settings = this.#settings!;
    return {
      ...settings,
      baseUrl: this.#baseUrl,
      sentences: this.#messagesFor(settings.lang, this.#overrides),
      accepted: parseAcceptedBrands(settings.acceptedBrands),
    };
  }

  protected override update(): void {
    const settings = this.#settings;
    if (!settings) return;
    const before = this.#shown;
    this.#shown = settings;
    this.setAttribute('theme', settings.theme);
    applyThemeVariables(this, settings.variables);
    document.documentElement.lang = settings.lang;
    document.title = hostSentences(settings.lang).frameTitle;
    const refresh =
      !before ||
      before.lang !== settings.lang ||
      before.acceptedBrands !== settings.acceptedBrands ||
      JSON.stringify(before.messages) !== JSON.stringify(settings.messages);
    this.#session.update(this.renderRoot, refresh);
    // The first size says the form is shown. Sent from here as well as by the observer, which stays
    // silent while the frame is hidden (a checkout step not yet revealed): even at 0 px, the form is there.
    if (!before) this.#reportHeight();
  }

  #reportHeight(): void {
    // Before the first settings there is no form yet, only padding: nothing worth sizing the frame to.
    if (!this.#shown) return;
    // Parcelas or the document are on their way. The host holds their height meanwhile (form-height.ts): a size
    // sent now would shrink the frame, and the fields would push it back a moment later.
    const loading = this.#session.loading;
    if (loading) {
      const then = () => this.updateComplete.then(() => this.#reportHeight());
      return void loading.then(then, then);
    }
    const height = Math.ceil(this.getBoundingClientRect().height);
    if (height === this.#height) return;
    this.#height = height;
    this.#post({ v: VERSION, type: 'size', height });
  }

  #post(message: FromFrame): void {
    this.#port?.postMessage(message);
  }
}
