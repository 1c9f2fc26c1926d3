import { expect, oneEvent, waitUntil } from '@open-wc/testing';
import { FAST_POLL_MS } from '../pix/poll-schedule.js';
import { PixExpiredEvent, PixPaidEvent } from './events.js';
import { DYNAMIC_PAYLOAD, listen, mount, part, restoreVisibility, settle, setVisibility, shown, statusEndpoint } from './test-helpers.js';

type Endpoint = Awaited<ReturnType<typeof statusEndpoint>>;

/** Waits until the address got `n` requests in all. */
const requestsReach = (endpoint: Endpoint, n: number) =>
  waitUntil(async () => (await endpoint.requests()).length >= n, `${n} requests`, { timeout: 4 * FAST_POLL_MS * n });

/**
 * Proves that `endpoint` gets no more requests: a second element polling an
 * address of its own serves as the clock, and two of its polls (at least two
 * intervals) pass with no request to `endpoint`. Waits on requests, not on a
 * fixed time.
 */
async function noMoreRequests(endpoint: Endpoint): Promise<void> {
  const before = (await endpoint.requests()).length;
  const witness = await statusEndpoint();
  const el = await mount({ statusUrl: witness.url });
  await requestsReach(witness, 3);
  el.remove();
  expect(await endpoint.requests()).to.have.length(before);
}

describe('<pay-pix-qr status-url>', function () {
  // Real polls, two seconds apart.
  this.timeout(30_000);
  afterEach(restoreVisibility);

  it('turns to paid on its own, fires paid once, says so, and stops polling', async () => {
    const endpoint = await statusEndpoint();
    const el = await mount({ statusUrl: endpoint.url });
    const said = listen(el);
    let fired = 0;
    el.addEventListener('paid', () => fired++);
    await requestsReach(endpoint, 1);
    expect(el.state).to.equal('pending');
    await endpoint.answer('paid');
    const paid = await oneEvent(el, 'paid');
    expect(paid).to.be.instanceOf(PixPaidEvent);
    expect(paid.bubbles && paid.composed).to.equal(true);
    expect(el.state).to.equal('paid');
    expect(el.getAttribute('status')).to.equal('paid');
    await settle(el);
    expect(said).to.deep.equal(['Payment received. Thank you!']);
    for (const name of ['qr', 'code', 'countdown', 'notice']) expect(shown(el, name), name).to.equal(false);
    await noMoreRequests(endpoint);
    expect(fired).to.equal(1);
  });

  it('turns to expired when the address says so, and fires expired', async () => {
    const endpoint = await statusEndpoint();
    await endpoint.answer('expired');
    const el = document.createElement('pay-pix-qr');
    el.locale = 'pt-BR';
    el.payload = DYNAMIC_PAYLOAD;
    el.statusUrl = endpoint.url;
    const expired = oneEvent(el, 'expired');
    document.body.append(el);
    expect(await expired).to.be.instanceOf(PixExpiredEvent);
    expect(el.state).to.equal('expired');
    expect(shown(el, 'qr')).to.equal(false);
    expect(part(el, 'message').textContent).to.equal('Este código Pix expirou. Peça um novo à loja.');
    el.remove();
  });

  it('shows a failing address calmly, says it once, keeps polling and never expires the code', async () => {
    const endpoint = await statusEndpoint();
    await endpoint.answer(500);
    const warn = console.warn;
    console.warn = () => {};
    try {
      const el = await mount({ statusUrl: endpoint.url });
      const said = listen(el);
      let expired = false;
      el.addEventListener('expired', () => (expired = true));
      await waitUntil(() => shown(el, 'notice'), 'the notice shows', { timeout: 2 * FAST_POLL_MS });
      expect(part(el, 'notice').textContent).to.equal('Still checking for your payment. If you have paid, do not pay again.');
      await requestsReach(endpoint, 3);
      await settle(el);
      expect(said).to.deep.equal(['Still checking for your payment. If you have paid, do not pay again.']);
      expect(el.state).to.equal('pending');
      for (const name of ['qr', 'code', 'instructions']) expect(shown(el, name), name).to.equal(true);
      // The address answers again: the notice goes, and the payment is seen.
      await endpoint.answer('pending');
      await waitUntil(() => !shown(el, 'notice'), 'the notice goes', { timeout: 2 * FAST_POLL_MS + 2000 });
      await endpoint.answer('paid');
      await oneEvent(el, 'paid');
      expect(expired).to.equal(false);
      el.remove();
    } finally {
      console.warn = warn;
    }
  });

  it('says the notice in Portuguese', async () => {
    const endpoint = await statusEndpoint();
    await endpoint.answer(503);
    const warn = console.warn;
    console.warn = () => {};
    try {
      const el = await mount({ statusUrl: endpoint.url, locale: 'pt-BR' });
      await waitUntil(() => shown(el, 'notice'), 'the notice shows', { timeout: 2 * FAST_POLL_MS });
      expect(part(el, 'notice').textContent).to.equal('Ainda verificando seu pagamento. Se você já pagou, não pague de novo.');
      el.remove();
    } finally {
      console.warn = warn;
    }
  });

  it('stops polling when it leaves the page, and asks at once when it is back', async () => {
    const endpoint = await statusEndpoint();
    const el = await mount({ statusUrl: endpoint.url });
    await requestsReach(endpoint, 1);
    const parent = el.parentElement!;
    el.remove();
    await noMoreRequests(endpoint);
    const before = (await endpoint.requests()).length;
    parent.append(el);
    await requestsReach(endpoint, before + 1);
    el.remove();
  });

  it('asks at once when the page becomes visible again, the shopper back from the bank app', async () => {
    const endpoint = await statusEndpoint();
    // A failed first poll shows the notice: the element has its answer and waits 2 s for the next poll.
    await endpoint.answer(500);
    const warn = console.warn;
    console.warn = () => {};
    try {
      const el = await mount({ statusUrl: endpoint.url });
      await waitUntil(() => shown(el, 'notice'), 'the first poll is answered', { timeout: 2 * FAST_POLL_MS });
      await endpoint.answer('paid');
      setVisibility('hidden');
      setVisibility('visible');
      await oneEvent(el, 'paid');
      const [first, second] = await endpoint.requests();
      expect(second!.at - first!.at).to.be.below(FAST_POLL_MS, 'before the scheduled poll was due');
      el.remove();
    } finally {
      console.warn = warn;
    }
  });

  it('stops polling when the page sets the status itself, or removes status-url; no paid event of its own', async () => {
    const endpoint = await statusEndpoint();
    const el = await mount({ statusUrl: endpoint.url });
    let fired = false;
    el.addEventListener('paid', () => (fired = true));
    await requestsReach(endpoint, 1);
    el.status = 'paid';
    await el.updateComplete;
    await noMoreRequests(endpoint);
    const other = await statusEndpoint();
    const el2 = await mount({ statusUrl: other.url });
    await requestsReach(other, 1);
    el2.statusUrl = '';
    await el2.updateComplete;
    await noMoreRequests(other);
    expect(fired).to.equal(false);
    el.remove();
    el2.remove();
  });

  it('asks on after its own countdown ends: a payment made in the last seconds turns it to paid', async () => {
    const endpoint = await statusEndpoint();
    const el = await mount({ statusUrl: endpoint.url, expiresAt: new Date(Date.now() + 1500).toISOString() });
    await oneEvent(el, 'expired');
    expect(el.state).to.equal('expired');
    expect(shown(el, 'qr')).to.equal(false, 'nobody pays a code past its time');
    const before = (await endpoint.requests()).length;
    await requestsReach(endpoint, before + 1);
    await endpoint.answer('paid');
    await oneEvent(el, 'paid');
    expect(el.state).to.equal('paid');
    await noMoreRequests(endpoint);
  });

  it('stops after its own countdown ends once the address says expired too, with no second expired event', async () => {
    const endpoint = await statusEndpoint();
    const el = await mount({ statusUrl: endpoint.url, expiresAt: new Date(Date.now() + 1500).toISOString() });
    let expired = 0;
    el.addEventListener('expired', () => expired++);
    await waitUntil(() => el.state === 'expired', 'the countdown ends', { timeout: 5000 });
    await endpoint.answer('expired');
    const before = (await endpoint.requests()).length;
    await requestsReach(endpoint, before + 1);
    await noMoreRequests(endpoint);
    expect(expired).to.equal(1);
    expect(el.state).to.equal('expired');
  });

  it('polls nothing for a code it cannot show', async () => {
    const endpoint = await statusEndpoint();
    const el = await mount({ statusUrl: endpoint.url, payload: 'not a pix code' });
    expect(el.state).to.equal('error');
    await noMoreRequests(endpoint);
    expect(await endpoint.requests()).to.have.length(0);
    el.remove();
  });
});
