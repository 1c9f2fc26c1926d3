import { ReactiveElement, type PropertyValues } from '@lit/reactive-element';
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

/**
 * The frame's side of `<pay-card-form>`: the same card session the inline
 * form runs, driven over the channel instead of by the element's
 * properties. It answers only on the port it was given, and what it sends
 * is what the protocol allows: field states, the brand, the token, typed
 * errors and its own height.
 */
export class PayCardFrame extends ReactiveElement {
  static override styles = styles;
  static override properties = { settings: { attribute: false } };

  /** What the host last sent; nothing is shown before the first settings arrive. */
  declare settings: FrameSettings | null;
  /** The tokenize calls send the card here: the service this frame is served from, never an address the page names. */
  readonly #baseUrl = new URL('../../', location.href).href.replace(/\/$/, '');
  #port: MessagePort | null = null;
  #overrides: MessageOverrides | null = null;
  #height = -1;
  readonly #messagesFor = messagesMemo();
  readonly #session = new CardSession(this, {
    settings: () => this.#sessionSettings(),
    changed: (report) => this.#post({ v: VERSION, type: 'report', report }),
    edited: () => this.#post({ v: VERSION, type: 'edited' }),
    submitted: () => this.#post({ v: VERSION, type: 'submitted' }),
  });

  constructor() {
    super();
    // Assigned here, not as a field initialiser, so the reactive accessor stays in charge whatever the compiler's class-field semantics.
    this.settings = null;
  }

  /** Takes the page's end of the channel, once the handshake has checked who sent it. */
  connect(port: MessagePort): void {
    this.#port = port;
    port.onmessage = (event) => this.#receive(event.data);
    new ResizeObserver(() => this.#reportHeight()).observe(this);
    // The page focused the iframe itself (an outer `<label for>`, the element's delegated focus):
    // the card number takes it. Tab and Shift+Tab put focus on a field of their own a moment later.
    addEventListener('focus', () => setTimeout(() => this.#focusNumber()));
    this.#post({ v: VERSION, type: 'ready' });
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
        this.settings = data.settings;
        return;
      case 'tokenize': {
        const { id } = data;
        this.#session.tokenize().then(
          (result) => this.#post({ v: VERSION, type: 'result', id, result }),
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
    }
  }

  #sessionSettings(): SessionSettings {
    const settings = this.settings!;
    return {
      ...settings,
      baseUrl: this.#baseUrl,
      sentences: this.#messagesFor(settings.lang, this.#overrides),
      accepted: parseAcceptedBrands(settings.acceptedBrands),
    };
  }

  protected override update(changed: PropertyValues<this>): void {
    super.update(changed);
    const settings = this.settings;
    if (!settings) return;
    const before = changed.get('settings') as FrameSettings | null | undefined;
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
    if (!this.settings) return;
    const height = Math.ceil(this.getBoundingClientRect().height);
    if (height === this.#height) return;
    this.#height = height;
    this.#post({ v: VERSION, type: 'size', height });
  }

  #post(message: FromFrame): void {
    this.#port?.postMessage(message);
  }
}
