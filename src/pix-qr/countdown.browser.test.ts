import { expect } from '@open-wc/testing';
import { Countdown } from './countdown.js';
import { hostInPage, manualClock, type ControllerHost } from './test-helpers.js';

describe('Countdown', () => {
  let host: ControllerHost;
  let clock: ReturnType<typeof manualClock>;
  let countdown: Countdown;
  /** What the countdown told, in order. */
  let told: string[];
  /** The time the countdown reads, in Unix ms: an instant a code could expire at, and a clock beside it. */
  const expiresAt = Date.UTC(2030, 0, 1, 12);
  let now: number;

  beforeEach(async () => {
    host = await hostInPage();
    clock = manualClock();
    told = [];
    countdown = new Countdown(host, { threshold: (s) => told.push(`threshold ${s}`), expire: () => told.push('expire') }, clock);
  });
  afterEach(() => host.remove());

  /** Moves both the page's clock and the countdown's timers on. */
  const wait = (ms: number) => {
    now += ms;
    clock.advance(ms);
  };

  it('reads whole seconds left, and reads again just after each whole second of them', () => {
    now = expiresAt - 302_400;
    countdown.start(expiresAt, () => now);
    expect(countdown.left).to.equal(303);
    // 0.4 s to the next whole second, plus a margin so the reading lands past it.
    expect(clock.pending()).to.deep.equal([420]);
    wait(420);
    expect(countdown.left).to.equal(302);
    expect(clock.pending()).to.deep.equal([1000]);
    expect(told).to.deep.equal([]);
  });

  it('tells each threshold passed while counting, once, then expires once and stops', () => {
    now = expiresAt - 301_000;
    countdown.start(expiresAt, () => now);
    wait(1000);
    expect(told).to.deep.equal([]);
    wait(1000);
    expect(told).to.deep.equal(['threshold 300']);
    // A tab that slept from 4:00 to 0:10 is told of the nearest threshold only.
    now = expiresAt - 240_500;
    clock.advance(1000);
    now = expiresAt - 10_000;
    clock.advance(1000);
    expect(told).to.deep.equal(['threshold 300', 'threshold 30']);
    wait(10_000);
    expect(countdown.left).to.equal(0);
    expect(told).to.deep.equal(['threshold 300', 'threshold 30', 'expire']);
    expect(clock.pending()).to.deep.equal([], 'no timer after expiry');
  });

  it('starts fresh on new terms: no threshold for the jump, and null stops it', () => {
    now = expiresAt - 400_000;
    countdown.start(expiresAt, () => now);
    now = expiresAt - 20_000;
    countdown.start(expiresAt, () => now);
    expect(told).to.deep.equal([]);
    expect(countdown.left).to.equal(20);
    countdown.start(null, () => now);
    expect(countdown.left).to.equal(null);
    expect(clock.pending()).to.deep.equal([]);
  });

  it('expires at once when started past its time', () => {
    now = expiresAt + 5000;
    countdown.start(expiresAt, () => now);
    expect(countdown.left).to.equal(0);
    expect(told).to.deep.equal(['expire']);
    expect(clock.pending()).to.deep.equal([]);
  });

  it('asks its element to render each reading', async () => {
    now = expiresAt - 60_000;
    const before = host.updates;
    countdown.start(expiresAt, () => now);
    await host.updateComplete;
    wait(1020);
    await host.updateComplete;
    expect(host.updates).to.equal(before + 2);
  });

  it('stops its timer when the element leaves the page, and reads the clock at once when it is back', () => {
    now = expiresAt - 100_000;
    countdown.start(expiresAt, () => now);
    host.remove();
    expect(clock.pending()).to.deep.equal([]);
    now = expiresAt - 55_000;
    document.body.append(host);
    expect(countdown.left).to.equal(55);
    expect(told).to.deep.equal(['threshold 60'], 'what passed while away, once');
    expect(clock.pending()).to.deep.equal([1020]);
  });

  it('sets no timer while out of the page', () => {
    host.remove();
    now = expiresAt - 100_000;
    countdown.start(expiresAt, () => now);
    expect(countdown.left).to.equal(100);
    expect(clock.pending()).to.deep.equal([]);
  });
});
