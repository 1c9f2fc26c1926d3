/** Shared by `<pay-pix-qr>`'s browser tests: payloads, mounting, and listening to the live region. */
import { ReactiveElement } from '@lit/reactive-element';
import { expect, fixture, html, nextFrame } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import '../pix.js';
import { encodeBrCode } from '../pix/br-code.js';
import type { PixStatus } from '../pix/pix-status.js';
import type { Clock } from './clock.js';
import type { PayPixQr } from './pay-pix-qr.js';

/** A dynamic charge as the service generates it (§4.5): location, amount, txid. */
export const DYNAMIC_PAYLOAD = encodeBrCode({
  pointOfInitiation: '12',
  location: 'qr.sandbox.example/v2/cobv/9d36b84fc70b478fb95c12729b90ca25',
  amount: '1234.56',
  merchantName: 'LOJA EXEMPLO LTDA',
  merchantCity: 'SAO PAULO',
  txid: 'PEDIDO42',
});

/** A static code with no amount: the payer types it. */
export const STATIC_PAYLOAD = encodeBrCode({
  pointOfInitiation: '11',
  key: 'contato@padaria.example',
  merchantName: 'PADARIA',
  merchantCity: 'BELO HORIZONTE',
});

/** The dynamic payload with its amount changed after the CRC was computed. */
export const TAMPERED_PAYLOAD = DYNAMIC_PAYLOAD.replace('1234.56', '1.00'.padStart(7, '0'));

export async function mount(
  options: { payload?: string; locale?: string; theme?: string; expiresAt?: string; status?: string; statusUrl?: string } = {},
): Promise<PayPixQr> {
  const el = await fixture<PayPixQr>(
    html`<pay-pix-qr
      payload=${options.payload ?? DYNAMIC_PAYLOAD}
      locale=${options.locale ?? 'en'}
      theme=${options.theme ?? 'light'}
      expires-at=${options.expiresAt ?? ''}
      status=${options.status ?? 'pending'}
      status-url=${options.statusUrl ?? ''}
    ></pay-pix-qr>`,
  );
  await el.updateComplete;
  return el;
}

export const part = <T extends Element = HTMLElement>(el: PayPixQr, name: string) =>
  el.shadowRoot!.querySelector<T & Element>(`[part~="${name}"]`)!;
export const shown = (el: PayPixQr, name: string) => !part(el, name).hasAttribute('hidden');
export const region = (el: PayPixQr) => el.shadowRoot!.querySelector('[role="status"]')!;

/** Every non-empty text the polite live region takes, in order. */
export function listen(el: PayPixQr): string[] {
  const live = region(el);
  expect(live.getAttribute('aria-live')).to.equal('polite');
  const said: string[] = [];
  new MutationObserver(() => {
    const text = live.textContent!.trim();
    if (text) said.push(text);
  }).observe(live, { childList: true, subtree: true, characterData: true });
  return said;
}

/** Lets an announcement finish: it clears the region, renders, then writes the sentence and renders again. */
export async function settle(el: PayPixQr): Promise<void> {
  await el.updateComplete;
  await el.updateComplete;
  await nextFrame();
}

/** A request a status address got (web-test-runner.config.mjs, `pixStatus`). */
export interface StatusRequest {
  /** When it arrived, server time in Unix ms. */
  at: number;
  accept: string | undefined;
  /** The client closed it before the answer. */
  aborted: boolean;
}

/** What a status address answers: a status, an HTTP error status, or `hold` (no answer until the next change). */
export type StatusAnswer = PixStatus | number | 'hold';

/** A status address of its own on loopback, answering `pending` until told otherwise. */
export async function statusEndpoint(): Promise<{
  url: string;
  /** Answers `answer` from now on (held requests get it too). */
  answer(answer: StatusAnswer): Promise<void>;
  /** Every request so far, in order. */
  requests(): Promise<StatusRequest[]>;
}> {
  const url = await executeServerCommand<string, undefined>('pix-status');
  const requests = () => executeServerCommand<StatusRequest[], { url: string }>('pix-status', { url });
  return {
    url,
    answer: async (answer) => void (await executeServerCommand('pix-status', { url, answer })),
    requests,
  };
}

/**
 * A clock that moves only when told: `advance(ms)` runs, in order, each
 * timer that falls due. Controllers take it in place of the browser's, so a
 * test steps through a minute of polling at once and sees every timer set.
 */
export function manualClock(): Clock & {
  /** The delays left on the timers set and neither run nor cleared, soonest first. */
  pending(): number[];
  advance(ms: number): void;
} {
  let now = 0;
  let last = 0;
  const timers = new Map<number, { at: number; run: () => void }>();
  const due = (end: number) => [...timers].filter(([, t]) => t.at <= end).sort(([, a], [, b]) => a.at - b.at)[0];
  return {
    now: () => now,
    setTimeout(run, ms) {
      timers.set(++last, { at: now + ms, run });
      return last;
    },
    clearTimeout(id) {
      if (id !== undefined) timers.delete(id);
    },
    pending: () => [...timers.values()].map((t) => t.at - now).sort((a, b) => a - b),
    advance(ms) {
      const end = now + ms;
      for (let next = due(end); next; next = due(end)) {
        timers.delete(next[0]);
        now = next[1].at;
        next[1].run();
      }
      now = end;
    },
  };
}

/** An element that only hosts controllers, and counts the updates they ask for. */
export class ControllerHost extends ReactiveElement {
  updates = 0;

  protected override update(changed: Map<PropertyKey, unknown>): void {
    super.update(changed);
    this.updates++;
  }
}
customElements.define('test-controller-host', ControllerHost);

/** A new controller host in the page. */
export async function hostInPage(): Promise<ControllerHost> {
  const host = document.createElement('test-controller-host') as ControllerHost;
  document.body.append(host);
  await host.updateComplete;
  return host;
}

/** Makes `document.visibilityState` read `state` and fires `visibilitychange`, as a tab switch does. */
export function setVisibility(state: DocumentVisibilityState): void {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

/** Puts back the browser's own `document.visibilityState`. */
export function restoreVisibility(): void {
  delete (document as { visibilityState?: DocumentVisibilityState }).visibilityState;
}
