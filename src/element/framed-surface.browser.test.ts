/**
 * The frame's lifecycle, transition by transition: a host element of the
 * test's own drives a real `FramedSurface` against real frames (the sandbox's,
 * an address where nothing listens, a server that never answers, frames that
 * stop half-way), and a subclass records every state the surface enters. Each
 * test asserts the whole sequence, so a transition added, lost or reordered
 * fails here. Isolated only: inline mode has no frame.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { ReactiveElement } from '@lit/reactive-element';
import { executeServerCommand } from '@web/test-runner-commands';
import { FramedSurface, type FrameState } from './framed-surface.js';
import type { SurfaceDelegate } from './card-surface.js';
import type { FormSettings } from '../form/form-settings.js';
import { FRAME_PATH } from '../channel/protocol.js';
import { ConfigurationError, FrameError } from '../shared/errors.js';
import { ACTIVE_KEY, closedUrl, openAt, sandboxUrl } from './test-helpers.js';

/** A state as one word: its name, and the attempt where it has one. */
const word = (state: FrameState) => ('attempt' in state ? `${state.name} ${state.attempt}` : state.name);

/** A `FramedSurface` that records what it enters, and says when it enters a given state. */
class RecordingSurface extends FramedSurface {
  readonly entered: FrameState[] = [];
  #waiting: { name: string; done: () => void }[] = [];

  protected override enter(state: FrameState): void {
    super.enter(state);
    this.entered.push(state);
    for (const waiter of this.#waiting.filter((w) => w.name === word(state))) waiter.done();
    this.#waiting = this.#waiting.filter((w) => w.name !== word(state));
  }

  /** The states entered so far, as words. */
  get sequence(): string[] {
    return this.entered.map(word);
  }

  /** Resolves once the surface enters `name` (e.g. `'shown'`, `'backoff 1'`), counting from now. */
  until(name: string): Promise<void> {
    return new Promise((done) => this.#waiting.push({ name, done }));
  }
}

const SETTINGS: FormSettings = {
  lang: 'en',
  messages: null,
  acceptedBrands: '',
  publicKey: ACTIVE_KEY,
  baseUrl: '',
  disabled: false,
  unavailable: false,
  installments: null,
  collectTaxId: false,
  hideSubmit: false,
  hideSuccess: false,
  showBrands: false,
  submitLabel: '',
  theme: 'light',
};

/** The smallest host: its address is `src`; it renders nothing but what the surface puts in its shadow root. */
class SurfaceHost extends ReactiveElement {
  static override properties = { src: {} };
  declare src: string;
  /** What the surface told the page: a failure, after the host gave up. */
  readonly failures: Error[] = [];
  readonly surface: RecordingSurface;

  constructor() {
    super();
    this.src = '';
    const delegate: SurfaceDelegate = {
      settings: () => SETTINGS,
      changed: () => {},
      edited: () => {},
      submitted: () => {},
      unused: () => {},
      // No overrides set: no checks to wait for.
      pending: () => false,
      overrides: () => null,
      failed: (error) => this.failures.push(error),
    };
    this.surface = new RecordingSurface(this, delegate, () => this.src);
  }

  protected override update(changed: Map<PropertyKey, unknown>): void {
    super.update(changed);
    this.surface.update(this.renderRoot as ShadowRoot);
  }
}
customElements.define('framed-surface-host', SurfaceHost);

let probes = 0;
/** Mounts a host at `src`, tagged so the frame probe can reach its frame. */
async function host(src: string): Promise<SurfaceHost> {
  const el = await fixture<SurfaceHost>(html`<framed-surface-host data-probe=${`surface-${++probes}`} .src=${src}></framed-surface-host>`);
  await el.updateComplete;
  return el;
}

const frameAt = async (base: Promise<string> | string) => new URL(FRAME_PATH, await base).href;
/** The test's own frames that stop half-way (test/answering-frame.html), served with the test page. */
const answering = (query = '') => new URL(`/test/answering-frame.html${query}`, location.href).href;

/** How the sequences begin: the card frame says hello before its document's `load`, or a moment after it. */
const LOADS = /^loading 1,(loaded 1,)?hello,connected,shown$/;

describe('FramedSurface: the frame’s states, transition by transition', function () {
  // The failures wait out the real timers: the hello wait (2 s), the backoffs (1 s, 2 s), the start wait (10 s), the round's deadline (24 s).
  this.timeout(45_000);

  it('no address: idle, and ready rejects, saying what to set', async () => {
    const el = await host('');
    expect(el.surface.sequence).to.deep.equal(['idle']);
    const error = await el.surface.ready.then(
      () => null,
      (e: Error) => e,
    );
    expect(error).to.be.instanceOf(ConfigurationError);
    expect(error!.message).to.match(/set base-url \(or frame-url\)/);
  });

  it('the card frame: loading → hello → connected → shown, and ready resolves', async () => {
    const el = await host(await frameAt(sandboxUrl()));
    await el.surface.ready;
    expect(el.surface.sequence.join()).to.match(LOADS);
    expect(el.surface.state.name).to.equal('shown');
    expect(el.failures).to.deep.equal([]);
  });

  it('nothing listens: three attempts, each loaded → backoff → loading, then probing → failed (unreachable), heard once', async () => {
    const el = await host(await frameAt(closedUrl()));
    const failed = el.surface.until('failed');
    const error = await el.surface.ready.then(
      () => null,
      (e: Error) => e,
    );
    await failed;
    expect(el.surface.sequence).to.deep.equal([
      'loading 1',
      'loaded 1',
      'backoff 1',
      'loading 2',
      'loaded 2',
      'backoff 2',
      'loading 3',
      'loaded 3',
      'probing',
      'failed',
    ]);
    expect(error).to.be.instanceOf(FrameError);
    expect((error as FrameError).reason).to.equal('unreachable');
    expect(el.surface.failure).to.equal(error);
    expect(el.failures).to.deep.equal([error]);
  });

  it('a service that comes up during a backoff: backoff → loading → hello → connected → shown', async () => {
    const base = await closedUrl();
    const el = await host(await frameAt(base));
    await el.surface.until('backoff 1');
    await openAt(base);
    await el.surface.ready;
    // Starting a sandbox can outlast the 1 s backoff on a busy machine: the second attempt then finds nothing too, and the third shows the form.
    expect(el.surface.sequence.join()).to.match(
      /^loading 1,loaded 1,backoff 1,loading 2,(loaded 2,backoff 2,loading 3,)?(loaded [23],)?hello,connected,shown$/,
    );
    expect(el.failures).to.deep.equal([]);
  });

  it('a frame that says hello and never takes the channel: hello → probing → failed (not-started), after the start wait', async () => {
    const el = await host(answering('?hello-only'));
    const failed = el.surface.until('failed');
    await el.surface.ready.catch(() => {});
    await failed;
    expect(el.surface.sequence.join()).to.match(/^loading 1,(loaded 1,)?hello,probing,failed$/);
    expect((el.surface.failure as FrameError).reason).to.equal('not-started');
  });

  it('a frame that takes the channel and never shows the form: connected → probing → failed (not-started)', async () => {
    const el = await host(answering());
    const failed = el.surface.until('failed');
    await el.surface.ready.catch(() => {});
    await failed;
    expect(el.surface.sequence.join()).to.match(/^loading 1,(loaded 1,)?hello,connected,probing,failed$/);
    expect((el.surface.failure as FrameError).reason).to.equal('not-started');
  });

  it('a server that never answers: the round’s deadline ends loading → probing → failed', async () => {
    const el = await host(await frameAt(executeServerCommand('hanging-url') as Promise<string>));
    const failed = el.surface.until('failed');
    await el.surface.ready.catch(() => {});
    await failed;
    expect(el.surface.sequence).to.deep.equal(['loading 1', 'probing', 'failed']);
    expect(el.surface.failure).to.be.instanceOf(FrameError);
    expect(el.failures).to.have.length(1);
  });

  it('retry() after a failure: failed → loading, a new round that shows the form', async () => {
    const base = await closedUrl();
    const el = await host(await frameAt(base));
    const failed = el.surface.until('failed');
    await el.surface.ready.catch(() => {});
    await failed;
    await openAt(base);
    const from = el.surface.entered.length;
    el.surface.retry();
    await el.surface.ready;
    expect(el.surface.sequence.slice(from).join()).to.match(LOADS);
    expect(el.surface.failure).to.equal(null);
  });

  it('the element leaves the page: stopped, ready rejects (AbortError); back in the page: a new round', async () => {
    const el = await host(await frameAt(sandboxUrl()));
    // Removed while its frame loads: a frame cannot load, say hello and show the form within the host's first update.
    expect(el.surface.state.name).to.equal('loading');
    const waiting = el.surface.ready;
    const parent = el.parentNode!;
    el.remove();
    expect(el.surface.state.name).to.equal('stopped');
    const error = await waiting.then(
      () => null,
      (e: Error) => e,
    );
    expect(error?.name).to.equal('AbortError');
    // (Asserted as a boolean: a failure would otherwise try to print the iframe's window.)
    expect(!el.shadowRoot!.querySelector('iframe'), 'no <iframe> is left').to.equal(true);
    const from = el.surface.entered.length;
    parent.append(el);
    await el.surface.ready;
    expect(el.surface.sequence.slice(from).join()).to.match(LOADS);
  });

  it('the frame’s document is replaced (it reloads): shown → hello → connected → shown, ready waits for it', async () => {
    const el = await host(await frameAt(sandboxUrl()));
    await el.surface.ready;
    const from = el.surface.entered.length;
    const shownAgain = el.surface.until('shown');
    await executeServerCommand('frame', { probe: el.dataset.probe, op: 'reload' });
    await shownAgain;
    await el.surface.ready;
    // The old document's replacement is seen at the new one's `load` or at its `hello`, whichever comes first.
    expect(el.surface.sequence.slice(from).join()).to.match(/^(loaded 1,)?hello,connected,shown$/);
  });

  it('a new address: a new round at it; no address: idle', async () => {
    const el = await host(answering('?hello-only'));
    expect(el.surface.sequence[0]).to.equal('loading 1');
    // The address first: while the test waits for it, the first frame goes on loading and says hello, and
    // that belongs to the first round.
    const next = await frameAt(sandboxUrl());
    const from = el.surface.entered.length;
    el.src = next;
    await el.updateComplete;
    await el.surface.ready;
    expect(el.surface.sequence.slice(from).join()).to.match(LOADS);
    el.src = '';
    await el.updateComplete;
    expect(el.surface.sequence.at(-1)).to.equal('idle');
    // (Asserted as a boolean: a failure would otherwise try to print the iframe's window.)
    expect(!el.shadowRoot!.querySelector('iframe'), 'no <iframe> is left').to.equal(true);
  });
});
