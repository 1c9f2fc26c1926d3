/**
 * The mistakes a new merchant makes with the element, one table of them.
 * Each case is diagnosed the same way: one `tokenize-error` carrying the
 * error a program branches on (its name, and for the frame its `reason`), a
 * console warning with that message (none when the page's own call already
 * rejected), `ready` settled, and no secret key anywhere the page or the
 * service could read it. The server helper's and `tokenize`'s mistakes are in
 * test/misconfiguration.test.ts; docs/troubleshooting.md lists the fixes.
 *
 * The four frame failures run once, together, on real timers (about 10 s) in
 * `before`: isolated mode only, since inline has no frame to fail.
 */
import { expect } from '@open-wc/testing';
import { FrameError, NetworkError, type FrameFailure } from '../shared/errors.js';
import { FRAME_PATH } from '../channel/protocol.js';
import type { PayCardForm } from './pay-card-form.js';
import {
  ACTIVE_KEY,
  MODE,
  captureWarnings,
  closedUrl,
  elsewhereUrl,
  frameLoads,
  isolated,
  openAt,
  refusingUrl,
  sandboxUrl,
  settle,
} from './test-helpers.js';

/** A live secret key, pasted where the public key goes. */
const SECRET = 'sk_live_51SecretDoNotLog';
const UNAVAILABLE = 'Card payment is unavailable right now.';
/** What `#checkConfig` adds to the message in the console. */
const withFix = (message: string) => `${message} Set the public-key and base-url attributes.`;
/** The base URL `source` gives, and the frame's address under it. */
const framedAt = (source: () => Promise<string>) => async () => {
  const baseUrl = await source();
  return { baseUrl, frameUrl: `${baseUrl}/${FRAME_PATH}` };
};

interface Case {
  mistake: string;
  /** Set for the frame's failures: the `FrameError` reason, and the frame's address. */
  frame?: { reason: FrameFailure; url: () => Promise<{ baseUrl: string; frameUrl: string }> };
  /** The element's settings, as a page's script sets them before appending it. */
  settings?: () => Promise<Partial<PayCardForm>>;
  /** The page calls `tokenize()` before appending the element. */
  early?: boolean;
  /** The error's name (its class, or the DOMException name), and how its message starts. */
  name: string;
  message: string | ((settings: { frameUrl: string }) => string);
  /** The console warning, from the error's message; absent when nothing is written to the console. */
  warning?: (message: string) => string;
}

const CASES: Case[] = [
  {
    mistake: 'no public-key',
    settings: async () => ({ baseUrl: await sandboxUrl() }),
    name: 'AuthenticationError',
    message: '<pay-card-form>: the public key is missing or malformed',
    warning: withFix,
  },
  {
    mistake: 'a malformed public-key',
    settings: async () => ({ publicKey: 'pk_test_short', baseUrl: await sandboxUrl() }),
    name: 'AuthenticationError',
    message: '<pay-card-form>: the public key is missing or malformed',
    warning: withFix,
  },
  {
    mistake: 'a secret key in public-key',
    settings: async () => ({ publicKey: SECRET, baseUrl: await sandboxUrl() }),
    name: 'AuthenticationError',
    message: '<pay-card-form>: this is your secret key: remove it from the page and rotate it',
    warning: withFix,
  },
  {
    mistake: 'no base-url',
    settings: async () => ({ publicKey: ACTIVE_KEY }),
    name: 'ConfigurationError',
    message: '<pay-card-form>: baseUrl is missing or not an absolute URL',
    warning: withFix,
  },
  {
    mistake: 'a relative base-url',
    settings: async () => ({ publicKey: ACTIVE_KEY, baseUrl: 'sandbox' }),
    name: 'ConfigurationError',
    message: '<pay-card-form>: baseUrl is missing or not an absolute URL',
    warning: withFix,
  },
  {
    mistake: 'a plain-http base-url to another machine',
    settings: async () => ({ publicKey: ACTIVE_KEY, baseUrl: 'http://payments.example.com' }),
    name: 'ConfigurationError',
    message: '<pay-card-form>: baseUrl must use https:',
    warning: withFix,
  },
  {
    mistake: 'tokenize() before the element is in the page',
    settings: async () => ({ publicKey: ACTIVE_KEY, baseUrl: await sandboxUrl() }),
    early: true,
    name: 'InvalidStateError',
    message: '<pay-card-form>: append the element to the document before tokenize().',
  },
  {
    mistake: 'an installments policy it cannot use',
    settings: async () =>
      ({
        publicKey: ACTIVE_KEY,
        baseUrl: await sandboxUrl(),
        amount: 15990,
        installments: { maxInstallments: 12, interestFree: 3, monthlyRate: '1,99', minInstallment: 500 },
      }) as Partial<PayCardForm>,
    name: 'ConfigurationError',
    message: '<pay-card-form> cannot offer installments: monthlyRate must be the percent per month',
    warning: (message) => message,
  },
  {
    mistake: 'nothing answers at base-url',
    frame: {
      reason: 'unreachable',
      url: framedAt(closedUrl),
    },
    name: 'FrameError',
    message: ({ frameUrl }) =>
      `<pay-card-form> cannot show its secure card form: nothing answers at ${frameUrl}. Check base-url (or frame-url)`,
    warning: (message) => message,
  },
  {
    mistake: 'base-url answers, but it is not the service',
    frame: {
      reason: 'not-the-frame',
      url: framedAt(() => elsewhereUrl('not-the-frame')),
    },
    name: 'FrameError',
    message: ({ frameUrl }) =>
      `<pay-card-form> cannot show its secure card form: ${frameUrl} answers, but not with the card form. Check base-url (or frame-url)`,
    warning: (message) => message,
  },
  {
    mistake: 'the service’s frame-ancestors leaves this page out',
    frame: {
      reason: 'refused',
      url: framedAt(refusingUrl),
    },
    name: 'FrameError',
    message: ({ frameUrl }) =>
      `<pay-card-form> cannot show its secure card form: the sandbox at ${new URL(frameUrl).origin} does not let pages of ${location.origin} frame it. Add ${location.origin} to SANDBOX_FRAME_ANCESTORS`,
    warning: (message) => message,
  },
  {
    mistake: 'the frame answers, but does not finish starting',
    frame: {
      reason: 'not-started',
      // It says hello and takes the channel, then never shows the form.
      url: async () => ({ baseUrl: await sandboxUrl(), frameUrl: new URL('/test/answering-frame.html', location.href).href }),
    },
    name: 'FrameError',
    message: ({ frameUrl }) =>
      `<pay-card-form> cannot show its secure card form: the card form at ${frameUrl} answered, but did not finish starting.`,
    warning: (message) => message,
  },
];

/** What one element went through. */
interface Outcome {
  el: PayCardForm;
  frameUrl: string;
  /** Every `tokenize-error`. */
  heard: Error[];
  /** What the page's own early `tokenize()` rejected with. */
  rejected: unknown;
  /** `ready`'s outcome: `'resolved'`, or what it rejected with. */
  readiness: unknown;
  ms: number;
  warnings: string[];
}

/**
 * Makes the element the case describes, appends it (outside the fixtures: the
 * frame cases live through the whole block), and waits for its first
 * `tokenize-error` and for `ready` to settle. Warnings are recorded by the
 * caller when cases run together.
 */
async function observe(c: Case, warnings: string[]): Promise<Outcome> {
  const el = document.createElement('pay-card-form');
  const urls = c.frame ? await c.frame.url() : null;
  Object.assign(el, { mode: MODE, locale: 'en' }, urls && { publicKey: ACTIVE_KEY, ...urls }, await c.settings?.());
  const heard: Error[] = [];
  const first = new Promise<void>((resolve) =>
    el.addEventListener('tokenize-error', (event) => {
      heard.push(event.detail.error);
      resolve();
    }),
  );
  const rejected = c.early ? await el.tokenize().catch((error: unknown) => error) : null;
  const start = performance.now();
  document.body.append(el);
  const readiness = await el.ready.then(
    () => 'resolved',
    (error: unknown) => error,
  );
  await first;
  const ms = performance.now() - start;
  // A second report, were there one, has its chance to arrive.
  await settle(el);
  return { el, frameUrl: urls?.frameUrl ?? '', heard, rejected, readiness, ms, warnings };
}

/** Everything the page or the frame's address could show: none of it may hold a secret key. */
function visible(outcome: Outcome): string {
  const { el, heard, warnings } = outcome;
  return [
    ...heard.flatMap((error) => [error.message, String(error), JSON.stringify(error), error.stack ?? '']),
    ...warnings,
    el.shadowRoot!.innerHTML,
    ...[...el.shadowRoot!.querySelectorAll('iframe')].map((iframe) => iframe.src),
    ...performance.getEntriesByType('resource').map((entry) => entry.name),
  ].join('\n');
}

/** The one place each case's diagnosis is checked. */
function expectDiagnosed(c: Case, outcome: Outcome): void {
  const { heard, readiness, rejected, warnings, ms, el, frameUrl } = outcome;
  // Compared as messages, so a second report shows what it was.
  expect(
    heard.map((error) => error.message),
    'exactly one tokenize-error',
  ).to.deep.equal([heard[0]?.message]);
  const [error] = heard as [Error];
  expect(error.name).to.equal(c.name);
  const start = typeof c.message === 'string' ? c.message : c.message({ frameUrl });
  expect(error.message.startsWith(start), error.message).to.equal(true);
  const expected = c.warning?.(error.message);
  if (c.frame) {
    // Cases that ran together shared the console: this one's line is there once.
    expect(warnings.filter((warning) => warning === expected)).to.have.length(1);
  } else {
    expect(warnings).to.deep.equal(expected ? [expected] : []);
  }
  expect(readiness, 'ready settled').to.not.equal(undefined);
  if (c.early) {
    expect(rejected).to.equal(error);
    expect(error).to.be.instanceOf(DOMException);
  }
  if (c.frame) {
    expect(error).to.be.instanceOf(FrameError).and.instanceOf(NetworkError);
    expect(error).to.include({ reason: c.frame.reason, url: frameUrl });
    expect(readiness).to.equal(error);
    expect(ms).to.be.below(30_000);
    expect(el.shadowRoot!.querySelector<HTMLElement>('[part="form-error"]')!.textContent).to.equal(UNAVAILABLE);
    // Nothing is left to load, or to answer late: no second failure can follow.
    expect(el.shadowRoot!.querySelectorAll('iframe')).to.have.length(0);
  }
  const seen = visible(outcome);
  expect(seen.includes(SECRET), 'the secret key shows').to.equal(false);
  expect(seen).to.not.match(/sk_(test|live)_/);
}

describe(`misconfiguration: each mistake diagnosed once (${MODE})`, () => {
  const frames = new Map<FrameFailure, Outcome>();

  before(async function () {
    if (!isolated) return;
    // The four at once, on real timers: three attempts with their waits (about 9 s), or 10 s for the form after hello.
    this.timeout(40_000);
    const capture = captureWarnings();
    try {
      await Promise.all(CASES.filter((c) => c.frame).map(async (c) => frames.set(c.frame!.reason, await observe(c, capture.warnings))));
    } finally {
      capture.restore();
    }
  });

  after(() => {
    for (const { el } of frames.values()) el.remove();
  });

  for (const c of CASES) {
    if (c.frame && !isolated) continue;
    it(`${c.mistake}: ${c.frame ? `FrameError ${c.frame.reason}` : c.name}, once; ready settles; no secret shows`, async () => {
      if (c.frame) {
        expectDiagnosed(c, frames.get(c.frame.reason)!);
        return;
      }
      const capture = captureWarnings();
      let outcome: Outcome | undefined;
      try {
        outcome = await observe(c, capture.warnings);
      } finally {
        capture.restore();
        outcome?.el.remove();
      }
      expectDiagnosed(c, outcome);
    });
  }

  describe('a frame that cannot show the form, afterwards', () => {
    if (!isolated) return;

    it('a frame that loads and says nothing is tried three times in all', async () => {
      expect(await frameLoads('not-the-frame')).to.equal(3);
    });

    it('tokenize() afterwards rejects with the same error, and fires one more event: the page asked', async () => {
      const { el, heard } = frames.get('refused')!;
      const error = await el.tokenize().then(
        () => null,
        (e: Error) => e,
      );
      expect(error).to.equal(heard[0]);
      expect(heard).to.have.length(2);
    });

    it('retry() starts again: the service that came back shows the form; one still wrong fails once more, and says so again', async function () {
      this.timeout(20_000);
      const back = frames.get('unreachable')!;
      const still = frames.get('not-the-frame')!;
      await openAt(back.frameUrl);
      const capture = captureWarnings();
      try {
        back.el.retry();
        still.el.retry();
        const [shown, failed] = await Promise.all([
          back.el.ready.then(() => 'shown'),
          still.el.ready.then(
            () => null,
            (e: unknown) => e,
          ),
        ]);
        expect(shown).to.equal('shown');
        expect(back.heard).to.have.length(1);
        expect(back.el.shadowRoot!.querySelector<HTMLElement>('[part="form-error"]')!.hidden).to.equal(true);
        expect(still.heard).to.have.length(2);
        expect(failed).to.equal(still.heard[1]);
        expect(failed).to.include({ reason: 'not-the-frame' });
        expect(await frameLoads('not-the-frame')).to.equal(6);
        expect(capture.warnings).to.deep.equal([(failed as Error).message]);
      } finally {
        capture.restore();
      }
      // retry() once the form is shown does nothing: the frame, and what the shopper typed, stay.
      const iframe = back.el.shadowRoot!.querySelector('iframe');
      back.el.retry();
      await settle(back.el);
      expect(back.el.shadowRoot!.querySelector('iframe')).to.equal(iframe);
    });
  });
});
