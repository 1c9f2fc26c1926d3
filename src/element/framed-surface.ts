import type { ReactiveController, ReactiveControllerHost } from '@lit/reactive-element';
import type { TokenizeResult } from '../card/types.js';
import { h } from '../dom/h.js';
import { setAttr, setText } from '../dom/write.js';
import { fromFrame, helloMessage, type FromFrame } from '../channel/from-frame.js';
import { frameSettings } from '../channel/frame-settings.js';
import { VERSION } from '../channel/protocol.js';
import type { ToFrame } from '../channel/to-frame.js';
import { unpackError } from '../channel/wire-errors.js';
import { ConfigurationError, FrameError, NetworkError } from '../shared/errors.js';
import type { CardSurface, SurfaceDelegate } from './card-surface.js';
import { hostSentences } from '../form/host-sentences.js';
import { formHeight } from '../form/form-height.js';
import { readThemeVariables } from './read-theme.js';
import { PortCalls } from './port-calls.js';
import { passEarlyInput } from './early-input.js';
import { addressSpace, morePrivate } from '../shared/address-space.js';
import { RETRY_WAITS_MS } from '../shared/retry-schedule.js';
import { diagnosisSource } from './diagnosis-source.js';

/** After a frame document's `load` event, how long its `hello` may take: the card frame's script says it before that event, so this is slack for a busy page. Past it, the attempt has failed. */
const HELLO_MS = 2_000;
/** After `hello`, how long the frame has to take the channel and show the form. */
const START_MS = 10_000;
/**
 * From a round's first attempt, when the host gives up whatever the frame's
 * state (a server that takes the request and never answers, say). The probe
 * that names the cause takes at most `PROBE_MS` (4 s) more: the page hears
 * within 30 s of the element connecting.
 */
const GIVE_UP_MS = 24_000;
/** How long the diagnosis may take once the host has given up, the loading of its module and its probe together: within the 30 s. */
const PROBE_MS = 4_000;

/**
 * Where the frame is in its life. A round begins at `loading` (a new
 * `<iframe>`), and ends `shown` or `failed`; `stopped` is the element out of
 * the page, `idle` no address at all.
 *
 * ```
 * loading ──load──▶ loaded ──2 s──▶ backoff ──1 s, 2 s──▶ loading   (three attempts)
 *    │                 │
 *    └──────hello──────┴──▶ hello ──ready──▶ connected ──size──▶ shown
 * any state of the round ──24 s, or no attempt left──▶ probing ──▶ failed(reason)
 * ```
 */
export type FrameState =
  | { name: 'idle' }
  | { name: 'loading' | 'loaded' | 'backoff'; attempt: number }
  | { name: 'hello' | 'connected' | 'shown' | 'probing' | 'stopped' }
  | { name: 'failed'; error: FrameError };

/** How long each state may last before the round moves on; the round's own deadline cuts any of them short. */
const STATE_MS: Partial<Record<FrameState['name'], number>> = { loaded: HELLO_MS, hello: START_MS, connected: START_MS };

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
  #state: FrameState = { name: 'idle' };
  /** The one timer: what the current state waits for, or the round's deadline, whichever comes first. */
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** When the current round gives up, whatever its state (`performance.now()` time). */
  #deadline = 0;
  /** Counts rounds: a probe of a round that has since ended is ignored. */
  #round = 0;
  /** The current frame document's `ready`: a new one whenever a new document is on its way. */
  #ready!: Promise<void>;
  /** Settles {@link #ready}; null once it has. */
  #settleReady: ((error?: Error) => void) | null = null;
  readonly #host: ReactiveControllerHost & HTMLElement;
  readonly #delegate: SurfaceDelegate;
  /** The frame's address, or '' when `base-url` (or `frame-url`) gives none. */
  readonly #frameUrl: () => string;
  /** The `--pay-*` variables are read on each update: one set on the element itself (its `style` or `class`) changes no property, so it asks for one. */
  readonly #styleWatch: MutationObserver;
  /** The `<iframe>`'s width as it was created, which decides the form's layout; 0 where it is not laid out (a hidden element), when no height is reserved. */
  #width = 0;
  /** The current `<iframe>`'s frame has reported its height: the reserved one is gone. */
  #sized = false;
  #root: ShadowRoot | null = null;
  /** The frame's address, as the page gave it; '' with none. */
  #src = '';
  /** Its origin: the only one whose `hello` counts, and the only one `connect` is posted to. */
  #origin = '';
  #iframe: HTMLIFrameElement | null = null;
  /** Shown instead of the frame when it cannot be loaded or does not answer. */
  #fallback: HTMLElement | null = null;
  #port: MessagePort | null = null;
  /** Ends the page's listeners for the current `<iframe>`'s early input. */
  #early: AbortController | null = null;
  /** Tells the current `<iframe>`'s early input that its frame was clicked (early-input.ts). */
  #pressed = (_at: number): void => {};
  /** What the `<iframe>`'s current document has done: each document fires one `load`, and the card frame's says one `hello` (before its `load`, or after). */
  #document = { loaded: false, hello: false };
  /** Commands given before the frame took the port, sent once it has. */
  #queue: ToFrame[] = [];
  #lastSettings = '';
  readonly #calls = new PortCalls<TokenizeResult>();

  constructor(host: ReactiveControllerHost & HTMLElement, delegate: SurfaceDelegate, frameUrl: () => string) {
    this.#host = host;
    this.#delegate = delegate;
    this.#frameUrl = frameUrl;
    this.#styleWatch = new MutationObserver(() => host.requestUpdate());
    this.#renew();
    host.addController(this);
  }

  /** Where the frame is in its life. */
  get state(): FrameState {
    return this.#state;
  }

  /** Resolves once the frame shows the form; rejects with the error the page hears when it cannot. */
  get ready(): Promise<void> {
    return this.#ready;
  }

  /** Why the form cannot be shown, once the host has given up; null while a round runs or once it is shown. */
  get failure(): FrameError | null {
    return this.#state.name === 'failed' ? this.#state.error : null;
  }

  hostConnected(): void {
    addEventListener('message', this.#hello);
    this.#styleWatch.observe(this.#host, { attributeFilter: ['style', 'class'] });
    // Back in the page: a new round, and `ready` waits for it. (The first round begins with the first address.)
    if (!this.#src) return;
    this.#begin();
    this.#host.requestUpdate();
  }

  hostDisconnected(): void {
    removeEventListener('message', this.#hello);
    this.#styleWatch.disconnect();
    this.enter({ name: 'stopped' });
    const gone = new DOMException('The card form left the page.', 'AbortError');
    this.#close(gone);
    // Its document is gone already; the element would load it again if it were put back in the page before the new round replaced it.
    this.#drop();
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
    this.#reserve();
    const failed = !src || this.#state.name === 'failed';
    setText(fallback, failed ? (settings.messages?.unavailable ?? sentences.unavailable) : '');
    setAttr(fallback, 'hidden', !failed);
    if (this.#takesCommands()) this.#sendSettings();
  }

  tokenize(): Promise<TokenizeResult> {
    if (this.failure || !this.#src) return Promise.reject(this.failure ?? this.#unreachable());
    // A setting changed just before (e.g. the key) is not posted until the host's update: the frame needs it now.
    if (this.#takesCommands()) this.#sendSettings();
    const { id, answer } = this.#calls.open();
    this.#send({ v: VERSION, type: 'tokenize', id });
    return answer;
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
    if (this.#state.name !== 'failed') return;
    this.#begin();
    // The shopper's "unavailable" goes.
    this.#host.requestUpdate();
  }

  /**
   * Every transition goes through here: the state changes, and the one timer
   * is set for what the new state waits for, or for the round's deadline.
   * Not private, so that a subclass can watch the transitions: the tests
   * assert each one in order.
   */
  protected enter(state: FrameState): void {
    this.#state = state;
    // An attempt failed: the code that finds out why is fetched now, while the next attempts run, so the page still hears within 30 s.
    if (state.name === 'backoff' || state.name === 'probing') diagnosisSource.prepare();
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (state.name === 'stopped' || state.name === 'idle') this.#round++;
    if (state.name === 'idle' || state.name === 'stopped' || state.name === 'shown' || state.name === 'probing' || state.name === 'failed')
      return;
    const left = this.#deadline - performance.now();
    const own = state.name === 'backoff' ? RETRY_WAITS_MS[state.attempt - 1]! : (STATE_MS[state.name] ?? Infinity);
    this.#timer = setTimeout(() => this.#timedOut(left <= own), Math.max(0, Math.min(own, left)));
  }

  /** The current state's wait ran out; `deadline` says it was the round's. */
  #timedOut(deadline: boolean): void {
    const state = this.#state;
    if (deadline) return void this.#giveUp();
    if (state.name === 'backoff') return this.#attempt(state.attempt + 1);
    // A frame that loaded and said nothing: tried again after a backoff, or given up on.
    if (state.name === 'loaded' && state.attempt <= RETRY_WAITS_MS.length) return this.enter({ name: 'backoff', attempt: state.attempt });
    // Loaded without a word after the last attempt; or it said hello, then did not take the port or show the form.
    void this.#giveUp();
  }

  /** A new round at the address: `ready` waits for it, what the old frame was asked fails, and the deadline runs. */
  #begin(): void {
    this.#round++;
    this.#close(this.#unreachable());
    this.#renew();
    this.#deadline = performance.now() + GIVE_UP_MS;
    this.#attempt(1);
  }

  /** A new `<iframe>` for the address. Calls waiting for the frame keep waiting: they are for the form, not for one attempt. */
  #attempt(attempt: number): void {
    this.#drop();
    this.#document = { loaded: false, hello: false };
    this.#sized = false;
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
    this.#pressed = passEarlyInput(
      iframe,
      (message) => {
        // On the port as soon as there is one: the form can show before this page has heard the frame's `ready`.
        if (iframe === this.#iframe) this.#port?.postMessage(message);
      },
      (this.#early = new AbortController()).signal,
    );
    this.enter({ name: 'loading', attempt });
    this.#root!.prepend(iframe);
    // Read now, at the cost of laying out the page, rather than from a ResizeObserver at its next layout: a frame that
    // started at 0 px and was sized then was measured about 45 ms later to a typed digit on a phone (docs/benchmarks.md).
    this.#width = iframe.clientWidth;
    this.#reserve();
  }

  /** Takes the `<iframe>` out, with the page's listeners for it. */
  #drop(): void {
    this.#iframe?.remove();
    this.#iframe = null;
    this.#early?.abort();
  }

  /**
   * Until its frame reports a height, the `<iframe>` takes the one the form
   * most likely has ({@link formHeight}): the frame loads at its size, and
   * nothing moves when the form appears.
   */
  #reserve(): void {
    if (this.#iframe && !this.#sized && this.#width) this.#iframe.style.height = `${formHeight(this.#width, this.#delegate.settings())}px`;
  }

  /**
   * A document of the frame has loaded. The card frame said hello just
   * before (or says it a moment after); an error page (nothing answered, the
   * service refused this page) or another site never will.
   */
  #loaded(): void {
    if (this.#document.loaded) this.#replaced();
    this.#document.loaded = true;
    if (this.#document.hello) return;
    const state = this.#state;
    this.enter({ name: 'loaded', attempt: state.name === 'loading' || state.name === 'loaded' ? state.attempt : 1 });
  }

  /** The card frame's `hello`, from the current frame's window and exact origin: it gets its end of a new channel. */
  readonly #hello = (event: MessageEvent): void => {
    const frame = this.#iframe?.contentWindow;
    if (!frame || event.source !== frame || event.origin !== this.#origin || !helloMessage(event.data)) return;
    // A second hello from this `<iframe>` comes from a new document.
    if (this.#document.hello) this.#replaced();
    this.#document.hello = true;
    // The frame has `START_MS` to take the channel and show the form: a frame that answers, then drops the settings, fails too.
    this.enter({ name: 'hello' });
    const channel = new MessageChannel();
    this.#port = channel.port1;
    channel.port1.onmessage = (message) => this.#receive(message.data);
    // Settings on the port before it leaves: the frame reads them as it takes the port, not a round trip after its `ready`.
    this.#lastSettings = '';
    this.#sendSettings();
    // If the frame has navigated meanwhile to another origin, the browser drops this message: the port never leaves the page.
    frame.postMessage({ v: VERSION, type: 'connect' }, this.#origin, [channel.port2]);
  };

  /**
   * The frame has a new document (it reloaded, or went elsewhere): what was
   * asked of the old one is lost. If the form was shown, `ready` waits
   * again, in a round of its own.
   */
  #replaced(): void {
    this.#document = { loaded: false, hello: false };
    this.#close(this.#unreachable());
    if (this.#settleReady) return;
    this.#renew();
    this.#deadline = performance.now() + GIVE_UP_MS;
  }

  #receive(data: unknown): void {
    // Anything that is not one of the frame's messages, as the protocol shapes them, is ignored; but an
    // answer to a call this page waits for, that it cannot read, still ends that call.
    if (!fromFrame(data)) return void this.#calls.reject((data as { id?: number } | null)?.id ?? 0, this.#unreachable());
    const message: FromFrame = data;
    switch (message.type) {
      case 'ready':
        // The timer runs on until the form is shown: a frame that answers, then drops the settings, fails too.
        this.enter({ name: 'connected' });
        // What changed since the port was sent, or waited for the checks of an override, and the commands held till now.
        this.#sendSettings();
        return;
      case 'report':
        return this.#delegate.changed(message.report);
      case 'edited':
        return this.#delegate.edited();
      case 'submitted':
        return this.#delegate.submitted();
      case 'size':
        this.#sized = true;
        if (this.#iframe) this.#iframe.style.height = `${message.height}px`;
        // The first size comes once the frame has rendered the form with the settings: it can take a card.
        if (this.#state.name === 'connected') {
          this.enter({ name: 'shown' });
          this.#settleReady?.();
        }
        return;
      case 'pressed':
        return this.#pressed(message.at);
      case 'result':
        return this.#calls.resolve(message.id, message.result);
      case 'error':
        return this.#calls.reject(message.id, unpackError(message.error));
    }
  }

  /** The frame took the port: it runs what is posted. */
  #takesCommands(): boolean {
    return this.#state.name === 'connected' || this.#state.name === 'shown';
  }

  /** A command waits until the frame has taken the port, and has its settings. */
  #send(message: ToFrame): void {
    if (this.#takesCommands() && this.#lastSettings) this.#port?.postMessage(message);
    else if (message.type !== 'reset') this.#queue.push(message);
  }

  /** Posts the settings when they differ from what the frame has, then the commands that waited for them. */
  #sendSettings(): void {
    const variables = readThemeVariables(
      this.#host,
      () => this.#delegate.overrides(),
      (name, why) => this.#delegate.unused(name, why),
    );
    // The checks of an override are on their way: the frame gets no settings, nor any command, before they are here.
    if (!variables || this.#delegate.pending()) return;
    const settings = frameSettings(this.#delegate.settings(), variables);
    const key = JSON.stringify(settings);
    if (key !== this.#lastSettings) {
      this.#lastSettings = key;
      this.#port?.postMessage({ v: VERSION, type: 'settings', settings });
    }
    // What was asked before the frame had its settings goes after them.
    for (const queued of this.#queue.splice(0)) this.#port?.postMessage(queued);
  }

  /**
   * The round ends without the form: the cause is found, the shopper told,
   * waiting calls fail, `ready` rejects, and the page hears it once, in the
   * console and through `tokenize-error`.
   */
  async #giveUp(): Promise<void> {
    const round = this.#round;
    // The current document said hello: the card frame is there, and did not start.
    const started = this.#document.hello;
    this.enter({ name: 'probing' });
    // Nothing more from this frame: no late answer can start a second failure.
    this.#drop();
    const error = await diagnosisSource.diagnose(started, this.#src, AbortSignal.timeout(PROBE_MS), {
      addressSpace,
      morePrivate,
      FrameError,
    });
    if (round !== this.#round) return;
    // A tokenize call waiting for the frame tells the page itself, with this same error, through its own `tokenize-error`.
    const asked = this.#calls.size > 0;
    this.enter({ name: 'failed', error });
    this.#close(error);
    this.#host.requestUpdate();
    this.#settleReady?.(error);
    console.warn(error.message);
    if (!asked) this.#delegate.failed(error);
  }

  /** No usable address: no frame, and `ready` says why. */
  #unload(): void {
    this.enter({ name: 'idle' });
    const error = new ConfigurationError(
      '<pay-card-form> has no usable address for its secure form: set base-url (or frame-url) to the tokenization service.',
    );
    this.#close(error);
    this.#drop();
    this.#src = '';
    this.#settleReady?.(error);
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
    this.#queue = this.#queue.filter((message) => message.type !== 'tokenize');
    this.#calls.rejectAll(reason);
  }

  #unreachable(): NetworkError {
    return new NetworkError('The secure card form could not be loaded from the tokenization service.');
  }
}
