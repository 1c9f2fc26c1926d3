import { expect } from '@open-wc/testing';
import { COPIED_MS, CopiedFeedback } from './copied-feedback.js';
import { hostInPage, manualClock, type ControllerHost } from './test-helpers.js';

describe('CopiedFeedback', () => {
  let host: ControllerHost;
  let clock: ReturnType<typeof manualClock>;
  let copied: CopiedFeedback;

  beforeEach(async () => {
    host = await hostInPage();
    clock = manualClock();
    copied = new CopiedFeedback(host, clock);
  });
  afterEach(() => host.remove());

  it('shows for a moment after a copy, and asks its element to render both changes', async () => {
    const before = host.updates;
    copied.show();
    expect(copied.shown).to.equal(true);
    await host.updateComplete;
    clock.advance(COPIED_MS - 1);
    expect(copied.shown).to.equal(true);
    clock.advance(1);
    expect(copied.shown).to.equal(false);
    await host.updateComplete;
    expect(host.updates).to.equal(before + 2);
    expect(clock.pending()).to.deep.equal([]);
  });

  it('starts the moment again on another copy, with one timer', () => {
    copied.show();
    clock.advance(2000);
    copied.show();
    expect(clock.pending()).to.deep.equal([COPIED_MS]);
    clock.advance(2000);
    expect(copied.shown).to.equal(true);
    clock.advance(COPIED_MS - 2000);
    expect(copied.shown).to.equal(false);
  });

  it('ends the moment, timer included, when the element leaves the page', () => {
    copied.show();
    host.remove();
    expect(copied.shown).to.equal(false);
    expect(clock.pending()).to.deep.equal([]);
  });
});
