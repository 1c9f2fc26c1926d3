import { expect, waitUntil } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import { DYNAMIC_PAYLOAD, STATIC_PAYLOAD, TAMPERED_PAYLOAD, mount, settle, shown, statusEndpoint } from './test-helpers.js';

/** Every state the shopper can see, as the page would set it. */
const STATES = [
  { name: 'pending with amount and countdown', payload: DYNAMIC_PAYLOAD, expiresAt: new Date(Date.now() + 3_600_000).toISOString() },
  { name: 'pending without amount', payload: STATIC_PAYLOAD },
  { name: 'paid', payload: DYNAMIC_PAYLOAD, status: 'paid' },
  { name: 'expired', payload: DYNAMIC_PAYLOAD, status: 'expired' },
  { name: 'error', payload: TAMPERED_PAYLOAD },
] as const;

for (const locale of ['en', 'pt-BR']) {
  for (const theme of ['light', 'dark']) {
    describe(`<pay-pix-qr> axe, ${locale}, ${theme} theme`, () => {
      for (const state of STATES) {
        it(`has no violations: ${state.name}`, async () => {
          const el = await mount({ locale, theme, ...state });
          expect(el.state).to.equal(state.name.startsWith('pending') ? 'pending' : state.name);
          await expect(el).to.be.accessible();
        });
      }

      it('has no violations right after a copy, with the live region speaking', async () => {
        const el = await mount({ locale, theme });
        await el.copy();
        await settle(el);
        expect(el.shadowRoot!.querySelector('[role="status"]')!.textContent).to.not.equal('');
        await expect(el).to.be.accessible();
      });

      it('has no violations with the notice of a failing status address shown and said', async () => {
        const endpoint = await statusEndpoint();
        await endpoint.answer(500);
        const warn = console.warn;
        console.warn = () => {};
        try {
          const el = await mount({ locale, theme, statusUrl: endpoint.url });
          await waitUntil(() => shown(el, 'notice'), 'the notice shows', { timeout: 5000 });
          await settle(el);
          await expect(el).to.be.accessible();
        } finally {
          console.warn = warn;
        }
      });
    });
  }
}

describe('<pay-pix-qr> theme auto', () => {
  afterEach(() => emulateMedia({ colorScheme: 'light' }));

  it('follows prefers-color-scheme, and keeps the QR dark on light in both', async () => {
    const el = await mount({ theme: 'auto' });
    const qr = el.shadowRoot!.querySelector('svg')!;
    const path = qr.querySelector('path')!;
    const colours = () => ({
      text: getComputedStyle(el).color,
      tile: getComputedStyle(qr).backgroundColor,
      modules: getComputedStyle(path).fill,
    });
    const light = colours();
    await emulateMedia({ colorScheme: 'dark' });
    const dark = colours();
    expect(dark.text).to.not.equal(light.text);
    for (const { tile, modules } of [light, dark]) {
      expect(tile).to.equal('rgb(255, 255, 255)');
      expect(modules).to.equal('rgb(0, 0, 0)');
    }
    expect(shown(el, 'qr')).to.equal(true);
    await expect(el).to.be.accessible();
  });
});
