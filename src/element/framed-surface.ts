import type { ReactiveController, ReactiveControllerHost } from '@lit/reactive-element';
import type { TokenizeResult } from '../card/types.js';
import { h } from '../dom/h.js';
import { setAttr, setText } from '../dom/write.js';
import { fromFrame, type FromFrame } from '../channel/from-frame.js';
import { packMessages } from '../channel/message-templates.js';
import { VERSION } from '../channel/protocol.js';
import type { FrameSettings, ToFrame } from '../channel/to-frame.js';
import { unpackError } from '../channel/wire-errors.js';
import { ConfigurationError, NetworkError } from '../shared/errors.js';
import type { CardSurface, SurfaceDelegate } from './card-surface.js';
import { hostSentences } from '../form/host-sentences.js';
import { readThemeVariables } from './read-theme.js';

/** How long a frame has to load, and then, once loaded, to answer `connect` and show the form, before the form is declared unavailable. */
const HANDSHAKE_MS = 10_000;

type Waiter = { resolve(result: TokenizeResult): void; reject(error: unknown): void };

/**
 * `mode="isolated"` (the default), on the merchant's side: an `<iframe>` from
 * the tokenization origin holds the form, and this end of a private
 * `MessageChannel` is all the page has of it. The card is typed, checked and
 * tokenized inside the frame; this side receives field states, the brand,
 * the token and typed errors, and never a keystroke.
 *
 * A controller of its host: the handshake's timer and the channel stop when
 * the element leaves the page. The frame's document goes with it, and a new
 * one loads if the element comes back.
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
  #iframe: HTMLIFrameElement | null = null;
  /** Shown instead of the frame when it cannot be loaded or does not answer. */
  #fallback: HTMLElement | null = null;
  #port: MessagePort | null = null;
  /** The frame answered `connect`: it takes commands. */
  #connected = false;
  #failed = false;
  #handshake: ReturnType<typeof setTimeout> | undefined;
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
    // Back in the page: the frame's document loads again, and `ready` waits for it.
    if (this.#iframe) this.#expect();
  }

  hostDisconnected(): void {
    clearTimeout(this.#handshake);
    const gone = new DOMException('The card form left the page.', 'AbortError');
    this.#close(gone);
    this.#settleReady?.(gone);
  }

  update(root: ShadowRoot): void {
    const settings = this.#delegate.settings();
    const sentences = hostSentences(settings.lang);
    const src = this.#frameUrl();
    const fallback = (this.#fallback ??= root.appendChild(h<HTMLElement>('p', { part: 'form-error', role: 'alert' })));
    if (src && this.#iframe?.dataset.src !== src) this.#load(root, src);
    if (!src && (this.#iframe || this.#settleReady)) this.#unload();
    if (this.#iframe) setAttr(this.#iframe, 'title', sentences.frameTitle);
    setText(fallback, !src || this.#failed ? (settings.messages?.unavailable ?? sentences.unavailable) : '');
    setAttr(fallback, 'hidden', !!src && !this.#failed);
    if (this.#connected) this.#sendSettings();
  }

  tokenize(): Promise<TokenizeResult> {
    if (this.#failed || !this.#iframe) return Promise.reject(this.#unreachable());
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

  /** A new frame (first load, or a new address): any channel to the old one is closed and its requests fail. */
  #load(root: ShadowRoot, src: string): void {
    this.#close(this.#unreachable());
    // A new address gets a new chance: an earlier frame that never answered does not count against it.
    this.#failed = false;
    this.#expect();
    this.#iframe?.remove();
    const url = new URL(src);
    // The frame checks that its parent is the origin named here (and, where the browser says, that it really is).
    url.hash = encodeURIComponent(location.origin);
    const iframe = (this.#iframe = h<HTMLIFrameElement>('iframe', {
      part: 'frame',
      src: url.href,
      // The Payment Request API, should the form offer it; autofill needs no permission, all four fields being in this one frame.
      allow: 'payment',
      // The frame reports its height; it never needs scrollbars.
      scrolling: 'no',
      referrerpolicy: 'no-referrer',
    }));
    iframe.dataset.src = src;
    iframe.addEventListener('load', () => this.#connect(iframe, url.origin));
    root.prepend(iframe);
  }

  /** The frame's document has loaded: hand it its end of a new channel, for its exact origin only. */
  #connect(iframe: HTMLIFrameElement, origin: string): void {
    // A reload (the frame navigated, or crashed and came back): what was asked of the old document is lost.
    if (this.#port) this.#close(this.#unreachable());
    // A new document, a new chance: an earlier one that never answered does not count against it.
    if (this.#failed) {
      this.#failed = false;
      this.#host.requestUpdate();
    }
    this.#expect();
    const channel = new MessageChannel();
    this.#port = channel.port1;
    channel.port1.onmessage = (event) => this.#receive(event.data);
    // If the frame navigated to another origin, the browser drops this message: the port never leaves the page.
    iframe.contentWindow?.postMessage({ v: VERSION, type: 'connect' }, origin, [channel.port2]);
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
          clearTimeout(this.#handshake);
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
    const {
      lang,
      messages,
      acceptedBrands,
      installments,
      collectTaxId,
      publicKey,
      disabled,
      unavailable,
      hideSubmit,
      hideSuccess,
      showBrands,
      submitLabel,
      theme,
    } = this.#delegate.settings();
    const settings: FrameSettings = {
      lang,
      messages: packMessages(messages),
      acceptedBrands,
      installments,
      collectTaxId,
      // A key the host refused (a secret key, say) never crosses: the frame has no use for it while unavailable.
      publicKey: unavailable ? '' : publicKey,
      disabled,
      unavailable,
      hideSubmit,
      hideSuccess,
      showBrands,
      submitLabel,
      theme: theme === 'dark' || theme === 'auto' ? theme : 'light',
      variables: readThemeVariables(this.#host),
    };
    const key = JSON.stringify(settings);
    if (key === this.#lastSettings) return;
    this.#lastSettings = key;
    this.#port?.postMessage({ v: VERSION, type: 'settings', settings });
  }

  /** The frame did not answer, or did not show the form, in time: the shopper is told, waiting calls fail, `ready` rejects, and the page hears it once. */
  #fail(): void {
    this.#failed = true;
    const error = this.#unreachable();
    this.#close(error);
    this.#host.requestUpdate();
    this.#settleReady?.(error);
    this.#delegate.failed(error);
  }

  /** No usable address: no frame, and `ready` says why. */
  #unload(): void {
    const error = new ConfigurationError(
      '<pay-card-form> has no usable address for its secure form: set base-url (or frame-url) to the tokenization service.',
    );
    this.#close(error);
    this.#iframe?.remove();
    this.#iframe = null;
    this.#settleReady?.(error);
  }

  /** A frame document is on its way: `ready` waits for it, and gives it {@link HANDSHAKE_MS} to show the form. */
  #expect(): void {
    this.#renew();
    clearTimeout(this.#handshake);
    this.#handshake = setTimeout(() => this.#fail(), HANDSHAKE_MS);
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
