import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { BrCodeError } from '../pix/br-code.js';
import { PayCardError } from '../core.js';
import { PixExpiredEvent, PixPayloadErrorEvent } from './events.js';
import type { PayPixQr } from './pay-pix-qr.js';
import { DYNAMIC_PAYLOAD, STATIC_PAYLOAD, TAMPERED_PAYLOAD, listen, mount, part, settle, shown } from './test-helpers.js';

/** What a sighted shopper reads in a part, with the spaces layout puts between its blocks. */
const text = (el: PayPixQr, name: string) => part(el, name).innerText.replace(/\s+/g, ' ').trim();

describe('<pay-pix-qr> pending', () => {
  it('shows the QR as an SVG with a quiet zone, the code, the amount, the payee and the steps', async () => {
    const el = await mount();
    expect(el.state).to.equal('pending');
    const svg = part<SVGSVGElement>(el, 'qr');
    expect(svg.namespaceURI).to.equal('http://www.w3.org/2000/svg');
    expect(svg.getAttribute('role')).to.equal('img');
    expect(svg.getAttribute('aria-label')).to.equal('Pix QR code');
    const [, , w, h] = svg.getAttribute('viewBox')!.split(' ').map(Number);
    expect(w).to.equal(h);
    // The first dark module sits inside the four-module quiet zone.
    expect(svg.querySelector('path')!.getAttribute('d')).to.match(/^M4 4h/);
    expect(part<HTMLTextAreaElement>(el, 'code-text').value).to.equal(DYNAMIC_PAYLOAD);
    expect(part<HTMLTextAreaElement>(el, 'code-text').readOnly).to.equal(true);
    expect(text(el, 'amount')).to.equal('Amount R$1,234.56');
    expect(text(el, 'payee')).to.equal('Pay to LOJA EXEMPLO LTDA · SAO PAULO');
    expect(part(el, 'instructions').querySelectorAll('li')).to.have.length(3);
    expect(shown(el, 'message')).to.equal(false);
    expect(shown(el, 'countdown')).to.equal(false, 'no countdown without expires-at');
  });

  it('leaves the amount out when the code has none', async () => {
    const el = await mount({ payload: STATIC_PAYLOAD });
    expect(shown(el, 'amount')).to.equal(false);
    expect(text(el, 'payee')).to.equal('Pay to PADARIA · BELO HORIZONTE');
  });

  it('speaks Portuguese from locale or from the page lang', async () => {
    const el = await mount({ locale: 'pt-BR' });
    expect(text(el, 'amount').replace(/\s/g, ' ')).to.equal('Valor R$ 1.234,56');
    expect(text(el, 'copy-button')).to.equal('Copiar código');
    const wrapper = await fixture(html`<div lang="pt-BR"><pay-pix-qr payload=${DYNAMIC_PAYLOAD}></pay-pix-qr></div>`);
    const inherited = wrapper.querySelector('pay-pix-qr')!;
    await inherited.updateComplete;
    expect(text(inherited, 'code-label')).to.equal('Código Pix Copia e Cola');
  });
});

describe('<pay-pix-qr> bad payloads', () => {
  it('shows an error, never a QR, for a tampered payload, and fires a typed payload-error', async () => {
    const el = document.createElement('pay-pix-qr');
    el.setAttribute('locale', 'en');
    const event = oneEvent(el, 'payload-error');
    el.payload = TAMPERED_PAYLOAD;
    document.body.append(el);
    const fired = await event;
    expect(fired).to.be.instanceOf(PixPayloadErrorEvent);
    expect(fired.detail.error).to.be.instanceOf(BrCodeError);
    expect(fired.detail.error).to.be.instanceOf(PayCardError);
    expect(fired.detail.error.reason).to.equal('crc_mismatch');
    await el.updateComplete;
    expect(el.state).to.equal('error');
    expect(el.code).to.equal(null);
    for (const name of ['qr', 'code', 'summary', 'instructions', 'countdown']) expect(shown(el, name), name).to.equal(false);
    expect(part(el, 'qr').querySelector('path')!.getAttribute('d') ?? '').to.equal('', 'nothing was ever drawn');
    expect(part<HTMLTextAreaElement>(el, 'code-text').value).to.equal('');
    expect(text(el, 'message')).to.equal('This Pix code cannot be used. Ask the store for a new one.');
    el.remove();
  });

  it('recovers when a good payload replaces a bad one, and says what is wrong with each bad one', async () => {
    const el = await mount({ payload: 'not a pix code' });
    expect(el.state).to.equal('error');
    el.payload = DYNAMIC_PAYLOAD;
    await el.updateComplete;
    expect(el.state).to.equal('pending');
    expect(shown(el, 'qr')).to.equal(true);
    const reasons: string[] = [];
    el.addEventListener('payload-error', (event) => reasons.push(event.detail.error.reason));
    for (const payload of [TAMPERED_PAYLOAD, 'hello', DYNAMIC_PAYLOAD.replace('br.gov.bcb.pix', 'com.example.pay')]) {
      el.payload = payload;
      await el.updateComplete;
    }
    expect(reasons).to.deep.equal(['crc_mismatch', 'malformed', 'crc_mismatch']);
  });

  it('announces the error state', async () => {
    const el = await mount({ payload: '' });
    expect(el.state).to.equal('empty');
    const said = listen(el);
    el.payload = TAMPERED_PAYLOAD;
    await settle(el);
    expect(said).to.deep.equal(['This Pix code cannot be used. Ask the store for a new one.']);
  });
});

describe('<pay-pix-qr> status', () => {
  it('turns to a clear, announced paid state when the merchant sets status', async () => {
    const el = await mount();
    const said = listen(el);
    el.status = 'paid';
    await settle(el);
    expect(el.getAttribute('status')).to.equal('paid');
    expect(el.state).to.equal('paid');
    expect(text(el, 'message')).to.equal('Payment received. Thank you!');
    for (const name of ['qr', 'code', 'instructions', 'countdown']) expect(shown(el, name), name).to.equal(false);
    expect(shown(el, 'summary')).to.equal(true, 'the amount paid stays in view');
    expect(said).to.deep.equal(['Payment received. Thank you!']);
  });

  it('shows the expired state from the status attribute, announced, without the QR', async () => {
    const el = await mount({ locale: 'pt-BR' });
    const said = listen(el);
    el.setAttribute('status', 'expired');
    await settle(el);
    expect(el.state).to.equal('expired');
    expect(shown(el, 'qr')).to.equal(false);
    expect(said).to.deep.equal(['Este código Pix expirou. Peça um novo à loja.']);
  });

  it('does not announce a status it was rendered with', async () => {
    const el = await mount({ status: 'paid' });
    const said = listen(el);
    await settle(el);
    expect(el.state).to.equal('paid');
    expect(said).to.deep.equal([]);
  });
});

describe('<pay-pix-qr> countdown', () => {
  it('expires on its own at expires-at (ISO), fires expired, and announces it', async () => {
    const el = await mount({ expiresAt: new Date(Date.now() + 1600).toISOString() });
    const said = listen(el);
    expect(text(el, 'countdown')).to.match(/^Expires in 0:0[12]$/);
    expect(part(el, 'countdown').getAttribute('role')).to.equal('timer');
    const event = await oneEvent(el, 'expired');
    expect(event).to.be.instanceOf(PixExpiredEvent);
    expect(el.state).to.equal('expired');
    expect(el.getAttribute('status')).to.equal('expired');
    expect(shown(el, 'qr')).to.equal(false);
    await settle(el);
    expect(said).to.deep.equal(['This Pix code has expired. Ask the store for a new one.']);
  });

  /** How long a step may wait for the element's next tick, due about a second after the last. */
  const TICK_WAIT = 3000;

  it('announces at 5 minutes, 1 minute and 30 seconds only, on the clock it is given', async function () {
    // Eight real ticks of about a second each: a busy machine may stretch them.
    this.timeout(30_000);
    const expiresAt = Date.UTC(2030, 0, 1, 12);
    let now = expiresAt - 302_000;
    const el = await fixture<PayPixQr>(
      html`<pay-pix-qr locale="en" payload=${DYNAMIC_PAYLOAD} .now=${() => now} expires-at=${String(expiresAt)}></pay-pix-qr>`,
    );
    await el.updateComplete;
    const said = listen(el);
    expect(text(el, 'countdown')).to.equal('Expires in 5:02');
    // Seconds tick by without a word until a threshold.
    now += 1000;
    await waitUntil(() => text(el, 'countdown') === 'Expires in 5:01', 'the countdown ticks', { timeout: TICK_WAIT });
    now += 1000;
    await waitUntil(() => said.length === 1, 'announced at 5:00', { timeout: TICK_WAIT });
    expect(text(el, 'countdown')).to.equal('Expires in 5:00');
    now = expiresAt - 90_000;
    await waitUntil(() => text(el, 'countdown') === 'Expires in 1:30', 'ticks', { timeout: TICK_WAIT });
    now = expiresAt - 45_000;
    await waitUntil(() => said.length === 2, 'announced at 1:00', { timeout: TICK_WAIT });
    now = expiresAt - 10_000;
    await waitUntil(() => said.length === 3, 'announced at 0:30', { timeout: TICK_WAIT });
    now = expiresAt - 9_000;
    await waitUntil(() => text(el, 'countdown') === 'Expires in 0:09', 'ticks', { timeout: TICK_WAIT });
    expect(said).to.deep.equal(['5 minutes left to pay.', '1 minute left to pay.', '30 seconds left to pay.']);
    const expired = oneEvent(el, 'expired');
    now = expiresAt;
    await expired;
    await settle(el);
    expect(said.at(-1)).to.equal('This Pix code has expired. Ask the store for a new one.');
  });

  it('shows a code already past expires-at as expired, and a paid code stays paid at expiry', async () => {
    const past = await mount({ expiresAt: String(Date.now() - 1000) });
    expect(past.state).to.equal('expired');
    expect(shown(past, 'qr')).to.equal(false);
    const paid = await mount({ expiresAt: new Date(Date.now() + 1100).toISOString(), status: 'paid' });
    let fired = false;
    paid.addEventListener('expired', () => (fired = true));
    await new Promise((resolve) => setTimeout(resolve, 1600));
    expect(paid.state).to.equal('paid');
    expect(fired).to.equal(false);
  });

  it('ignores an unreadable expires-at rather than expiring the code', async () => {
    const el = await mount({ expiresAt: 'tomorrow' });
    expect(el.state).to.equal('pending');
    expect(shown(el, 'countdown')).to.equal(false);
  });
});

describe('<pay-pix-qr> copy', () => {
  /** Pastes the clipboard with real keys into a field of the page, and returns what arrived. */
  async function paste(): Promise<string> {
    const target = document.createElement('textarea');
    target.setAttribute('aria-label', 'paste here');
    document.body.append(target);
    target.focus();
    await sendKeys({ press: 'ControlOrMeta+V' });
    const value = target.value;
    target.remove();
    return value;
  }

  it('copies with the keyboard alone through the Clipboard API, and says so', async () => {
    const el = await mount();
    const said = listen(el);
    const before = document.createElement('button');
    before.textContent = 'Back';
    el.before(before);
    before.focus();
    const order: string[] = [];
    for (let i = 0; i < 2; i++) {
      await sendKeys({ press: 'Tab' });
      order.push(el.shadowRoot!.activeElement?.getAttribute('part') ?? 'outside');
    }
    expect(order).to.deep.equal(['code-text', 'copy-button']);
    const copied = oneEvent(el, 'copied');
    await sendKeys({ press: 'Enter' });
    expect((await copied).detail.method).to.equal('clipboard');
    await settle(el);
    expect(said).to.deep.equal(['Code copied. Paste it in your bank app.']);
    expect(text(el, 'copy-button')).to.equal('Copied');
    before.remove();
    expect(await paste()).to.equal(DYNAMIC_PAYLOAD);
  });

  it('falls back to the copy command when the browser refuses the Clipboard API', async () => {
    const el = await mount({ payload: STATIC_PAYLOAD });
    const original = navigator.clipboard.writeText;
    // What a page without clipboard permission gets from the browser.
    navigator.clipboard.writeText = () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'));
    try {
      part(el, 'copy-button').focus();
      const copied = oneEvent(el, 'copied');
      await sendKeys({ press: 'Space' });
      expect((await copied).detail.method).to.equal('command');
    } finally {
      navigator.clipboard.writeText = original;
    }
    expect(await paste()).to.equal(STATIC_PAYLOAD);
  });
});
