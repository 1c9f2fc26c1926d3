import { expect, nextFrame, waitUntil } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import type { PixStatus } from '../pix/pix-status.js';
import { FAST_POLL_FOR_MS, FAST_POLL_MS, POLL_TIMEOUT_MS, SLOW_POLL_MS } from '../pix/poll-schedule.js';
import { StatusPoll } from './status-poll.js';
import { hostInPage, manualClock, restoreVisibility, setVisibility, statusEndpoint, type ControllerHost } from './test-helpers.js';

/**
 * The poll against a real status address on loopback, on a clock the test
 * moves: every request is real HTTP, every wait between them is the test's.
 */
describe('StatusPoll', () => {
  let host: ControllerHost;
  let clock: ReturnType<typeof manualClock>;
  let endpoint: Awaited<ReturnType<typeof statusEndpoint>>;
  /** What the poll told after each poll. */
  let heard: (PixStatus | null)[];
  let warnings: unknown[][];
  const warn = console.warn;
  /** The `visibilitychange` listeners on the document now, as added and removed through it. */
  let listening: Set<unknown>;
  const { addEventListener: add, removeEventListener: remove } = document;

  beforeEach(async () => {
    host = await hostInPage();
    clock = manualClock();
    endpoint = await statusEndpoint();
    heard = [];
    warnings = [];
    console.warn = (...args: unknown[]) => void warnings.push(args);
    listening = new Set();
    document.addEventListener = function (this: Document, ...args: Parameters<Document['addEventListener']>) {
      if (args[0] === 'visibilitychange') listening.add(args[1]);
      add.apply(this, args);
    } as Document['addEventListener'];
    document.removeEventListener = function (this: Document, ...args: Parameters<Document['removeEventListener']>) {
      if (args[0] === 'visibilitychange') listening.delete(args[1]);
      remove.apply(this, args);
    } as Document['removeEventListener'];
  });
  afterEach(() => {
    document.addEventListener = add;
    document.removeEventListener = remove;
    console.warn = warn;
    restoreVisibility();
    host.remove();
  });

  const start = () => new StatusPoll(host, endpoint.url, (status) => heard.push(status), clock);
  /** Waits for the poll's answer number `n`: its request went out and came back. */
  const answered = (n: number) => waitUntil(() => heard.length === n, `answer ${n} heard (${heard.length} so far)`, { timeout: 5000 });

  it('asks at once with GET and Accept: application/json, then every 2 s for a minute, then every 10 s', async () => {
    const poll = start();
    expect(poll.state).to.equal('asking');
    expect([...listening]).to.deep.equal([poll]);
    await answered(1);
    expect(heard).to.deep.equal(['pending']);
    expect(poll.state).to.equal('waiting');
    expect(clock.pending()).to.deep.equal([FAST_POLL_MS]);
    const [first] = await endpoint.requests();
    expect(first!.accept).to.equal('application/json');
    // Each poll is scheduled when the previous one ends, from the time since the first began.
    for (let n = 2; clock.now() < FAST_POLL_FOR_MS; n++) {
      clock.advance(FAST_POLL_MS);
      expect(poll.state).to.equal('asking');
      await answered(n);
    }
    expect(clock.pending()).to.deep.equal([SLOW_POLL_MS]);
    expect(heard).to.have.length(1 + FAST_POLL_FOR_MS / FAST_POLL_MS);
    expect(await endpoint.requests()).to.have.length(heard.length);
  });

  it('stops for good on paid: told once, no timer, no listener, no request', async () => {
    const poll = start();
    await answered(1);
    await endpoint.answer('paid');
    clock.advance(FAST_POLL_MS);
    await answered(2);
    expect(heard).to.deep.equal(['pending', 'paid']);
    expect(poll.state).to.equal('done');
    expect(clock.pending()).to.deep.equal([]);
    expect(listening.size).to.equal(0);
    setVisibility('visible');
    expect(poll.state).to.equal('done', 'coming back to the page asks nothing');
    host.remove();
    document.body.append(host);
    expect(poll.state).to.equal('done', 'a move asks nothing');
    expect(await endpoint.requests()).to.have.length(2);
  });

  it('stops for good on expired', async () => {
    await endpoint.answer('expired');
    const poll = start();
    await answered(1);
    expect(heard).to.deep.equal(['expired']);
    expect(poll.state).to.equal('done');
    expect(clock.pending()).to.deep.equal([]);
  });

  it('tells a failing poll as null and keeps polling; warns once of an answer the backend got wrong', async () => {
    await endpoint.answer(500);
    const poll = start();
    await answered(1);
    clock.advance(FAST_POLL_MS);
    await answered(2);
    expect(heard).to.deep.equal([null, null]);
    expect(poll.state).to.equal('waiting');
    expect(clock.pending()).to.deep.equal([FAST_POLL_MS]);
    expect(warnings).to.have.length(1);
    expect(String(warnings[0]![0])).to.equal(
      '<pay-pix-qr>: status-url gave HTTP 500; polling goes on. It must answer GET with JSON {"status": "pending" | "paid" | "expired"}.',
    );
    await endpoint.answer('pending');
    clock.advance(FAST_POLL_MS);
    await answered(3);
    await endpoint.answer('paid');
    clock.advance(FAST_POLL_MS);
    await answered(4);
    expect(heard).to.deep.equal([null, null, 'pending', 'paid']);
  });

  it('tells an unreachable address as null without a warning: the network is the shopper’s', async () => {
    const closed = await executeServerCommand<string, undefined>('closed-url');
    const poll = new StatusPoll(host, `${closed}/status`, (status) => heard.push(status), clock);
    await answered(1);
    expect(heard).to.deep.equal([null]);
    expect(poll.state).to.equal('waiting');
    expect(warnings).to.deep.equal([]);
  });

  it('gives up a request with no answer at its deadline and asks again on schedule', async () => {
    await endpoint.answer('hold');
    const poll = start();
    await waitUntil(async () => (await endpoint.requests()).length === 1, 'the request arrives', { timeout: 5000 });
    expect(clock.pending()).to.deep.equal([POLL_TIMEOUT_MS]);
    clock.advance(POLL_TIMEOUT_MS);
    await answered(1);
    expect(heard).to.deep.equal([null]);
    await waitUntil(async () => (await endpoint.requests())[0]!.aborted, 'the request is aborted', { timeout: 5000 });
    await endpoint.answer('pending');
    expect(poll.state).to.equal('waiting');
    clock.advance(FAST_POLL_MS);
    await answered(2);
    expect(heard).to.deep.equal([null, 'pending']);
  });

  it('asks at once when the page becomes visible again, and not when it is hidden', async () => {
    const poll = start();
    await answered(1);
    setVisibility('hidden');
    expect(poll.state).to.equal('waiting');
    setVisibility('visible');
    expect(poll.state).to.equal('asking', 'without the clock moving');
    await answered(2);
    expect(await endpoint.requests()).to.have.length(2);
    // The schedule starts over from this poll: one timer, not two.
    expect(clock.pending()).to.deep.equal([FAST_POLL_MS]);
  });

  it('stops when the element leaves the page: the request out is aborted and dropped, the timer and listener gone', async () => {
    await endpoint.answer('hold');
    const poll = start();
    await waitUntil(async () => (await endpoint.requests()).length === 1, 'the request arrives', { timeout: 5000 });
    host.remove();
    expect(poll.state).to.equal('off');
    expect(clock.pending()).to.deep.equal([]);
    expect(listening.size).to.equal(0);
    await waitUntil(async () => (await endpoint.requests())[0]!.aborted, 'the request is aborted', { timeout: 5000 });
    // The abort settles the fetch within a task: by the next frame, a poll that was to hear it has.
    await nextFrame();
    expect(heard).to.deep.equal([]);
    setVisibility('visible');
    expect(poll.state).to.equal('off');
    expect(await endpoint.requests()).to.have.length(1);
  });

  it('asks at once when the element is back in the page, on the schedule it began', async () => {
    const poll = start();
    await answered(1);
    clock.advance(FAST_POLL_FOR_MS - 1000);
    await answered(2);
    host.remove();
    clock.advance(5000);
    document.body.append(host);
    expect(poll.state).to.equal('asking');
    expect([...listening]).to.deep.equal([poll]);
    await answered(3);
    // Past the first minute since the first poll, moves included.
    expect(clock.pending()).to.deep.equal([SLOW_POLL_MS]);
  });

  it('stop() lets go of the element for good', async () => {
    const poll = start();
    await answered(1);
    poll.stop();
    expect(poll.state).to.equal('done');
    expect(clock.pending()).to.deep.equal([]);
    expect(listening.size).to.equal(0);
    host.remove();
    document.body.append(host);
    expect(poll.state).to.equal('done');
  });
});
