/** Shared by `<pay-pix-qr>`'s browser tests: payloads, mounting, and listening to the live region. */
import { expect, fixture, html, nextFrame } from '@open-wc/testing';
import '../pix.js';
import { encodeBrCode } from '../pix/br-code.js';
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
  options: { payload?: string; locale?: string; theme?: string; expiresAt?: string; status?: string } = {},
): Promise<PayPixQr> {
  const el = await fixture<PayPixQr>(
    html`<pay-pix-qr
      payload=${options.payload ?? DYNAMIC_PAYLOAD}
      locale=${options.locale ?? 'en'}
      theme=${options.theme ?? 'light'}
      expires-at=${options.expiresAt ?? ''}
      status=${options.status ?? 'pending'}
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
