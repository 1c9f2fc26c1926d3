import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createSandbox, type Sandbox } from '../sandbox.js';
import { createClock, type Clock } from '../clock.js';
import { TxnStatus } from '../../server/enums.js';
import { merchantOrderId } from '../../server/order-id.js';
import { clientFor } from '../v3/test-helpers.js';
import { REFUND_STEPS_MS } from '../v3/handlers/refunds.js';
import { SANDBOX_ADMIN_TOKEN } from './clock-control.js';

/** The sandbox-only HTTP clock routes (docs/sandbox.md, "Test clock"): they drive the same rules as the programmatic clock. */
describe('test clock over HTTP', () => {
  const start = Date.UTC(2026, 2, 14, 12, 0, 0);
  let sandbox: Sandbox;
  before(async () => {
    sandbox = await createSandbox({ clock: createClock({ frozenAt: start }) });
  });
  after(() => sandbox.close());

  const call = async (path: string, body?: unknown, url = sandbox.url) => {
    const res = await fetch(
      `${url}${path}`,
      body === undefined
        ? {}
        : {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${SANDBOX_ADMIN_TOKEN}` },
            body: JSON.stringify(body),
          },
    );
    return { status: res.status, ...((await res.json()) as { code: number; message: string; data: { now: number } | null; time: number }) };
  };

  it('reads, advances and sets the clock; refuses bad input and going backwards', async () => {
    assert.equal((await call('/sandbox/clock')).data!.now, start);
    assert.equal((await call('/sandbox/clock/advance', { ms: 1_000 })).data!.now, start + 1_000);
    assert.equal((await call('/sandbox/clock/set', { now: start + 5_000 })).data!.now, start + 5_000);
    assert.equal(sandbox.clock.now(), start + 5_000);
    for (const [path, body] of [
      ['/sandbox/clock/advance', { ms: -1 }],
      ['/sandbox/clock/advance', { ms: '10' }],
      ['/sandbox/clock/set', { now: start }],
      ['/sandbox/clock/set', {}],
    ] as const) {
      const r = await call(path, body);
      assert.deepEqual([r.status, r.code], [400, 4002], `${path} ${JSON.stringify(body)}`);
    }
  });

  it('the console names the admin token as the caller, not as an unknown key', async () => {
    await call('/sandbox/clock/advance', { ms: 1 });
    const newest = sandbox.context.log.summaries().at(-1)!;
    assert.deepEqual([newest.path, newest.credential], ['/sandbox/clock/advance', 'sandbox admin token']);
  });

  it('time that passes between the request and the move gives 4002, never 500', async () => {
    // A clock on which a millisecond passes inside every set(), as real time may
    // between reading the clock and moving it.
    let t = start;
    const ticking: Clock = {
      now: () => t,
      advance(ms) {
        t += ms;
      },
      set(epochMs) {
        t += 1;
        if (epochMs < t) throw new RangeError('the sandbox clock never moves backwards');
        t = epochMs;
      },
      schedule() {
        return () => {};
      },
    };
    const moving = await createSandbox({ clock: ticking });
    try {
      const late = await call('/sandbox/clock/set', { now: t }, moving.url);
      assert.deepEqual([late.status, late.code, late.data], [400, 4002, null]);
      assert.equal(late.message, 'The sandbox clock never moves backwards.');
      const ahead = await call('/sandbox/clock/set', { now: t + 10 }, moving.url);
      assert.deepEqual([ahead.status, ahead.code, ahead.data?.now, ahead.time], [200, 200, t, t]);
    } finally {
      await moving.close();
    }
  });

  it('on a real-time clock, setting "now" answers 200 or 4002, never 500', async () => {
    const live = await createSandbox();
    try {
      for (let i = 0; i < 20; i++) {
        const { data } = await call('/sandbox/clock', undefined, live.url);
        const r = await call('/sandbox/clock/set', { now: data!.now + (i % 3) }, live.url);
        assert.ok((r.status === 200 && r.code === 200) || (r.status === 400 && r.code === 4002), `${r.status} ${r.code}`);
      }
    } finally {
      await live.close();
    }
  });

  it('advancing over HTTP moves a refund PENDING → PROCESSING → COMPLETED', async () => {
    const client = clientFor('ACCOUNT', sandbox.url, { now: () => sandbox.clock.now() });
    const refund = await client.refunds.create({
      original_settlement_id: 'stl_sandbox_inbound_fresh',
      merchant_order_id: merchantOrderId(sandbox.clock.now()),
      amount: '2.00',
    });
    const status = async () => (await client.refunds.statusCheck({ refund_id: refund.refund_id }))!.txn_status;
    assert.equal(await status(), TxnStatus.PENDING);
    await call('/sandbox/clock/advance', { ms: REFUND_STEPS_MS.processing });
    assert.equal(await status(), TxnStatus.PROCESSING);
    await call('/sandbox/clock/advance', { ms: REFUND_STEPS_MS.final });
    assert.equal(await status(), TxnStatus.COMPLETED);
  });
});
