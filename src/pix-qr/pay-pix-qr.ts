import { ReactiveElement, type PropertyValues } from '@lit/reactive-element';
import { Announcer } from '../dom/announcer.js';
import { pageLang } from '../dom/page-lang.js';
import { setAttr, setText } from '../dom/write.js';
import { formatBrl } from '../pix/amount.js';
import { BrCodeError, parseBrCode, type BrCode } from '../pix/br-code.js';
import { formatClock, parseExpiresAt } from '../pix/expiry.js';
import type { PixStatus } from '../pix/pix-status.js';
import { qrPath } from '../pix/qr-path.js';
import { browserClock } from './clock.js';
import { CopiedFeedback } from './copied-feedback.js';
import { Countdown } from './countdown.js';
import { PixCopiedEvent, PixExpiredEvent, PixPaidEvent, PixPayloadErrorEvent, type PayPixQrEventMap } from './events.js';
import { pixMessagesFor, type PixMessages } from './messages.js';
import { styles } from './pay-pix-qr.styles.js';
import type { StatusPoll } from './status-poll.js';
import { buildPixView, type PixView } from './view.js';

export type { PixStatus };

/**
 * Where "Pix Copia e Cola" comes before the QR code: on a phone the shopper
 * cannot scan the screen they pay from, so they copy the code into the bank
 * app. 480 px: phones in portrait are 360 to 440 CSS px wide and the smallest
 * tablets 600 or more; a phone in landscape is wider but has a coarse pointer.
 */
const CODE_FIRST = '(max-width: 480px), (pointer: coarse)';

/** What the element shows: the merchant's status, or `error` for an unusable payload, or `empty` before one is set. */
export type PixState = PixStatus | 'error' | 'empty';

/**
 * Shows a PIX charge to the shopper: the QR code to scan, the "Pix Copia e
 * Cola" code with a copy button, the amount and payee read from the code,
 * and a countdown to `expires-at`. Your page sets `status` to `paid` when
 * your backend learns of the payment; the element then says so. Or give it
 * `status-url`, and it asks your backend itself: every 2 s for the first
 * minute, then every 10 s, and at once when the page becomes visible again
 * (the shopper back from the bank app), until the answer is paid or expired.
 * On a narrow (480 px or less) or touch screen the code comes before the QR.
 *
 * @summary PIX QR code, copy-and-paste code, countdown and paid state for checkout.
 *
 * A payload that is malformed or was tampered with (wrong CRC) is never drawn:
 * the element shows an error and fires `payload-error`. Every state change the
 * shopper must know of (copied, a few moments before expiry, expired, paid,
 * unusable code) is announced politely to screen readers.
 *
 * @fires {PixExpiredEvent} expired - The countdown reached `expires-at`, or `status-url` answered `expired`; `status` is now `expired`.
 * @fires {PixPaidEvent} paid - `status-url` answered `paid`; `status` is now `paid` and polling has stopped.
 * @fires {PixPayloadErrorEvent} payload-error - The payload cannot be used; `detail.error` is a `BrCodeError` with a `reason`.
 * @fires {PixCopiedEvent} copied - The shopper copied the code; `detail.method` is `clipboard` or `command`.
 *
 * @csspart base - The wrapper of everything shown.
 * @csspart summary - The amount and payee list.
 * @csspart amount - The amount (term and value).
 * @csspart payee - The payee's name and city (term and value).
 * @csspart qr - The QR code's SVG.
 * @csspart code - The "Pix Copia e Cola" group: label, code and copy button.
 * @csspart code-label - The code's label.
 * @csspart code-text - The read-only field holding the code.
 * @csspart copy-button - The copy button.
 * @csspart instructions - The list of steps.
 * @csspart countdown - The visible time left.
 * @csspart notice - The calm notice shown while polls of `status-url` fail: the element keeps asking.
 * @csspart message - The paid, expired or error message.
 *
 * @cssprop [--pay-color-primary=#0b57d0] - Copy button background and focus ring.
 * @cssprop [--pay-color-on-primary=#ffffff] - Copy button text.
 * @cssprop [--pay-color-text=#1f1f1f] - Text.
 * @cssprop [--pay-color-muted=#4a4a4a] - Labels and the countdown.
 * @cssprop [--pay-color-background=#ffffff] - Background.
 * @cssprop [--pay-color-border=#6b6b6b] - Border of the code field.
 * @cssprop [--pay-color-error=#b3261e] - The error message.
 * @cssprop [--pay-color-success=#146c2e] - The paid message.
 * @cssprop [--pay-qr-color=#000000] - Dark modules of the QR code. Keep it dark: bank apps read dark on light.
 * @cssprop [--pay-qr-background=#ffffff] - Light modules and quiet zone of the QR code.
 * @cssprop [--pay-qr-size=256px] - Width of the QR code (it never overflows the element).
 * @cssprop [--pay-font-family=system-ui, sans-serif] - Font.
 * @cssprop [--pay-font-size=16px] - Base font size.
 * @cssprop [--pay-radius=6px] - Corner radius of the QR tile, field and button.
 * @cssprop [--pay-spacing=12px] - Gap between parts.
 */
export class PayPixQr extends ReactiveElement {
  static override styles = styles;

  static override properties = {
    payload: {},
    expiresAt: { attribute: 'expires-at' },
    status: { reflect: true },
    locale: {},
    theme: { reflect: true },
    now: { attribute: false },
    statusUrl: { attribute: 'status-url' },
  };

  /** The BR Code ("Pix Copia e Cola") your backend got when it generated the QR code. */
  declare payload: string;
  /** When the code stops being payable: an ISO 8601 time with its zone, or Unix milliseconds. No countdown without it. */
  declare expiresAt: string | number | null;
  /** `pending` (default), `paid` once your backend confirms, `expired`. The element sets `expired` itself at `expires-at`. */
  declare status: PixStatus;
  /** Language of texts ("en", "pt-BR"); defaults to the page's `lang`. */
  declare locale: string;
  /** `light` (default), `dark`, or `auto` to follow the shopper's `prefers-color-scheme`. */
  declare theme: 'light' | 'dark' | 'auto';
  /**
   * Where the countdown reads the time, in Unix ms; `Date.now` by default.
   * A shopper's device clock can be minutes off: pass your server's time
   * (`() => Date.now() + offset`) so the countdown ends when the code does.
   */
  declare now: () => number;
  /**
   * Your backend's status address for this code. The element polls it (GET,
   * `Accept: application/json`, the page's cookies for the same origin) and
   * turns to `paid` or `expired` on the answer `{ "status": "pending" | "paid" | "expired" }`.
   * Failed polls show a calm notice and are retried; they never expire the
   * code. Polling stops on paid, on expired, and when the element leaves the
   * page. Empty (default): the page sets `status` itself.
   */
  declare statusUrl: string;

  readonly #announcer = new Announcer(this);
  readonly #countdown = new Countdown(this, {
    threshold: (seconds) => this.#announcer.say(this.#m.timeLeft(seconds)),
    expire: () => {
      this.#late = true;
      this.#settle('expired');
    },
  });
  readonly #copied = new CopiedFeedback(this);
  /** The address polled now ('' for none), and its poll once loaded. */
  #polled = '';
  #poll: StatusPoll | undefined;
  /** The last polls failed: the notice shows. */
  #trouble = false;
  /**
   * The countdown ran out here, and `status-url` has the last word: a payment
   * made in the last seconds can settle after `expires-at`, so the element
   * shows the code expired and polls on until the address says expired or paid.
   */
  #late = false;
  #code: BrCode | null = null;
  #error: BrCodeError | null = null;
  /** The markup, built with the element and attached at its first render (see {@link buildPixView}). */
  readonly #view: PixView = buildPixView();
  /** The steps now in the list, so it is rebuilt only when the language changes. */
  #instructionsShown: readonly string[] | null = null;
  /** {@link CODE_FIRST}, watched while the element is on the page. */
  #codeFirst: MediaQueryList | undefined;

  constructor() {
    super();
    this.payload = '';
    this.expiresAt = null;
    this.status = 'pending';
    this.locale = '';
    this.theme = 'light';
    this.now = Date.now;
    this.statusUrl = '';
    this.#view.copy.addEventListener('click', () => void this.copy());
  }

  override connectedCallback(): void {
    super.connectedCallback();
    const query = (this.#codeFirst = matchMedia(CODE_FIRST));
    // The markup itself is reordered, not its look (CSS `order`), so reading and Tab order follow what is seen.
    // The QR moves, never the code: a focused field or button would lose its focus if it were moved.
    const place = () => (query.matches ? this.#view.code.after(this.#view.qr) : this.#view.code.before(this.#view.qr));
    place();
    // A rotation or a resized window crosses the query's edge.
    query.onchange = place;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#codeFirst!.onchange = null;
  }

  /** What is shown now. */
  get state(): PixState {
    if (!this.payload) return 'empty';
    if (this.#error) return 'error';
    if (this.status === 'paid' || this.status === 'expired') return this.status;
    return this.#countdown.left === 0 ? 'expired' : 'pending';
  }

  /** The fields read from `payload`, or null when it is empty or unusable. */
  get code(): BrCode | null {
    return this.#code;
  }

  /** The language spoken: `locale`, else the page's, read afresh so a move into another `lang` is heard. */
  get #lang(): string {
    return this.locale || pageLang(this);
  }

  get #m(): PixMessages {
    return pixMessagesFor(this.#lang);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    const m = this.#m;
    if (changed.has('payload')) {
      this.#code = this.#error = null;
      try {
        if (this.payload) this.#code = parseBrCode(this.payload);
      } catch (error) {
        if (!(error instanceof BrCodeError)) throw error;
        this.#error = error;
        this.#announcer.say(m.invalid);
      }
    }
    const status = changed.has('status');
    // The page set another status itself: its word, not the countdown's, is the last.
    if (status && this.status !== 'expired') this.#late = false;
    if (status || changed.has('expiresAt') || changed.has('now')) {
      this.#countdown.start(this.status === 'pending' ? parseExpiresAt(this.expiresAt) : null, this.now);
    }
    // Said once per change of status, whoever made it; a status the element was rendered with is just shown.
    if (status && changed.get('status') !== undefined && this.#code) {
      if (this.status === 'paid') this.#announcer.say(m.paid);
      else if (this.status === 'expired') this.#announcer.say(m.expired);
    }
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (changed.has('payload') && this.#error) this.#emit(new PixPayloadErrorEvent(this.#error));
    this.#follow();
  }

  /** Attaches the markup once, then writes only what changed. */
  protected override update(changed: PropertyValues<this>): void {
    super.update(changed);
    const view = this.#view;
    if (!this.hasUpdated) this.renderRoot.append(view.base);
    const m = this.#m;
    const state = this.state;
    const code = this.#code;
    const pending = state === 'pending';
    if (changed.has('payload')) {
      const payload = code ? this.payload.trim() : '';
      view.codeText.value = payload;
      if (code) {
        const { size, d } = qrPath(payload);
        setAttr(view.qr, 'viewBox', `0 0 ${size} ${size}`);
        setAttr(view.qrPath, 'd', d);
      }
    }
    setAttr(view.summary, 'hidden', !code);
    setAttr(view.amount, 'hidden', code?.amount === undefined);
    setText(view.amountLabel, m.amount);
    setText(view.amountValue, code?.amount !== undefined ? formatBrl(code.amount, this.#lang) : '');
    setText(view.payeeLabel, m.payee);
    setText(view.payeeValue, code ? `${code.merchantName} · ${code.merchantCity}` : '');
    setAttr(view.qr, 'hidden', !pending);
    setAttr(view.qr, 'aria-label', m.qrLabel);
    setAttr(view.code, 'hidden', !pending);
    setText(view.codeLabel, m.codeLabel);
    setText(view.copy, this.#copied.shown ? m.copied : m.copy);
    setAttr(view.instructions, 'hidden', !pending);
    if (this.#instructionsShown !== m.instructions) {
      this.#instructionsShown = m.instructions;
      view.instructions.replaceChildren(
        ...m.instructions.map((step) => Object.assign(document.createElement('li'), { textContent: step })),
      );
    }
    const left = this.#countdown.left;
    setAttr(view.countdown, 'hidden', !pending || left === null);
    setText(view.countdown, left === null ? '' : m.expiresIn(formatClock(left)));
    setAttr(view.notice, 'hidden', !pending || !this.#trouble);
    setText(view.notice, m.pollTrouble);
    const message = state === 'error' ? m.invalid : state === 'paid' || state === 'expired' ? m[state] : '';
    setAttr(view.message, 'hidden', !message);
    setAttr(view.message, 'class', `message ${state}`);
    setText(view.message, message);
    setText(view.status, this.#announcer.text);
  }

  /**
   * Copies the code with the Clipboard API, or, where that is refused (an
   * insecure page, a frame without permission), with the copy command on the
   * selected field. If both fail, the code is left selected and the shopper
   * is told to copy it. Resolves to whether the code was copied.
   */
  async copy(): Promise<boolean> {
    const view = this.#view;
    if (!this.#code) return false;
    const text = view.codeText.value;
    let method: 'clipboard' | 'command' | null = null;
    try {
      await navigator.clipboard.writeText(text);
      method = 'clipboard';
    } catch {
      view.codeText.select();
      // Deprecated but still the only synchronous copy where the Clipboard API is refused.
      if (document.execCommand('copy')) method = 'command';
    }
    if (!method) {
      view.codeText.focus();
      view.codeText.select();
      this.#announcer.say(this.#m.copyFailed);
      return false;
    }
    this.#copied.show();
    this.#announcer.say(this.#m.copiedAnnouncement);
    this.#emit(new PixCopiedEvent(method));
    return true;
  }

  /**
   * Polls `status-url` while the code is payable, or expired by the countdown
   * alone: from the first update that finds both, until either goes. The
   * poll's code loads then, so a page without `status-url` never downloads it.
   */
  #follow(): void {
    const state = this.state;
    const url = ((state === 'pending' || (this.#late && state === 'expired')) && this.statusUrl) || '';
    if (url === this.#polled) return;
    this.#polled = url;
    this.#poll?.stop();
    this.#trouble = false;
    if (url)
      void import('./status-poll.js').then(({ StatusPoll }) => {
        // Still the address to poll once the code has loaded?
        if (this.#polled === url) this.#poll = new StatusPoll(this, url, (status) => this.#heard(status), browserClock);
      });
  }

  /** A poll's outcome: the code's fate, or whether polls fail (`null`), announced once when they begin to. */
  #heard(status: PixStatus | null): void {
    if (status && status !== 'pending') {
      this.#late = false;
      // Expired already by the countdown: the address agrees, and polling stops without a second event.
      return status === this.status ? this.requestUpdate() : this.#settle(status);
    }
    if (!status && !this.#trouble) this.#announcer.say(this.#m.pollTrouble);
    this.#trouble = !status;
    this.requestUpdate();
  }

  /** The element itself learned the code's fate: shown, and then told, so listeners find it in that state. */
  #settle(status: 'paid' | 'expired'): void {
    this.status = status;
    void this.updateComplete.then(() => this.#emit(status === 'paid' ? new PixPaidEvent() : new PixExpiredEvent()));
  }

  /**
   * Every event leaves through here: the manifest analyzer reads
   * `this.dispatchEvent(new PixCopiedEvent(method))` as an event named
   * "method"; the `@fires` tags above describe the events.
   */
  #emit(event: PayPixQrEventMap[keyof PayPixQrEventMap]): void {
    this.dispatchEvent(event);
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'pay-pix-qr': PayPixQr;
  }
}
