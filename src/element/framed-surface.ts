import type { ReactiveController, ReactiveControllerHost } from '@lit/reactive-element';
import type { TokenizeResult } from '../card/types.js';
import { h } from '../dom/h.js';
import { setAttr, setText } from '../dom/write.js';
import { fromFrame, helloMessage, type FromFrame } from '../channel/from-frame.js';
import { packMessages } from '../channel/message-templates.js';
import { VERSION } from '../channel/protocol.js';
import type { FrameSettings, ToFrame } from '../channel/to-frame.js';
import { unpackError } from '../channel/wire-errors.js';
import { ConfigurationError, NetworkError, type FrameError } from '../shared/errors.js';
import { frameError, probeFrame } from './frame-diagnosis.js';
import type { CardSurface, SurfaceDelegate } from './card-surface.js';
import { hostSentences } from '../form/host-sentences.js';
import { readThemeVariables } from './read-theme.js';

/** After a frame document's `load` event, how long its `hello` may take: the card frame's script says it before that event, so this is slack for a busy page. Past it, the attempt has failed. */
const HELLO_MS = 2_000;
/** The waits before the second and third attempts at a frame that loaded without saying hello. */
const BACKOFF_MS = [1_000, 2_000];
/** After `hello`, how long the frame has to take the channel and show the form. */
const START_MS = 10_000;
/**
 * From a round's first attempt, when the host gives up whatever the frame's
 * state (a server that takes the request and never answers, say). The probe
 * that names the cause takes at most `PROBE_MS` (4 s) more: the page hears
 * within 30 s of the element connecting.
 */
const GIVE_UP_MS = 24_000;

type Waiter = { resolve(result: TokenizeResult): void; reject(error: unknown): void };

/**
 * `mode="isolated"` (the default), on the merchant's side: an `<iframe>` from
 * the tokenization origin holds the form, and this end of a private
 * `MessageChannel` is all the page has of it. The card is typed, checked and
 * tokenized inside the frame; this side receives field states, the brand,
 * the token and typed errors, and never a keystroke.
 *
 * The frame speaks first (`hello`, to this window), and only then does the
 * host post `connect`: a window that is not the card frame (an error page,
 * another site) never gets a message. A frame document that loads without
 * saying hello is tried again, twice, after a backoff; then the host gives
 * up, asks the address why ({@link probeFrame}), and the page hears the cause
 * once, as a {@link FrameError}. `retry()` starts a new round.
 *
 * A controller of its host: the timers, the listener and the channel stop
 * when the element leaves the page. The frame's document goes with it, and a
 * new round begins if the element comes back.
 */
export class FramedSurface implements CardSurface, ReactiveController {
  /** The current frame document's `ready`: a new one whenever a new document is on its way. */
  #ready!: Promise<void>;
  /** Settles {@link #ready}; null once it has. */
  #settleReady: ((error?: Error) => void) | null = null;
  readonly #host: ReactiveControllerHost & HTMLElement;
  readonly #delegate: SurfaceDelegate;
  /** The frame's address, or '' when `base-url` (or `frame-url`) gives none. */
  readonly #frameUrl: () => string;
  #root: ShadowRoot | null = null;
  /** The frame's address, as the page gave it; '' with none. */
  #src = '';
  /** Its origin: the only one whose `hello` counts, and the only one `connect` is posted to. */
  #origin = '';
  #iframe: HTMLIFrameElement | null = null;
  /** Shown instead of the frame when it cannot be loaded or does not answer. */
  #fallback: HTMLElement | null = null;
  #port: MessagePort | null = null;
  /** The frame answered `connect`: it takes commands. */
  #connected = false;
  /** Why the form cannot be shown, once the host has given up; cleared by a new round. */
  #failure: FrameError | null = null;
  /** Attempts at the address in this round: a new `<iframe>` each. */
  #attempts = 0;
  /** The current `<iframe>`'s `load` events and hellos: each of its documents fires one `load`, and the card frame's says one `hello`, just before (or just after) it. */
  #loads = 0;
  #hellos = 0;
  /** The wait for a hello after `load`, the backoff before the next attempt, or the wait for the form after hello. */
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** When the round gives up, whatever the frame's state. */
  #deadline: ReturnType<typeof setTimeout> | undefined;
  /** Counts rounds ended early (a new address, the element removed): a probe of an old round is ignored. */
  #round = 0;
  /** Commands given before the frame answered, sent once it has. */
  #queue: ToFrame[] = [];
  #lastSettings = '';
  #nextId = 1;
  readonly #waiting = new Map<number, Waiter>();

  constructor(host: ReactiveControllerHost & HTMLElement, delegate: SurfaceDelegate, frameUrl: () => string) {
    this.#host = host;
    this.#delegate = delegate;
    this.#frameUrl = frameUrl;
    this.#renew();
    host.addController(this);
    // The `--pay-*` variables are read on each update: one set on the element itself (its `style` or
    // `class`) changes no property, so it asks for an update, and the frame gets the new values.
    new MutationObserver(() => host.requestUpdate()).observe(host, { attributeFilter: ['style', 'class'] });
  }

  /** Resolves once the frame shows the form; rejects with the error the page hears when it cannot. */
  get ready(): Promise<void> {
    return this.#ready;
  }

  hostConnected(): void {
    addEventListener('message', this.#hello);
    // Back in the page: a new round, and `ready` waits for it. (The first round begins with the first address.)
    if (!this.#src) return;
    this.#begin();
    this.#host.requestUpdate();
  }

  hostDisconnected(): void {
    removeEventListener('message', this.#hello);
    this.#stop();
    const gone = new DOMException('The card form left the page.', 'AbortError');
    this.#close(gone);
    this.#settleReady?.(gone);
  }

  update(root: ShadowRoot): void {
    const settings = this.#delegate.settings();
    const sentences = hostSentences(settings.lang);
    const src = this.#frameUrl();
    this.#root = root;
    const fallback = (this.#fallback ??= root.appendChild(h<HTMLElement>('p', { part: 'form-error', role: 'alert' })));
    // A new address gets a new round: an earlier one that failed does not count against it.
    if (src && src !== this.#src) {
      this.#src = src;
      this.#begin();
    }
    if (!src && (this.#src || this.#settleReady)) this.#unload();
    if (this.#iframe) setAttr(this.#iframe, 'title', sentences.frameTitle);
    setText(fallback, !src || this.#failure ? (settings.messages?.unavailable ?? sentences.unavailable) : '');
    setAttr(fallback, 'hidden', !!src && !this.#failure);
    if (this.#connected) this.#sendSettings();
  }

  tokenize(): Promise<TokenizeResult> {
    if (this.#failure || !this.#src) return Promise.reject(this.#failure ?? this.#unreachable());
    const id = this.#nextId++;
    // A setting changed just before (e.g. the key) is not posted until the host's update: the frame needs it now.
    if (this.#connected) this.#sendSettings();
    return new Promise<TokenizeResult>((resolve, reject) => {
      this.#waiting.set(id, { resolve, reject });
      this.#send({ v: VERSION, type: 'tokenize', id });
    });
  }

  reset(): void {
    this.#send({ v: VERSION, type: 'reset' });
  }

  showErrors(): void {
    this.#send({ v: VERSION, type: 'show-errors' });
  }

  focus(): void {
    this.#send({ v: VERSION, type: 'focus' });
  }

  anchor(): HTMLElement | undefined {
    return this.#iframe ?? undefined;
  }

  /** After the host gave up, a new round at the same address; nothing while a round runs or once the form is shown. */
  retry(): void {
    if (!this.#failure) return;
    this.#begin();
    // The shopper's "unavailable" goes.
    this.#host.requestUpdate();
  }

  /** A new round at the address: `ready` waits for it, what the old frame was asked fails, and the deadline runs. */
  #begin(): void {
    this.#stop();
    this.#failure = null;
    this.#attempts = 0;
    this.#close(this.#unreachable());
    this.#renew();
    this.#deadline = setTimeout(() => this.#giveUp(), GIVE_UP_MS);
    this.#attempt();
  }

  /** A new `<iframe>` for the address. Calls waiting for the frame keep waiting: they are for the form, not for one attempt. */
  #attempt(): void {
    this.#attempts++;
    this.#loads = this.#hellos = 0;
    this.#iframe?.remove();
    const url = new URL(this.#src);
    this.#origin = url.origin;
    // The frame says hello to, and checks that its parent is, the origin named here (and, where the browser says, that it really is).
    url.hash = encodeURIComponent(location.origin);
    const iframe = (this.#iframe = h<HTMLIFrameElement>('iframe', {
      part: 'frame',
      src: url.href,
      // The Payment Request API, should the form offer it; autofill needs no permission, all four fields being in this one frame.
      allow: 'payment',
      // The frame reports its height; it never needs scrollbars.
      scrolling: 'no',
      referrerpolicy: 'no-referrer',
      title: hostSentences(this.#delegate.settings().lang).frameTitle,
    }));
    iframe.addEventListener('load', () => {
      if (iframe === this.#iframe) this.#loaded();
    });
    this.#root!.prepend(iframe);
  }

  /**
   * A document of the frame has loaded. The card frame said hello just
   * before (or says it a moment after); an error page (nothing answered, the
   * service refused this page) or another site never will.
   */
  #loaded(): void {
    if (++this.#loads <= this.#hellos) return;
    this.#replaced();
    this.#timer = setTimeout(() => this.#unanswered(), HELLO_MS);
  }

  /** A frame that loaded and said nothing: tried again after a backoff, or given up on. */
  #unanswered(): void {
    if (this.#attempts > BACKOFF_MS.length) return void this.#giveUp();
    this.#timer = setTimeout(() => this.#attempt(), BACKOFF_MS[this.#attempts - 1]);
  }

  /** The card frame's `hello`, from the current frame's window and exact origin: it gets its end of a new channel. */
  readonly #hello = (event: MessageEvent): void => {
    const frame = this.#iframe?.contentWindow;
    if (!frame || event.source !== frame || event.origin !== this.#origin || !helloMessage(event.data)) return;
    // Before its `load`, the hello of a new document; after it, a late one, whose wait (or backoff) it ends.
    if (++this.#hellos > this.#loads) this.#replaced();
    clearTimeout(this.#timer);
    // The frame has this long to take the channel and show the form: a frame that answers, then drops the settings, fails too.
    this.#timer = setTimeout(() => this.#giveUp(), START_MS);
    const channel = new MessageChannel();
    this.#port = channel.port1;
    channel.port1.onmessage = (message) => this.#receive(message.data);
    // If the frame has navigated meanwhile to another origin, the browser drops this message: the port never leaves the page.
    frame.postMessage({ v: VERSION, type: 'connect' }, this.#origin, [channel.port2]);
  };

  /**
   * The frame has a new document (it reloaded, or went elsewhere): what was
   * asked of the old one is lost. If the form was shown, `ready` waits again,
   * in a round of its own.
   */
  #replaced(): void {
    if (this.#port) this.#close(this.#unreachable());
    clearTimeout(this.#timer);
    if (this.#settleReady) return;
    this.#renew();
    this.#attempts = 1;
    this.#deadline = setTimeout(() => this.#giveUp(), GIVE_UP_MS);
  }

  #receive(data: unknown): void {
    // Anything that is not one of the frame's messages, as the protocol shapes them, is ignored; but an
    // answer to a call this page waits for, that it cannot read, still ends that call.
    if (!fromFrame(data)) return void this.#settle((data as { id?: number } | null)?.id ?? 0)?.reject(this.#unreachable());
    const message: FromFrame = data;
    switch (message.type) {
      case 'ready':
        // The handshake's timer runs on until the form is shown: a frame that answers, then drops the settings, fails too.
        this.#connected = true;
        this.#lastSettings = '';
        this.#sendSettings();
        for (const queued of this.#queue.splice(0)) this.#port?.postMessage(queued);
        return;
      case 'report':
        return this.#delegate.changed(message.report);
      case 'edited':
        return this.#delegate.edited();
      case 'submitted':
        return this.#delegate.submitted();
      case 'size':
        if (this.#iframe) this.#iframe.style.height = `${message.height}px`;
        // The first size comes once the frame has rendered the form with the settings: it can take a card.
        if (this.#connected && this.#settleReady) {
          clearTimeout(this.#timer);
          clearTimeout(this.#deadline);
          this.#settleReady();
        }
        return;
      case 'result':
        return this.#settle(message.id)?.resolve(message.result);
      case 'error':
        return this.#settle(message.id)?.reject(unpackError(message.error));
    }
  }

  #settle(id: number): Waiter | undefined {
    const waiter = this.#waiting.get(id);
    this.#waiting.delete(id);
    return waiter;
  }

  #send(message: ToFrame): void {
    if (this.#connected) this.#port?.postMessage(message);
    else if (message.type !== 'reset') this.#queue.push(message);
  }

  /** Posts the settings when they differ from what the frame has. */
  #sendSettings(): void {
    // Key by key: a setting the frame does not take would not compile here, and the frame would drop the whole message.
    const given = this.#delegate.settings();
    const { theme, unavailable } = given;
    const settings: FrameSettings = {
      lang: given.lang,
      messages: packMessages(given.messages),
      acceptedBrands: given.acceptedBrands,
      installments: given.installments,
      collectTaxId: given.collectTaxId,
      // A key the host refused (a secret key, say) never crosses: the frame has no use for it while unavailable.
      publicKey: unavailable ? '' : given.publicKey,
      disabled: given.disabled,
      unavailable,
      hideSubmit: given.hideSubmit,
      hideSuccess: given.hideSuccess,
      showBrands: given.showBrands,
      submitLabel: given.submitLabel,
      theme: theme === 'dark' || theme === 'auto' ? theme : 'light',
      variables: readThemeVariables(this.#host, (name, why) => this.#delegate.unused(name, why)),
    };
    const key = JSON.stringify(settings);
    if (key === this.#lastSettings) return;
    this.#lastSettings = key;
    this.#port?.postMessage({ v: VERSION, type: 'settings', settings });
  }

  /**
   * The round ends without the form: the cause is found, the shopper told,
   * waiting calls fail, `ready` rejects, and the page hears it once, in the
   * console and through `tokenize-error`.
   */
  async #giveUp(): Promise<void> {
    clearTimeout(this.#timer);
    clearTimeout(this.#deadline);
    const round = this.#round;
    // The current document said hello: the card frame is there, and did not start.
    const started = this.#hellos > 0 && this.#hellos >= this.#loads;
    // Nothing more from this frame: no late answer can start a second failure.
    this.#iframe?.remove();
    this.#iframe = null;
    const error = started ? frameError('not-started', this.#src) : await probeFrame(this.#src);
    if (round !== this.#round) return;
    this.#failure = error;
    // A tokenize call waiting for the frame tells the page itself, with this same error, through its own `tokenize-error`.
    const asked = this.#waiting.size > 0 || this.#queue.some((message) => message.type === 'tokenize');
    this.#close(error);
    this.#host.requestUpdate();
    this.#settleReady?.(error);
    console.warn(error.message);
    if (!asked) this.#delegate.failed(error);
  }

  /** No usable address: no frame, and `ready` says why. */
  #unload(): void {
    this.#stop();
    const error = new ConfigurationError(
      '<pay-card-form> has no usable address for its secure form: set base-url (or frame-url) to the tokenization service.',
    );
    this.#close(error);
    this.#iframe?.remove();
    this.#iframe = null;
    this.#src = '';
    this.#settleReady?.(error);
  }

  /** Ends the round's timers, and any probe it has running. */
  #stop(): void {
    this.#round++;
    clearTimeout(this.#timer);
    clearTimeout(this.#deadline);
  }

  /** A new frame document is on its way: `ready` waits for it, unless it is still waiting for the last one. */
  #renew(): void {
    if (this.#settleReady) return;
    this.#ready = new Promise((resolve, reject) => {
      this.#settleReady = (error) => {
        this.#settleReady = null;
        if (error) reject(error);
        else resolve();
      };
    });
    // The page hears a failure through `tokenize-error`; a page that does not await `ready` must not also get an unhandled rejection.
    this.#ready.catch(() => {});
  }

  /** The channel is gone: every call waiting on it, queued or sent, fails with `reason`. */
  #close(reason: Error): void {
    this.#port?.close();
    this.#port = null;
    this.#connected = false;
    this.#queue = this.#queue.filter((message) => message.type !== 'tokenize');
    for (const waiter of this.#waiting.values()) waiter.reject(reason);
    this.#waiting.clear();
  }

  #unreachable(): NetworkError {
    return new NetworkError('The secure card form could not be loaded from the tokenization service.');
  }
}
