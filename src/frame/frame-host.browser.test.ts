import { expect } from '@open-wc/testing';
import { css } from '@lit/reactive-element/css-tag.js';
import { AbortableTask } from '../form/abortable-task.js';
import { FrameHost } from './frame-host.js';

/** A host that records each update, and can ask for one more from inside an update. */
class RecordingHost extends FrameHost {
  updates = 0;
  again = false;
  constructor() {
    super(css`
      :host {
        display: block;
        color: rgb(1, 2, 3);
      }
    `);
  }
  protected override update(): void {
    this.updates += 1;
    if (this.again) {
      this.again = false;
      this.requestUpdate();
    }
  }
}
customElements.define('recording-frame-host', RecordingHost);

const host = () => document.body.appendChild(document.createElement('recording-frame-host') as RecordingHost);

describe('FrameHost', () => {
  afterEach(() => document.querySelectorAll('recording-frame-host').forEach((el) => el.remove()));

  it('adopts its styles into an open shadow root', () => {
    const el = host();
    expect(el.shadowRoot).to.equal(el.renderRoot);
    expect(getComputedStyle(el).color).to.equal('rgb(1, 2, 3)');
  });

  it('runs the updates asked for in one task once, and settles updateComplete after it', async () => {
    const el = host();
    el.requestUpdate();
    el.requestUpdate();
    expect(el.updates).to.equal(0);
    expect(await el.updateComplete).to.equal(true);
    expect(el.updates).to.equal(1);
    el.requestUpdate();
    await el.updateComplete;
    expect(el.updates).to.equal(2);
  });

  it('runs an update asked for during an update, and says so as Lit does', async () => {
    const el = host();
    el.again = true;
    el.requestUpdate();
    expect(await el.updateComplete).to.equal(false);
    expect(await el.updateComplete).to.equal(true);
    expect(el.updates).to.equal(2);
  });

  it('tells its controllers it left the page: a task in flight is aborted', async () => {
    const el = host();
    const task = new AbortableTask<string>(el);
    const job = task.run((signal) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason))));
    el.remove();
    const error = await job.catch((reason: unknown) => reason);
    expect((error as DOMException).name).to.equal('AbortError');
    expect(task.pending).to.equal(null);
  });
});
